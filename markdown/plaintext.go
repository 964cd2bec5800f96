package markdown

import (
	"strings"

	"github.com/stgy/stgypub"
)

// PlainText converts a Markdown body to plain text for search and KWIC: no
// markup, text of code blocks, tables, raw
// HTML blocks and footnotes included, image alt text and URLs not, white
// space collapsed to single spaces, in Unicode NFC (so search matches
// canonically equivalent text; queries are normalized alike). Invalid UTF-8
// becomes U+FFFD.
func PlainText(src string) string {
	p, err := parseBody(validUTF8(src), RenderBudget)
	if err != nil {
		// Too complex to parse in time: the text as written.
		return stgypub.SearchText(stgypub.CollapseSpace(strings.TrimPrefix(validUTF8(src), "\uFEFF")))
	}
	blocks := collectBlocks(p, -1, true)
	var b strings.Builder
	for _, bl := range blocks {
		if bl.kind == kindImage {
			continue
		}
		b.WriteString(bl.text)
		b.WriteByte(' ')
	}
	return stgypub.SearchText(stgypub.CollapseSpace(b.String()))
}
