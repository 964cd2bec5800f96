package stgypub

import (
	"net/url"
	"path"
	"strings"
)

// ShareableImage returns the featured-image reference of a post (the src
// of its first image, as markdown.FeaturedImage gives it) when it may be
// advertised as og:image, twitter:image, JSON-LD image and the API's
// featuredImage, else "". Only URLs someone vouched for qualify: an
// absolute http(s) URL written in the post, or made absolute when the post
// was imported with a source base URL (docs/API.md "Import"). A relative
// reference would resolve against this server, where no such file is
// served, so it is refused, and so is an absolute URL on this server's
// own host (self: STGY_BASE_URL; "" skips the check): it serves no post
// images either. SVG images, which link previews do not show, are
// refused too.
func ShareableImage(ref, self string) string {
	ref = strings.TrimSpace(ref)
	u, err := url.Parse(ref)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return ""
	}
	if s, err := url.Parse(self); err == nil && s.Host != "" && strings.EqualFold(u.Hostname(), s.Hostname()) {
		return ""
	}
	switch strings.ToLower(path.Ext(u.Path)) {
	case ".svg", ".svgz":
		return ""
	}
	return u.String()
}
