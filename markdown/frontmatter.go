package markdown

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

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
	// Tags are the "tags" and then "categories" values (Hugo, Jekyll):
	// lists or comma-separated strings, as written; the importer applies
	// stgypub.ImportTags.
	Tags []string
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
	fm, body, err := ParseFrontMatter(src)
	var fe *FrontMatterError
	if errors.As(err, &fe) && fe.Field == "" {
		return FrontMatter{}, src
	}
	return fm, body
}

// FrontMatterError is ParseFrontMatter's error: Field is "" when the
// block does not parse, else the key whose value is invalid ("date").
type FrontMatterError struct {
	Field  string
	Reason string
}

func (e *FrontMatterError) Error() string {
	if e.Field == "" {
		return "front matter: " + e.Reason
	}
	return "front matter " + e.Field + ": " + e.Reason
}

// ParseFrontMatter is SplitFrontMatter for an import, strict where a
// mistake would otherwise be stored silently: a block between "---" (or
// "+++") lines that does not parse as YAML (TOML) is a
// *FrontMatterError, and so is a "date" that is present but not a valid
// date (2024-13-45, 2024-02-30, "soon"; the other fields and the body are
// then returned too, with a zero Date). A missing closing line, an
// over-long block and a block that parses as something other than a
// mapping are still no front matter (src returned whole): such a file
// is Markdown starting with a thematic break.
func ParseFrontMatter(src string) (fm FrontMatter, body string, err error) {
	s := strings.TrimPrefix(src, "\uFEFF")
	first, rest, ok := cutLine(s)
	if !ok {
		return FrontMatter{}, src, nil
	}
	delim := strings.TrimRight(first, " \t")
	if delim != "---" && delim != "+++" {
		return FrontMatter{}, src, nil
	}
	var block strings.Builder
	for {
		line, next, ok := cutLine(rest)
		if !ok && line == "" {
			return FrontMatter{}, src, nil // no closing line
		}
		if t := strings.TrimRight(line, " \t"); t == delim || delim == "---" && t == "..." {
			body = next
			break
		}
		block.WriteString(line)
		block.WriteByte('\n')
		if block.Len() > maxFrontMatter || !ok {
			return FrontMatter{}, src, nil
		}
		rest = next
	}
	parse := parseYAMLMap
	if delim == "+++" {
		parse = parseTOMLMap
	}
	values, perr := parse(block.String())
	if perr != nil {
		if errors.Is(perr, errNotMapping) {
			return FrontMatter{}, src, nil
		}
		return FrontMatter{}, src, &FrontMatterError{Reason: perr.Error()}
	}
	fm.Title = stgypub.CollapseSpace(stringValue(values["title"]))
	if d, ok := values["date"]; ok && d != nil && stringValue(d) != "" {
		if fm.Date = dateValue(d); fm.Date.IsZero() {
			err = &FrontMatterError{Field: "date",
				Reason: fmt.Sprintf("%q is not a valid date; write YYYY-MM-DD (or RFC 3339) with a real month and day", clipValue(stringValue(d)))}
		}
	}
	fm.Locale = strings.TrimSpace(firstString(values, "locale", "lang"))
	fm.Summary = stgypub.CollapseSpace(firstString(values, "summary", "description"))
	fm.Slug = strings.TrimSpace(stringValue(values["slug"]))
	fm.Source = strings.TrimSpace(stringValue(values["source"]))
	fm.BaseURL = strings.TrimSpace(firstString(values, "base_url", "baseURL"))
	fm.Tags = append(listValue(values["tags"]), listValue(values["categories"])...)
	return fm, body, err
}

// clipValue shortens an echoed value to 40 bytes on a rune boundary.
func clipValue(s string) string {
	if len(s) <= 40 {
		return s
	}
	n := 40
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// errNotMapping: the block parsed, but not as a mapping.
var errNotMapping = errors.New("not a mapping")

// cutLine splits off the first line of s without its "\n" or "\r\n"; ok
// is false when s has no line break (line is then all of s).
func cutLine(s string) (line, rest string, ok bool) {
	i := strings.IndexByte(s, '\n')
	if i < 0 {
		return s, "", false
	}
	return strings.TrimSuffix(s[:i], "\r"), s[i+1:], true
}

// parseYAMLMap decodes a YAML mapping: errNotMapping when the block is
// YAML but not a mapping, another error when it does not parse (or the
// YAML library panics).
func parseYAMLMap(text string) (m map[string]any, err error) {
	defer func() {
		if recover() != nil {
			m, err = nil, errors.New("the YAML block cannot be read")
		}
	}()
	if strings.TrimSpace(text) == "" {
		return map[string]any{}, nil
	}
	var v any
	if err := yaml.Unmarshal([]byte(text), &v); err != nil {
		return nil, fmt.Errorf("the YAML block does not parse: %s", firstLine(err.Error()))
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, errNotMapping
	}
	return m, nil
}

// firstLine is s up to its first line break (YAML errors add a source
// excerpt on later lines).
func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

func firstString(m map[string]any, keys ...string) string {
	for _, k := range keys {
		if s := stringValue(m[k]); s != "" {
			return s
		}
	}
	return ""
}

// parseTOMLMap decodes a TOML table (BurntSushi/toml); a failure (or a
// panic inside the library) is an error.
func parseTOMLMap(text string) (m map[string]any, err error) {
	defer func() {
		if recover() != nil {
			m, err = nil, errors.New("the TOML block cannot be read")
		}
	}()
	if _, err := toml.Decode(text, &m); err != nil {
		return nil, fmt.Errorf("the TOML block does not parse: %s", firstLine(err.Error()))
	}
	if m == nil {
		m = map[string]any{}
	}
	return m, nil
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

// listValue is a front-matter list of scalars (or one scalar) as strings.
func listValue(v any) []string {
	switch v := v.(type) {
	case nil:
		return nil
	case []any:
		var out []string
		for _, e := range v {
			if s := stringValue(e); s != "" {
				out = append(out, s)
			}
		}
		return out
	case []string:
		return v
	}
	if s := stringValue(v); s != "" {
		return []string{s}
	}
	return nil
}
