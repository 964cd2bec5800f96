package server_test

import (
	"encoding/xml"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestFeedMarkup (issue 9 #14): the Atom feed links to itself, dates every
// entry's publication, and its <updated> is the newest entry's change (a
// settings change moves Last-Modified, not <updated>); times carry the
// site's offset (a Japanese site without a time zone: Tokyo).
func TestFeedMarkup(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "hanako", "花子")
	e.post(0x2000000000000001, u, "# 古い\n\n本文", "ja", at(-3*time.Hour))
	e.post(0x2000000000000002, u, "# 新しい\n\n本文", "ja", at(-2*time.Hour))
	cfg := stgypub.DefaultPubConfig(u)
	cfg.SiteName = "花子のノート"
	e.config(cfg) // a later settings change
	rec := e.get("/sites/" + u.String() + "/feed.atom")
	var feed struct {
		Updated string `xml:"updated"`
		Links   []struct {
			Href string `xml:"href,attr"`
			Rel  string `xml:"rel,attr"`
		} `xml:"link"`
		Entries []struct {
			Title     string `xml:"title"`
			Published string `xml:"published"`
			Updated   string `xml:"updated"`
		} `xml:"entry"`
	}
	if err := xml.Unmarshal(rec.Body.Bytes(), &feed); err != nil {
		t.Fatalf("%v\n%s", err, rec.Body.String())
	}
	self := baseURL + "/sites/" + u.String() + "/feed.atom"
	rels := map[string]string{}
	for _, l := range feed.Links {
		rels[l.Rel] = l.Href
	}
	if rels["self"] != self || rels["alternate"] != baseURL+"/sites/"+u.String() {
		t.Errorf("links = %v", rels)
	}
	// at(-2h) = 2026-03-01T10:00Z = 19:00 in Tokyo.
	if feed.Updated != "2026-03-01T19:00:00+09:00" {
		t.Errorf("feed updated = %q, want the newest entry's 2026-03-01T19:00:00+09:00", feed.Updated)
	}
	if len(feed.Entries) != 2 || feed.Entries[0].Published != "2026-03-01T19:00:00+09:00" || feed.Entries[1].Published != "2026-03-01T18:00:00+09:00" {
		t.Errorf("entries = %+v", feed.Entries)
	}
	if lm := rec.Header().Get("Last-Modified"); lm == "" {
		t.Error("no Last-Modified")
	}
	// A site time zone moves every offset.
	ext, _ := stgypub.ParseExtensions(`{"timeZone":"America/New_York"}`)
	cfg.Extensions = ext
	e.config(cfg)
	if err := xml.Unmarshal(e.get("/sites/"+u.String()+"/feed.atom").Body.Bytes(), &feed); err != nil {
		t.Fatal(err)
	}
	if feed.Updated != "2026-03-01T05:00:00-05:00" {
		t.Errorf("with America/New_York: updated = %q", feed.Updated)
	}
}
