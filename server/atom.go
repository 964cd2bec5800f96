package server

import (
	"encoding/xml"
	"time"

	"github.com/gorilla/feeds"
)

// atomNS and mediaNS are the namespaces of the feeds: Atom (RFC 4287)
// and Media RSS, whose <media:thumbnail> carries an entry's featured image.
const (
	atomNS  = "http://www.w3.org/2005/Atom"
	mediaNS = "http://search.yahoo.com/mrss/"
)

// atomDoc is an Atom feed in the element order feed validators expect:
// every feed-level element (title, id, updated, subtitle, the alternate
// and self links, author) before the first entry.
type atomDoc struct {
	XMLName  xml.Name          `xml:"feed"`
	Xmlns    string            `xml:"xmlns,attr"`
	Media    string            `xml:"xmlns:media,attr,omitempty"`
	Title    string            `xml:"title"`
	ID       string            `xml:"id"`
	Updated  string            `xml:"updated"`
	Subtitle string            `xml:"subtitle,omitempty"`
	Links    []feeds.AtomLink  `xml:"link"`
	Author   *feeds.AtomAuthor `xml:"author,omitempty"`
	Entries  []atomEntry       `xml:"entry"`
}

// atomEntry is gorilla/feeds' entry plus what it lacks: categories with a
// term (RFC 4287 4.2.2) and the featured image as <media:thumbnail>.
type atomEntry struct {
	*feeds.AtomEntry
	Categories []atomCategory  `xml:"category"`
	Thumbnail  *mediaThumbnail `xml:"media:thumbnail,omitempty"`
}

type atomCategory struct {
	Term  string `xml:"term,attr"`
	Label string `xml:"label,attr,omitempty"`
}

type mediaThumbnail struct {
	URL string `xml:"url,attr"`
}

// entryExtra is what an entry carries beyond a feeds.Item: its featured
// image ("" none) and categories.
type entryExtra struct {
	image      string
	categories []string
}

// atomXML serializes f as Atom: gorilla/feeds builds the entries (title,
// id, updated, the alternate link, summary and content type="html",
// author), this adds each entry's <published> (its item's Created time)
// and extras[i] (when given), the feed's rel="alternate" and rel="self"
// links, and writes the feed-level elements first. Times keep their
// zone's offset, so the caller passes them in the site's time zone.
func atomXML(f *feeds.Feed, self string, extras []entryExtra) ([]byte, error) {
	af := (&feeds.Atom{Feed: f}).AtomFeed()
	doc := atomDoc{
		// The feed's id stays what it always was (gorilla/feeds takes the
		// alternate link), so no reader sees a new feed.
		Xmlns: atomNS, Title: af.Title, ID: af.Id, Updated: af.Updated, Subtitle: af.Subtitle,
		Links:  []feeds.AtomLink{{Href: f.Link.Href, Rel: "alternate", Type: "text/html"}, {Href: self, Rel: "self", Type: "application/atom+xml"}},
		Author: af.Author,
	}
	for i, e := range af.Entries {
		if c := f.Items[i].Created; !c.IsZero() {
			e.Published = c.Format(time.RFC3339)
		}
		entry := atomEntry{AtomEntry: e}
		if i < len(extras) {
			x := extras[i]
			if x.image != "" {
				entry.Thumbnail = &mediaThumbnail{URL: x.image}
				doc.Media = mediaNS
			}
			for _, c := range x.categories {
				entry.Categories = append(entry.Categories, atomCategory{Term: c, Label: c})
			}
		}
		doc.Entries = append(doc.Entries, entry)
	}
	b, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append([]byte(xml.Header), b...), nil
}
