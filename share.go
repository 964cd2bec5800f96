package stgypub

import (
	"net/url"
	"slices"
	"strings"
)

// ShareServices are the services of /share/{postId}/{service}, in the
// order pages and reports list them (docs/SPEC.md#share-links).
var ShareServices = []string{"x", "facebook", "line", "hatena", "copy"}

// IsShareService reports whether s is one of ShareServices (exactly: lower case).
func IsShareService(s string) bool { return slices.Contains(ShareServices, s) }

// ShareURL is where /share/{postId}/{service} sends the reader: the
// service's share page for the post's canonical URL and title, every
// parameter query-escaped (so a title's "#", "&" or Japanese stays
// text); for "copy" the canonical URL itself. An unknown service is
// NOT_FOUND.
func ShareURL(service, canonical, title string) (string, error) {
	switch service {
	case "x":
		return "https://x.com/intent/post?" + orderedQuery("url", canonical, "text", title), nil
	case "facebook":
		return "https://www.facebook.com/sharer/sharer.php?" + orderedQuery("u", canonical), nil
	case "line":
		return "https://social-plugins.line.me/lineit/share?" + orderedQuery("url", canonical, "text", title), nil
	case "hatena":
		return "https://b.hatena.ne.jp/add?" + orderedQuery("mode", "confirm", "url", canonical, "title", title), nil
	case "copy":
		return canonical, nil
	}
	return "", Errorf(CodeNotFound, "unknown share service %q (x, facebook, line, hatena or copy)", service)
}

// orderedQuery encodes key/value pairs in the given order.
func orderedQuery(kv ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(kv); i += 2 {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(kv[i]))
		b.WriteByte('=')
		b.WriteString(url.QueryEscape(kv[i+1]))
	}
	return b.String()
}
