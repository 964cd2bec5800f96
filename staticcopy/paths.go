package staticcopy

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// listParams are the /sites/{userId} parameters a copy keeps, in the
// order they become folders: a listing page per tag, view, order and page
// (docs/STATIC.md "Layout"). Any other parameter (a search, ?design=)
// makes the link go to the origin.
var listParams = []string{"tag", "view", "order", "page"}

// target is one local URL of the copy: the request the live handler
// answers (path and canonical query) and the file that holds the answer.
type target struct {
	request string // "/sites/1?page=2": path from the site root and query
	file    string // "sites/1/page/2/index.html": slash-separated, under the copy's folder
	page    bool   // an HTML page served as a folder (href ends in "/")
}

// href is t's link in the copy, below the base URL's path prefix: a
// page's folder with a trailing slash, a file's own path.
func (t target) href(prefix string) string {
	if t.page {
		return prefix + "/" + strings.TrimSuffix(t.file, "index.html")
	}
	return prefix + "/" + t.file
}

// localTarget maps a path below the base URL (prefix removed) and its
// query to the copy's target; false when the copy does not hold it:
// another site, a post that is not one of the site's published posts, a
// search, any query the listing does not keep, or a route the copy does
// not serve (comment feeds, share links, the API, the owners' app).
func (c *copier) localTarget(p string, q url.Values) (target, bool) {
	site := "/sites/" + c.cfg.UserID.String()
	switch {
	case p == site:
		return c.listTarget(q)
	case len(q) > 0:
		return target{}, false
	case p == site+"/feed.atom" || p == site+"/card.png" || p == "/favicon.svg" || p == "/favicon.ico":
		return target{request: p, file: p[1:]}, true
	case strings.HasPrefix(p, "/ui/") && !strings.Contains(p, "..") && !strings.HasSuffix(p, "/"):
		return target{request: p, file: p[1:]}, true
	case strings.HasPrefix(p, "/pub/") && c.posts[strings.TrimPrefix(p, "/pub/")]:
		return target{request: p, file: p[1:] + "/index.html", page: true}, true
	}
	return target{}, false
}

// listTarget is the target of the site's listing with query q: its
// folder holds one name/value pair of folders per kept parameter, in
// listParams order.
func (c *copier) listTarget(q url.Values) (target, bool) {
	site := "sites/" + c.cfg.UserID.String()
	kept := url.Values{}
	file := site
	for _, k := range listParams {
		vs, ok := q[k]
		if !ok {
			continue
		}
		if len(vs) != 1 || vs[0] == "" {
			return target{}, false
		}
		kept.Set(k, vs[0])
		file += "/" + k + "/" + segment(vs[0])
	}
	if len(kept) != len(q) {
		return target{}, false
	}
	req := "/" + site
	if len(kept) > 0 {
		req += "?" + kept.Encode()
	}
	return target{request: req, file: file + "/index.html", page: true}, true
}

// segment is a parameter value as one safe file and URL path segment:
// letters, digits, '-' and '_' are kept (any script, so a Japanese tag
// stays readable); every other byte becomes ~XX (upper-case hex), so no
// value can name another folder ("..", "/") and distinct values stay
// distinct.
func segment(v string) string {
	var b strings.Builder
	for _, r := range v {
		if r == '-' || r == '_' || (r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r))) {
			b.WriteRune(r)
			continue
		}
		var buf [utf8.UTFMax]byte
		n := utf8.EncodeRune(buf[:], r)
		for _, x := range buf[:n] {
			b.WriteString("~")
			b.WriteByte("0123456789ABCDEF"[x>>4])
			b.WriteByte("0123456789ABCDEF"[x&15])
		}
	}
	return b.String()
}
