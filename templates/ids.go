package templates

import (
	"bytes"
	"html"
	"strings"

	nethtml "golang.org/x/net/html"
)

// PageIDPrefix starts every id the page itself uses: those of the
// templates (none today) and those its scripts create (ui/static/pub.js:
// "stgy-x-widgets", "stgy-hatena-bookmark", "stgy-hatena-star", looked up
// with getElementById to load each widget once). Article and snippet
// HTML is user content and may carry any id the markdown sanitizer lets
// through (letters, digits, "_.:-"); ScopeIDs moves user ids out of this
// prefix so they can never shadow the page's own elements.
const PageIDPrefix = "stgy-"

// UserIDPrefix is put before a user id that starts with PageIDPrefix.
const UserIDPrefix = "user-content-"

// idRefAttrs refer to elements by a space-separated list of ids.
var idRefAttrs = map[string]bool{
	"headers": true, "for": true, "list": true,
	"aria-labelledby": true, "aria-describedby": true, "aria-controls": true, "aria-owns": true,
}

// ScopeIDs returns rendered user HTML (markdown output) with every id in
// the page's namespace (PageIDPrefix) renamed to UserIDPrefix+id, together
// with what refers to it inside the same HTML (href="#id" and the id-list
// attributes), so in-article links keep working. Everything else is
// copied byte for byte; HTML without PageIDPrefix is returned as is.
func ScopeIDs(s string) string {
	if !strings.Contains(s, PageIDPrefix) {
		return s
	}
	var out bytes.Buffer
	out.Grow(len(s) + 64)
	z := nethtml.NewTokenizer(strings.NewReader(s))
	for {
		tt := z.Next()
		if tt == nethtml.ErrorToken {
			break
		}
		if tt != nethtml.StartTagToken && tt != nethtml.SelfClosingTagToken {
			out.Write(z.Raw())
			continue
		}
		raw := z.Raw()
		if !bytes.Contains(raw, []byte(PageIDPrefix)) {
			out.Write(raw)
			continue
		}
		tok := z.Token()
		changed := false
		for i, a := range tok.Attr {
			if v, ok := scopeAttr(a.Key, a.Val); ok {
				tok.Attr[i].Val, changed = v, true
			}
		}
		if !changed {
			out.Write(raw)
			continue
		}
		writeTag(&out, tok, tt == nethtml.SelfClosingTagToken)
	}
	return out.String()
}

// scopeAttr renames the page-namespace ids in one attribute value.
func scopeAttr(key, val string) (string, bool) {
	switch {
	case key == "id":
		if strings.HasPrefix(val, PageIDPrefix) {
			return UserIDPrefix + val, true
		}
		return val, false
	case idRefAttrs[key]:
		fields := strings.Fields(val)
		changed := false
		for i, f := range fields {
			if strings.HasPrefix(f, PageIDPrefix) {
				fields[i], changed = UserIDPrefix+f, true
			}
		}
		if !changed {
			return val, false
		}
		return strings.Join(fields, " "), true
	case key == "href" && strings.HasPrefix(val, "#"+PageIDPrefix):
		return "#" + UserIDPrefix + val[1:], true
	}
	return val, false
}

// writeTag writes a start tag with its attributes, values escaped as the
// sanitizer does.
func writeTag(out *bytes.Buffer, tok nethtml.Token, selfClosing bool) {
	out.WriteByte('<')
	out.WriteString(tok.Data)
	for _, a := range tok.Attr {
		out.WriteByte(' ')
		out.WriteString(a.Key)
		out.WriteString(`="`)
		out.WriteString(html.EscapeString(a.Val))
		out.WriteByte('"')
	}
	if selfClosing {
		out.WriteByte('/')
	}
	out.WriteByte('>')
}
