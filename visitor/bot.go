package visitor

import (
	_ "embed"
	"encoding/json"
	"regexp"
	"strings"
	"sync"

	lru "github.com/hashicorp/golang-lru/v2"
)

// caseInsensitive makes every crawler pattern case-insensitive (IsBot).
const caseInsensitive = "(?i)"

// crawlersJSON is crawler-user-agents 1.60.0 (MIT, see LICENSE beside it)
// with one column added, "family" (Family): a JSON array of {"pattern":
// Go/RE2-or-PCRE regexp, "family": "SEARCH"|"SOCIAL"|"AI"|"OTHER",
// "instances": [...], "tags": [...]}.
//
//go:embed crawlers.json
var crawlersJSON []byte

// uaCacheSize bounds the cache of recent verdicts; uaCacheMaxLen keeps
// giant User-Agent strings out of it.
const (
	uaCacheSize   = 4096
	uaCacheMaxLen = 512
)

// BotPatterns describes the compiled crawler-user-agents list.
type BotPatterns struct {
	Total    int      // patterns in crawlers.json
	Compiled int      // patterns compiled by Go's RE2 regexp and in use
	Skipped  []string // patterns RE2 rejects (look-arounds, back-references)
	ix       *patternIndex
	families []Family // per compiled pattern, in ix order
	aiTokens []string // AIRobotsTokens
	cache    *lru.Cache[string, Family]
}

var botPatterns = sync.OnceValue(func() *BotPatterns {
	var entries []struct {
		Pattern string `json:"pattern"`
		Family  string `json:"family"`
	}
	if err := json.Unmarshal(crawlersJSON, &entries); err != nil {
		panic("visitor: embedded crawlers.json: " + err.Error()) // build-time data
	}
	bp := &BotPatterns{Total: len(entries)}
	parts := make([]string, 0, len(entries))
	seen := map[string]bool{}
	for _, e := range entries {
		f := parseFamilyColumn(e.Family)
		if f == FamilyAI {
			if tok := robotsToken(e.Pattern); tok != "" && !seen[strings.ToLower(tok)] {
				seen[strings.ToLower(tok)] = true
				bp.aiTokens = append(bp.aiTokens, tok)
			}
		}
		if _, err := regexp.Compile(caseInsensitive + e.Pattern); err != nil {
			bp.Skipped = append(bp.Skipped, e.Pattern)
			continue
		}
		parts = append(parts, e.Pattern)
		bp.families = append(bp.families, f)
	}
	bp.Compiled = len(parts)
	bp.ix = newPatternIndex(parts)
	bp.cache, _ = lru.New[string, Family](uaCacheSize)
	return bp
})

// Patterns returns the compiled crawler pattern list (compiled once, on
// first use).
func Patterns() *BotPatterns { return botPatterns() }

// IsBot reports whether userAgent identifies itself as a bot, crawler,
// link previewer or tool. One case rule holds for the whole list: every
// check is case-insensitive, as docs/SPEC.md#bot-exclusion says of its
// keywords, so "Curl/8.5.0" and "Python-Requests/2.31" are tools like
// "curl/8.5.0". The checks: the specified keywords (bot, crawler, spider,
// slurp, facebookexternalhit, bingpreview; see botKeywords for the word
// and device-model rules that keep phones such as CUBOT counted), the
// crawler-user-agents patterns, and the HTTP client libraries and API
// tools that list leaves out (tools.go). An empty or all-blank User-Agent counts as
// a bot: browsers always send one, scripts often do not. Verdicts for
// recent User-Agents are cached in a small LRU, so repeated browsers cost
// one map lookup. docs/SPEC.md#bot-exclusion lists the rules.
func IsBot(userAgent string) bool { return BotFamily(userAgent) != NotBot }

// BotFamily is IsBot's verdict with the bot's family: NotBot for a
// reader, else the family of the first crawler pattern that matches
// (crawlers.json's "family" column), FamilyOther for tools, keyword
// matches and empty User-Agents. The same one rule as IsBot, so a
// request is a view exactly when it is not a crawl
// (docs/SPEC.md#crawler-report).
func BotFamily(userAgent string) Family {
	if strings.TrimSpace(userAgent) == "" {
		return FamilyOther
	}
	bp := botPatterns()
	cacheable := len(userAgent) <= uaCacheMaxLen
	if cacheable {
		if v, ok := bp.cache.Get(userAgent); ok {
			return v
		}
	}
	var buf [uaCacheMaxLen]byte
	lower := foldASCII(buf[:0], userAgent)
	v := NotBot
	if i := bp.ix.match(userAgent, lower); i >= 0 {
		v = bp.families[i]
	} else if isTool(lower) || hasBotKeyword(lower) { // hasBotKeyword masks device models in lower: runs last
		v = FamilyOther
	}
	if cacheable {
		bp.cache.Add(userAgent, v)
	}
	return v
}

// foldASCII appends s to dst with ASCII letters lower-cased, and the two
// non-ASCII letters whose case fold is an ASCII letter (U+212A KELVIN
// SIGN, U+017F LATIN SMALL LETTER LONG S) replaced by it, so that a
// literal search in the result finds whatever a case-insensitive RE2
// pattern finds.
func foldASCII(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		case c == 0xE2 && strings.HasPrefix(s[i:], "\u212A"):
			dst = append(dst, 'k')
			i += 2
			continue
		case c == 0xC5 && strings.HasPrefix(s[i:], "\u017F"):
			dst = append(dst, 's')
			i++
			continue
		}
		dst = append(dst, c)
	}
	return dst
}
