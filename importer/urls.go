package importer

import (
	"html"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/stgy/stgypub/markdown"
)

// resolveURLs rewrites the relative references of a Markdown source into
// absolute URLs against base (issue 9 #5: an imported post's relative
// links and images would otherwise point at this server and 404):
//
//   - inline link and image destinations, "[text](dest)" and
//     "![alt](dest)", where the parser saw a link (markdown.FindLinkSites;
//     a link with empty text is left alone);
//   - link reference definitions, "[label]: dest", at the start of a line
//     outside paragraph text;
//   - href, src, poster, cite and srcset attributes of raw HTML tags.
//
// Code spans and code blocks are never touched. Fragment-only references
// ("#section") stay as they are: they point into the article itself.
// References with a scheme (https:, mailto:) are already absolute; a
// destination holding a backslash escape or an entity is left alone (its
// decoded form is not the text). base nil leaves src unchanged. A source
// too complex to parse in time is markdown.ErrTooComplex.
func resolveURLs(src string, base *url.URL) (string, error) {
	if base == nil {
		return src, nil
	}
	return rewriteURLs(src, base, nil)
}

// relativeBase stands for "no base URL" when relativeRefs looks for the
// references resolveURLs would rewrite.
var relativeBase = &url.URL{Scheme: "http", Host: "relative.invalid", Path: "/"}

// relativeRefs lists, in source order and without repeats, the
// references resolveURLs would make absolute: the relative links and
// images of src. Scheme-relative ("//host/x") references and root paths
// of this server's own pages ("/", "/pub/…", "/sites/…") are left out:
// they point at something that exists without a base URL.
func relativeRefs(src string) ([]string, error) {
	var refs []string
	_, err := rewriteURLs(src, relativeBase, func(ref string) {
		ref = strings.TrimSpace(ref)
		if strings.HasPrefix(ref, "//") || ref == "/" || strings.HasPrefix(ref, "/pub/") || strings.HasPrefix(ref, "/sites/") ||
			slices.Contains(refs, ref) {
			return
		}
		refs = append(refs, ref)
	})
	return refs, err
}

// rewriteURLs is resolveURLs; seen (when not nil) is called with each
// reference it makes absolute, as written.
func rewriteURLs(src string, base *url.URL, seen func(ref string)) (string, error) {
	resolve := func(ref string) (string, bool) {
		abs, ok := resolveRef(ref, base)
		if ok && seen != nil {
			seen(ref)
		}
		return abs, ok
	}
	regions, err := markdown.SourceRegions(src)
	if err != nil {
		return src, err
	}
	sites, err := markdown.FindLinkSites(src)
	if err != nil {
		return src, err
	}
	type edit struct {
		start, end int
		text       string
	}
	var edits []edit
	add := func(start, end int, text string) {
		edits = append(edits, edit{start, end, text})
	}
	// Inline destinations after "](" in prose.
	for i := 0; ; {
		j := strings.Index(src[i:], "](")
		if j < 0 {
			break
		}
		at := i + j
		i = at + 2
		want, isLink := sites.Inline[at]
		if !isLink {
			continue // not a link the parser saw: text
		}
		start, end, angle, ok := scanDestination(src, at+2)
		if !ok || escaped(src[start:end]) || src[start:end] != want || !closesLink(src, end, angle) {
			continue // a reference link followed by "(" text, or escapes
		}
		if abs, ok := resolve(src[start:end]); ok {
			if !angle && strings.ContainsAny(abs, " <>") {
				abs = "<" + abs + ">"
			}
			add(start, end, abs)
		}
	}
	// Link reference definitions.
	for _, m := range refDefinition.FindAllStringSubmatchIndex(src, -1) {
		if markdown.RegionAt(regions, m[0]) != 0 || sites.InText(m[2]) {
			continue
		}
		start, end := m[2], m[3]
		dest := src[start:end]
		if strings.HasPrefix(dest, "<") && strings.HasSuffix(dest, ">") {
			start, end = start+1, end-1
		}
		if escaped(src[start:end]) {
			continue
		}
		if abs, ok := resolve(src[start:end]); ok {
			add(start, end, abs)
		}
	}
	// Raw HTML tags, in HTML blocks and inline.
	for _, t := range htmlTag.FindAllStringIndex(src, -1) {
		if k := markdown.RegionAt(regions, t[0]); k != markdown.RegionHTMLBlock && k != markdown.RegionHTMLTag {
			continue
		}
		tag := src[t[0]:t[1]]
		for _, a := range urlAttr.FindAllStringSubmatchIndex(tag, -1) {
			name := strings.ToLower(tag[a[2]:a[3]])
			vs, ve := a[4], a[5]
			if q := tag[vs]; q == '"' || q == '\'' {
				vs, ve = vs+1, ve-1
			}
			raw := html.UnescapeString(tag[vs:ve])
			var out string
			var ok bool
			if name == "srcset" {
				out, ok = resolveSrcset(raw, base)
				if ok && seen != nil {
					for _, c := range strings.Split(raw, ",") {
						if f := strings.Fields(c); len(f) > 0 {
							if _, rel := resolveRef(f[0], base); rel {
								seen(f[0])
							}
						}
					}
				}
			} else {
				out, ok = resolve(raw)
			}
			if ok {
				add(t[0]+vs, t[0]+ve, html.EscapeString(out))
			}
		}
	}
	if len(edits) == 0 {
		return src, nil
	}
	slices.SortStableFunc(edits, func(a, b edit) int { return a.start - b.start })
	var b strings.Builder
	b.Grow(len(src) + 32*len(edits))
	last := 0
	for _, e := range edits {
		if e.start < last {
			continue // overlapping matches: keep the first
		}
		b.WriteString(src[last:e.start])
		b.WriteString(e.text)
		last = e.end
	}
	b.WriteString(src[last:])
	return b.String(), nil
}

var (
	// refDefinition matches "[label]: dest" at a line start (up to three
	// spaces of indent), the destination possibly on the next line; group
	// 1 is the destination.
	refDefinition = regexp.MustCompile(`(?m)^ {0,3}\[(?:[^\]\\\n]|\\.){1,999}\]:[ \t]*(?:\n[ \t]*)?(<[^<>\n]*>|[^\s<][^\s]*)`)
	// htmlTag matches one start tag.
	htmlTag = regexp.MustCompile(`<[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?>`)
	// urlAttr matches a URL attribute and its value (quoted or not).
	urlAttr = regexp.MustCompile(`(?i)\s(href|src|poster|cite|srcset)\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>` + "`" + `]+)`)
)

// scanDestination reads a CommonMark inline link destination starting at
// src[i] (after "](", blanks and one line break allowed before it):
// "<...>" or a run without spaces or control characters whose parentheses
// balance. It returns the destination's byte range (without the angle
// brackets) and whether it was bracketed.
func scanDestination(src string, i int) (start, end int, angle, ok bool) {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	if i < len(src) && src[i] == '\n' {
		i++
		for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
			i++
		}
	}
	if i >= len(src) {
		return 0, 0, false, false
	}
	if src[i] == '<' {
		j := strings.IndexAny(src[i+1:], "<>\n")
		if j < 0 || src[i+1+j] != '>' {
			return 0, 0, false, false
		}
		return i + 1, i + 1 + j, true, true
	}
	depth := 0
	j := i
	for ; j < len(src); j++ {
		c := src[j]
		if c <= ' ' || c == 0x7f {
			break
		}
		if c == '\\' && j+1 < len(src) {
			j++
			continue
		}
		if c == '(' {
			depth++
		} else if c == ')' {
			if depth == 0 {
				break
			}
			depth--
		}
	}
	if j == i || depth != 0 {
		return 0, 0, false, false
	}
	return i, j, false, true
}

// escaped reports whether a Markdown destination holds a backslash escape
// or an entity reference: its decoded form is not its text, so it is left
// as written.
func escaped(dest string) bool { return strings.ContainsAny(dest, "\\&") }

// closesLink reports whether the destination ending at end (before its
// ">" when angle) is followed by an optional title and the ")" that closes
// an inline link.
func closesLink(src string, end int, angle bool) bool {
	if angle {
		end++
	}
	rest := strings.TrimLeft(src[end:], " \t")
	rest = strings.TrimPrefix(rest, "\n")
	rest = strings.TrimLeft(rest, " \t")
	if strings.HasPrefix(rest, ")") {
		return true
	}
	if rest == "" {
		return false
	}
	closing := map[byte]byte{'"': '"', '\'': '\'', '(': ')'}[rest[0]]
	if closing == 0 {
		return false
	}
	for i := 1; i < len(rest); i++ {
		switch rest[i] {
		case '\\':
			i++
		case closing:
			return strings.HasPrefix(strings.TrimLeft(rest[i+1:], " \t\n"), ")")
		}
	}
	return false
}

// resolveRef makes ref (decoded text) absolute against base. ok is false
// when ref needs no change or must not be changed: empty, fragment-only,
// already with a scheme, or unparsable.
func resolveRef(ref string, base *url.URL) (string, bool) {
	ref = strings.TrimSpace(ref)
	if ref == "" || strings.HasPrefix(ref, "#") {
		return "", false
	}
	u, err := url.Parse(ref)
	if err != nil || u.Scheme != "" {
		return "", false
	}
	// Resolve the path only and keep the query and fragment as written
	// (url.URL.String would percent-encode a fragment such as "#弱い検証").
	pathPart, rest := ref, ""
	if i := strings.IndexAny(ref, "?#"); i >= 0 {
		pathPart, rest = ref[:i], ref[i:]
	}
	if strings.HasPrefix(pathPart, "//") {
		return base.Scheme + ":" + ref, true
	}
	p, err := url.Parse(pathPart)
	if err != nil {
		return "", false
	}
	r := base.ResolveReference(p)
	return r.Scheme + "://" + r.Host + r.EscapedPath() + rest, true
}

// resolveSrcset resolves each candidate URL of a srcset list ("a.png 1x,
// b.png 2x").
func resolveSrcset(v string, base *url.URL) (string, bool) {
	parts := strings.Split(v, ",")
	changed := false
	for i, p := range parts {
		f := strings.Fields(p)
		if len(f) == 0 {
			continue
		}
		if abs, ok := resolveRef(f[0], base); ok {
			f[0] = abs
			changed = true
		}
		parts[i] = strings.Join(f, " ")
	}
	return strings.Join(parts, ", "), changed
}
