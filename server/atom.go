package server

import (
	"encoding/xml"
	"time"

	"github.com/gorilla/feeds"
)

// atomXML serializes f as Atom with gorilla/feeds and adds what that
// package leaves out (issue 9 #14): a rel="self" link to the feed's own
// URL beside the rel="alternate" one, and each entry's <published> (its
// item's Created time). Times keep their zone's offset, so the caller
// passes them in the site's time zone.
func atomXML(f *feeds.Feed, self string) ([]byte, error) {
	af := (&feeds.Atom{Feed: f}).AtomFeed()
	for i, e := range af.Entries {
		if c := f.Items[i].Created; !c.IsZero() {
			e.Published = c.Format(time.RFC3339)
		}
	}
	links := []feeds.AtomLink{{Href: f.Link.Href, Rel: "alternate", Type: "text/html"}, {Href: self, Rel: "self", Type: "application/atom+xml"}}
	af.Link = nil
	doc := struct {
		*feeds.AtomFeed
		Links []feeds.AtomLink
	}{af, links}
	b, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append([]byte(xml.Header), b...), nil
}
