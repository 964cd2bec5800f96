package markdown

import (
	"bytes"
	"net/url"
	"strings"

	nethtml "golang.org/x/net/html"
)

// absoluteAttrs are the attributes of sanitized HTML that hold one URL.
var absoluteAttrs = map[string]bool{"href": true, "src": true, "cite": true, "poster": true}

// AbsoluteURLs returns sanitized HTML (Render's output) with every
// relative URL in href, src, cite, poster and srcset resolved against
// base (an absolute URL, the page the HTML is shown on), for readers that
// show it away from that page (feed readers: docs/SPEC.md#feeds-and-sitemap).
// A fragment link "#x" becomes base + "#x". Absolute URLs, mailto: and
// the like are kept as they are, and so is an attribute that does not
// parse as a URL. Everything else is copied byte for byte.
func AbsoluteURLs(html string, base *url.URL) string {
	var out bytes.Buffer
	out.Grow(len(html) + len(html)/16)
	z := nethtml.NewTokenizer(strings.NewReader(html))
	for {
		tt := z.Next()
		if tt == nethtml.ErrorToken {
			break
		}
		raw := z.Raw()
		if tt != nethtml.StartTagToken && tt != nethtml.SelfClosingTagToken {
			out.Write(raw)
			continue
		}
		tok := z.Token()
		changed := false
		for i, a := range tok.Attr {
			var v string
			var ok bool
			switch {
			case absoluteAttrs[a.Key]:
				v, ok = absolute(a.Val, base)
			case a.Key == "srcset":
				v, ok = absoluteSrcset(a.Val, base)
			}
			if ok && v != a.Val {
				tok.Attr[i].Val, changed = v, true
			}
		}
		if !changed {
			out.Write(raw)
			continue
		}
		out.WriteString(tok.String())
	}
	return out.String()
}

// absolute resolves one reference against base; ok is false when it is
// already absolute or does not parse.
func absolute(ref string, base *url.URL) (string, bool) {
	ref = strings.TrimSpace(ref)
	u, err := url.Parse(ref)
	if err != nil || u.IsAbs() {
		return "", false
	}
	return base.ResolveReference(u).String(), true
}

// absoluteSrcset resolves each candidate URL of a srcset value.
func absoluteSrcset(v string, base *url.URL) (string, bool) {
	parts := strings.Split(v, ",")
	changed := false
	for i, p := range parts {
		f := strings.Fields(p)
		if len(f) == 0 {
			continue
		}
		if abs, ok := absolute(f[0], base); ok {
			f[0], changed = abs, true
		}
		parts[i] = strings.Join(f, " ")
	}
	return strings.Join(parts, ", "), changed
}
