package markdown

import (
	"fmt"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/goccy/go-yaml"

	"github.com/stgy/stgypub"
)

// FrontMatter is what import needs from a file's front matter (YAML, or
// TOML as Hugo writes it). Go blog articles carry title/date/by/summary;
// MDN pages title/slug/l10n.
// source and base_url are this project's keys (docs/API.md "Import").
type FrontMatter struct {
	// Title is the "title" value, white space collapsed; "" if absent.
	Title string
	// Date is the "date" value (YYYY-MM-DD with or without zero padding,
	// RFC 3339, or "YYYY-MM-DD hh:mm[:ss]" read as UTC); zero if absent or
	// unparseable.
	Date time.Time
	// Locale is the "locale" value, else "lang"; "" if absent. It is
	// returned as written (e.g. "ja", "en-US").
	Locale string
	// Summary is the "summary" value (Go blog), else "description";
	// white space collapsed.
	Summary string
	// Slug is the "slug" value (MDN: the page path under /docs/), trimmed.
	Slug string
	// Source is the "source" value: the name of the importer's rewriter
	// for this file ("plain", "goblog", "mdn"), trimmed; "" if absent.
	Source string
	// BaseURL is the "base_url" value, else "baseURL": the URL relative
	// links and images of the file resolve against; trimmed.
	BaseURL string
}

// maxFrontMatter bounds the front-matter block; a longer one is not
// front matter.
const maxFrontMatter = 64 << 10

// SplitFrontMatter separates a leading front-matter block from the body:
// YAML between "---" lines (the closing line may also be "..."), or TOML
// between "+++" lines (Hugo's). CRLF line ends and a UTF-8 byte-order
// mark are tolerated. A missing closing line, a block that does not parse
// or is not a mapping is treated as no front matter: the zero FrontMatter
// and src returned whole. It never fails or panics.
func SplitFrontMatter(src string) (fm FrontMatter, body string) {
	s := strings.TrimPrefix(src, "\uFEFF")
	first, rest, ok := cutLine(s)
	if !ok {
		return FrontMatter{}, src
	}
	delim := strings.TrimRight(first, " \t")
	if delim != "---" && delim != "+++" {
		return FrontMatter{}, src
	}
	var block strings.Builder
	for {
		line, next, ok := cutLine(rest)
		if !ok && line == "" {
			return FrontMatter{}, src // no closing line
		}
		if t := strings.TrimRight(line, " \t"); t == delim || delim == "---" && t == "..." {
			body = next
			break
		}
		block.WriteString(line)
		block.WriteByte('\n')
		if block.Len() > maxFrontMatter || !ok {
			return FrontMatter{}, src
		}
		rest = next
	}
	parse := parseYAMLMap
	if delim == "+++" {
		parse = parseTOMLMap
	}
	values, ok := parse(block.String())
	if !ok {
		return FrontMatter{}, src
	}
	fm.Title = stgypub.CollapseSpace(stringValue(values["title"]))
	fm.Date = dateValue(values["date"])
	fm.Locale = strings.TrimSpace(firstString(values, "locale", "lang"))
	fm.Summary = stgypub.CollapseSpace(firstString(values, "summary", "description"))
	fm.Slug = strings.TrimSpace(stringValue(values["slug"]))
	fm.Source = strings.TrimSpace(stringValue(values["source"]))
	fm.BaseURL = strings.TrimSpace(firstString(values, "base_url", "baseURL"))
	return fm, body
}

// cutLine splits off the first line of s without its "\n" or "\r\n"; ok
// is false when s has no line break (line is then all of s).
func cutLine(s string) (line, rest string, ok bool) {
	i := strings.IndexByte(s, '\n')
	if i < 0 {
		return s, "", false
	}
	return strings.TrimSuffix(s[:i], "\r"), s[i+1:], true
}

// parseYAMLMap decodes a YAML mapping; any failure (or a panic inside the
// YAML library) gives ok == false.
func parseYAMLMap(text string) (m map[string]any, ok bool) {
	defer func() {
		if recover() != nil {
			m, ok = nil, false
		}
	}()
	if strings.TrimSpace(text) == "" {
		return map[string]any{}, true
	}
	if err := yaml.Unmarshal([]byte(text), &m); err != nil || m == nil {
		return nil, false
	}
	return m, true
}

func firstString(m map[string]any, keys ...string) string {
	for _, k := range keys {
		if s := stringValue(m[k]); s != "" {
			return s
		}
	}
	return ""
}

// parseTOMLMap decodes a TOML table (BurntSushi/toml); any failure (or
// a panic inside the library) gives ok == false.
func parseTOMLMap(text string) (m map[string]any, ok bool) {
	defer func() {
		if recover() != nil {
			m, ok = nil, false
		}
	}()
	if _, err := toml.Decode(text, &m); err != nil {
		return nil, false
	}
	if m == nil {
		m = map[string]any{}
	}
	return m, true
}

// stringValue renders scalars as text; lists, maps and null give "".
func stringValue(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case time.Time:
		return v.Format(time.RFC3339)
	case []any, map[string]any:
		return ""
	}
	return fmt.Sprint(v)
}

// dateLayouts are tried in order; "1" and "2" accept unpadded month and
// day ("2024-4-09" occurs in the Go blog).
var dateLayouts = []string{
	time.RFC3339Nano,
	"2006-1-2",
	"2006-01-02T15:04:05",
	"2006-01-02 15:04:05",
	"2006-01-02 15:04",
	"2006-01-02 15:04:05Z07:00",
	"2006-01-02 15:04:05 -0700",
}

func dateValue(v any) time.Time {
	switch v := v.(type) {
	case time.Time:
		return v
	case string:
		s := strings.TrimSpace(v)
		for _, layout := range dateLayouts {
			if t, err := time.Parse(layout, s); err == nil {
				return t
			}
		}
	}
	return time.Time{}
}
