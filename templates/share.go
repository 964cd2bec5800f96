package templates

import (
	"net/url"
	"strings"
)

// Share is the share-button region of an article page (issue 3 #5,
// docs/SPEC.md#share-buttons). nil renders nothing.
type Share struct {
	Vertical bool          // compact 24-pixel links, no widget scripts
	Widgets  bool          // horizontal: ui/pub.js loads X / Hatena scripts
	Links    bool          // plain counted links (NewShareLinks), no widgets
	Buttons  []ShareButton // in the fixed order X, Facebook, LINE, Hatena
}

// ShareButton is one service's button. URL is the no-JS share link (or
// the Facebook iframe src in horizontal themes); every parameter in it is
// URL-encoded.
type ShareButton struct {
	Service string // "x", "facebook", "line" or "hatena"
	Label   string
	// ServiceName is the service's name for people ("X", "Facebook",
	// "LINE", "Hatena Bookmark"), in the compact links' titles.
	ServiceName string
	URL         string
	PageURL     string // the canonical /pub/{id} URL being shared
	Title       string
}

// shareServices is the fixed rendering order of the recognized
// identifiers.
var shareServices = []string{"x", "facebook", "line", "hatena"}

var serviceNames = map[string]string{"x": "X", "facebook": "Facebook", "line": "LINE", "hatena": "Hatena Bookmark"}

// NewShare builds the share region for the canonical article URL and
// title from the configured identifiers (extensions.shareButtons).
// Unknown identifiers are ignored; it returns nil when none is recognized.
func NewShare(ids []string, canonical, title string, vertical bool) *Share {
	enabled := make(map[string]bool, len(ids))
	for _, id := range ids {
		enabled[id] = true
	}
	s := &Share{Vertical: vertical, Widgets: !vertical}
	for _, svc := range shareServices {
		if !enabled[svc] {
			continue
		}
		b := ShareButton{Service: svc, ServiceName: serviceNames[svc], PageURL: canonical, Title: title}
		switch svc {
		case "x":
			b.Label = "Post"
			if vertical {
				b.Label = "X"
			}
			b.URL = "https://twitter.com/intent/tweet?" + query("url", canonical, "text", title)
		case "facebook":
			b.Label = "Share"
			if vertical {
				b.Label = "f"
				b.URL = "https://www.facebook.com/sharer/sharer.php?" + query("u", canonical)
			} else {
				b.URL = "https://www.facebook.com/plugins/share_button.php?" +
					query("href", canonical, "layout", "button_count", "size", "small", "width", "102", "height", "20")
			}
		case "line":
			b.Label = "LINE"
			b.URL = "https://social-plugins.line.me/lineit/share?" + query("url", canonical, "text", title)
		case "hatena":
			b.Label = "B!"
			b.URL = hatenaEntryURL(canonical)
		}
		s.Buttons = append(s.Buttons, b)
	}
	if len(s.Buttons) == 0 {
		return nil
	}
	return s
}

// query encodes key/value pairs in the given order (url.Values would sort
// them).
func query(kv ...string) string {
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

// hatenaEntryURL is Hatena Bookmark's entry page for a URL:
// https://b.hatena.ne.jp/entry/s/HOST/PATH for https pages and
// https://b.hatena.ne.jp/entry/HOST/PATH for http ones.
func hatenaEntryURL(page string) string {
	u, err := url.Parse(page)
	if err != nil || u.Host == "" {
		return "https://b.hatena.ne.jp/entry/panel/?" + query("url", page)
	}
	prefix := "https://b.hatena.ne.jp/entry/"
	if u.Scheme == "https" {
		prefix += "s/"
	}
	return prefix + u.Host + u.EscapedPath()
}

// NewShareLinks builds the share region of extensions.shareMode "links"
// (docs/SPEC.md#share-links): one plain link per configured service
// (x, facebook, line, hatena, and copy for a copy-link button), in that
// order, each to prefix + service (prefix is the absolute
// "/share/{postId}/" URL), which redirects to the service and counts the
// click. No widget script or iframe (Widgets is false). It returns nil
// when no identifier is recognized.
func NewShareLinks(ids []string, prefix, canonical, title string, vertical bool) *Share {
	enabled := make(map[string]bool, len(ids))
	for _, id := range ids {
		enabled[id] = true
	}
	s := &Share{Vertical: vertical, Links: true}
	for _, svc := range append(shareServices, "copy") {
		if !enabled[svc] {
			continue
		}
		s.Buttons = append(s.Buttons, ShareButton{Service: svc, ServiceName: linkNames[svc], Label: linkLabels[svc], URL: prefix + svc, PageURL: canonical, Title: title})
	}
	if len(s.Buttons) == 0 {
		return nil
	}
	return s
}

var (
	linkNames  = map[string]string{"x": "X", "facebook": "Facebook", "line": "LINE", "hatena": "Hatena Bookmark", "copy": "Link"}
	linkLabels = map[string]string{"x": "X", "facebook": "Facebook", "line": "LINE", "hatena": "B!", "copy": "Link"}
)
