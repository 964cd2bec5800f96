package stgypub

import (
	"net/url"
	"path"
	"strings"

	"golang.org/x/net/idna"
)

// The featured image (docs/SPEC.md#featured-image)
//
// A post's featured image is what link previews and frontends show for it:
// og:image, twitter:image, the JSON-LD image, Post.featuredImage,
// previewMarkdown's featuredImage and the feeds. It is the first image of
// the WHOLE body, in source order (Markdown images anywhere, also inside
// links and tables, and <img> in raw HTML), whose source FeaturedImageURL
// accepts; the markdown package finds the candidates, this file decides.
// Owners' writes and imports store it with the post (posts.featured_image),
// so no page or API read parses a body to find it.

// Image is an image reference of a post body: its source as written and
// its alternative text.
type Image struct {
	Src string
	Alt string
}

// FeaturedImageURL returns src in the absolute form a featured image is
// advertised with, or "" when src cannot be one. Accepted: an absolute
// http or https URL with a host and no user information, or a
// protocol-relative "//host/path" (made https). Spaces and other
// characters a URL may not hold are percent-encoded (a%20b.png, as the
// article's <img> has it) and an internationalized host is written in
// punycode. Refused: relative references (they would resolve against this
// server, which serves no post images; the importer makes them absolute
// with a source base URL first), every other scheme, and SVG images, which
// link previews do not show. Surrounding white space is ignored.
func FeaturedImageURL(src string) string {
	src = strings.TrimSpace(src)
	if strings.HasPrefix(src, "//") {
		src = "https:" + src
	}
	for i := 0; i < len(src); i++ {
		if c := src[i]; c < 0x20 || c == 0x7f || c == '\\' {
			return ""
		}
	}
	u, err := url.Parse(strings.ReplaceAll(src, " ", "%20"))
	if err != nil || u.User != nil || u.Host == "" || u.Opaque != "" {
		return ""
	}
	if u.Scheme = strings.ToLower(u.Scheme); u.Scheme != "http" && u.Scheme != "https" {
		return ""
	}
	switch strings.ToLower(path.Ext(u.Path)) {
	case ".svg", ".svgz":
		return ""
	}
	if !strings.HasPrefix(u.Host, "[") { // an IPv6 literal stays as it is
		host, err := idna.Lookup.ToASCII(u.Hostname())
		if err != nil || host == "" {
			return ""
		}
		if port := u.Port(); port != "" {
			host += ":" + port
		}
		u.Host = host
	}
	u.RawQuery = escapeLoose(u.RawQuery)
	u.RawFragment = ""
	return u.String()
}

// escapeLoose percent-encodes the bytes of a query that a URL may not hold
// raw (white space, controls, non-ASCII, quotes and angle brackets),
// keeping every other byte, escapes included, as written.
func escapeLoose(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || c == '"' || c == '<' || c == '>' || c == '`' {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// FeaturedImage is the featured-image rule: the first of images (a body's
// images in source order) whose source FeaturedImageURL accepts, with that
// absolute source; the zero Image when none qualifies.
func FeaturedImage(images []Image) Image {
	for _, im := range images {
		if src := FeaturedImageURL(im.Src); src != "" {
			return Image{Src: src, Alt: CollapseSpace(im.Alt)}
		}
	}
	return Image{}
}

// ShareableImage returns a stored featured image (Post.FeaturedImage) when
// it may be advertised by this server, else "": FeaturedImageURL must
// accept it and it must not be on this server's own host (self:
// STGY_BASE_URL; "" skips the check), which serves no post images.
func ShareableImage(ref, self string) string {
	ref = FeaturedImageURL(ref)
	if ref == "" {
		return ""
	}
	u, err := url.Parse(ref)
	if err != nil {
		return ""
	}
	if s, err := url.Parse(self); err == nil && s.Host != "" && strings.EqualFold(u.Hostname(), s.Hostname()) {
		return ""
	}
	return ref
}
