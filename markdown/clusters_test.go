package markdown

// Grapheme clusters of several shapes, for the KWIC, snippet and grapheme
// tests.
const (
	family  = "👨‍👩‍👧‍👦" // 7 code points, one cluster
	flagJP  = "🇯🇵"      // 2 code points, one cluster
	eAcute  = "e\u0301" // 2 code points, one cluster
	zalgo   = "a\u0300\u0301\u0302\u0303"
	thumbUp = "👍🏽" // emoji + skin tone modifier
)
