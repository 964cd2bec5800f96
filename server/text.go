package server

import (
	"encoding/json"
	"html/template"
	"strings"
	"unicode"

	"github.com/stgy/stgypub/markdown"
)

// collapseSpace turns every run of white space into one space and trims.
func collapseSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// trustedHTML marks markdown-package output (sanitized with bluemonday)
// as safe for templates. Nothing else may pass through here.
func trustedHTML(s string) template.HTML { return template.HTML(s) } //nolint:gosec // sanitized upstream

// descriptionMaxLen is the card description limit of
// markdown.SnippetSummary, in code points.
const descriptionMaxLen = 300

// truncateEllipsis cuts s like markdown.Truncate and, only when something
// was cut, ends it with "…" while staying within n code points.
func truncateEllipsis(s string, n int) string {
	t := markdown.Truncate(s, n)
	if len(t) == len(s) || n <= 0 {
		return t
	}
	return strings.TrimRightFunc(markdown.Truncate(t, n-1), unicode.IsSpace) + "…"
}

// snippetDescription is the card description of a snippet: desc, the
// description markdown.SnippetSummary gave, unless that was cut from a
// longer first paragraph; then the paragraph cut with a trailing "…".
func snippetDescription(snippet, desc string) string {
	if desc == "" {
		return desc
	}
	var blocks []struct {
		T string `json:"t"`
		C string `json:"c"`
	}
	if json.Unmarshal([]byte(snippet), &blocks) != nil {
		return desc
	}
	for _, b := range blocks {
		if b.T != "p" {
			continue
		}
		if src := collapseSpace(b.C); src != "" {
			if len(src) > len(desc) {
				return truncateEllipsis(src, descriptionMaxLen)
			}
			return desc
		}
	}
	return desc
}
