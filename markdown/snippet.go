package markdown

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/stgy/stgypub"
)

// The snippet's format is defined at the root (stgypub.SnippetBlock,
// docs/SPEC.md#snippet); this file writes it.

// SnippetMaxLen is stgypub.SnippetMaxLen, the maximum length of a snippet
// in code points.
const SnippetMaxLen = stgypub.SnippetMaxLen

// A table in a snippet keeps its first snippetTableRows rows (the header
// and four more), snippetTableCols columns and cells of at most
// snippetCellLen code points: enough to look like the table it starts.
const (
	snippetTableRows = 5
	snippetTableCols = 6
	snippetCellLen   = 60
)

// snippetRows cuts a table's rows to the snippet's bounds.
func snippetRows(rows [][]string) [][]string {
	out := make([][]string, len(rows))
	for i, r := range rows {
		r = r[:min(len(r), snippetTableCols)]
		cells := make([]string, len(r))
		for j, c := range r {
			cells[j] = stgypub.TruncateEllipsis(stgypub.CollapseSpace(c), snippetCellLen)
		}
		out[i] = cells
	}
	return out
}

// minCutRunes is the shortest useful cut text block.
const minCutRunes = 8

// buildSnippet serializes blocks within SnippetMaxLen code points.
func buildSnippet(blocks []block) string {
	var out strings.Builder
	out.WriteByte('[')
	total := 2 // "[" and "]"
	for _, b := range blocks {
		sb := toSnippetBlock(b)
		enc := encodeBlock(sb)
		sep := 0
		if total > 2 {
			sep = 1
		}
		n := utf8.RuneCountInString(enc)
		if total+sep+n > SnippetMaxLen {
			if sb.T != kindImage && sb.T != kindTable {
				if cut, ok := cutToFit(sb, SnippetMaxLen-total-sep); ok {
					if sep == 1 {
						out.WriteByte(',')
					}
					out.WriteString(cut)
				}
			}
			break
		}
		if sep == 1 {
			out.WriteByte(',')
		}
		out.WriteString(enc)
		total += sep + n
	}
	out.WriteByte(']')
	return out.String()
}

// cutToFit shortens sb.C (ending it with "…") to the longest prefix whose
// encoding takes at most room code points, by binary search on the text
// length (escapes make the encoded length non-linear). ok is false when
// fewer than minCutRunes code points would remain.
func cutToFit(sb stgypub.SnippetBlock, room int) (enc string, ok bool) {
	lo, hi := minCutRunes, min(utf8.RuneCountInString(sb.C), room)
	for lo <= hi {
		mid := (lo + hi) / 2
		c := sb
		c.C = stgypub.TruncateEllipsis(sb.C, mid)
		e := encodeBlock(c)
		if utf8.RuneCountInString(e) <= room {
			enc, ok = e, true
			lo = mid + 1
		} else {
			hi = mid - 1
		}
	}
	return enc, ok
}

func toSnippetBlock(b block) stgypub.SnippetBlock {
	switch b.kind {
	case kindImage:
		return stgypub.SnippetBlock{T: kindImage, Src: b.img.src, Alt: stgypub.CollapseSpace(b.img.alt)}
	case kindCode:
		return stgypub.SnippetBlock{T: kindCode, C: b.text}
	case kindHeading:
		return stgypub.SnippetBlock{T: kindHeading, L: b.level, C: stgypub.CollapseSpace(b.text)}
	case kindTable:
		return stgypub.SnippetBlock{T: kindTable, Rows: snippetRows(b.rows), C: stgypub.CollapseSpace(strings.ReplaceAll(b.text, "\n", " / "))}
	}
	return stgypub.SnippetBlock{T: b.kind, C: stgypub.CollapseSpace(b.text)}
}

// encodeBlock writes compact JSON without HTML escaping (< > & stay one
// code point each).
func encodeBlock(sb stgypub.SnippetBlock) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(sb) // cannot fail for this struct
	return strings.TrimSuffix(buf.String(), "\n")
}
