package stgypub

import (
	"net/url"
	"strings"
)

// SafeURL reports whether u may be used as an image source or link target
// in anything we render (docs/SPEC.md#safe-urls): an absolute http or https
// URL, or a relative reference (path, query, fragment or "//host/..."
// network path). Control characters, white space inside, backslashes and
// every other scheme (javascript:, vbscript:, data:, in any case) are
// refused. Surrounding white space is ignored.
func SafeURL(u string) bool {
	u = strings.TrimSpace(u)
	if u == "" {
		return false
	}
	for i := 0; i < len(u); i++ {
		if c := u[i]; c < 0x20 || c == 0x7f || c == ' ' || c == '\\' {
			return false
		}
	}
	p, err := url.Parse(u)
	if err != nil {
		return false
	}
	switch strings.ToLower(p.Scheme) {
	case "":
		// "a:b" without a parsed scheme never reaches here (url.Parse fails),
		// but keep a colon before the first slash out anyway.
		if i := strings.IndexByte(u, ':'); i >= 0 && !strings.ContainsAny(u[:i], "/?#") {
			return false
		}
		return true
	case "http", "https":
		return p.Host != ""
	}
	return false
}
