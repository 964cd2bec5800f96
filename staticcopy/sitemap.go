package staticcopy

import (
	"bytes"
	"encoding/xml"
	"sort"
)

// sitemapEntry is one <url> of the site's sitemap.
type sitemapEntry struct {
	loc, lastmod string
}

// sitemapXML is the copy's sitemap (sites/{userId}/sitemap.xml, the
// sitemaps.org format): the canonical, indexable pages of the copy by
// their URLs there, sorted, with the articles' last change as lastmod.
// Listing pages past the first, other views and orders name another
// canonical URL and are left out, as the live /sitemap.xml leaves them.
func sitemapXML(entries []sitemapEntry) []byte {
	sort.Slice(entries, func(i, j int) bool { return entries[i].loc < entries[j].loc })
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, e := range entries {
		b.WriteString("<url><loc>")
		_ = xml.EscapeText(&b, []byte(e.loc)) // a bytes.Buffer does not fail
		b.WriteString("</loc>")
		if e.lastmod != "" {
			b.WriteString("<lastmod>")
			_ = xml.EscapeText(&b, []byte(e.lastmod))
			b.WriteString("</lastmod>")
		}
		b.WriteString("</url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}
