package federation

import (
	"net/http/httptest"
	"testing"
)

// TestWantsActivityJSON: ActivityStreams JSON only when the client ranks
// it above a page; quality values count (q=0 is "not acceptable"), a tie
// with text/html is a page, wildcards never ask for JSON.
func TestWantsActivityJSON(t *testing.T) {
	for accept, want := range map[string]bool{
		"application/activity+json": true,
		`application/ld+json; profile="https://www.w3.org/ns/activitystreams"`:                                             true,
		`application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams", text/html;q=0.1`: true, // Mastodon
		"application/activity+json, */*":                                            true,
		"text/html;q=0.5, application/activity+json":                                true,
		"application/activity+json;q=0":                                             false,
		`application/ld+json; profile="https://www.w3.org/ns/activitystreams"; q=0`: false,
		"text/html, application/activity+json":                                      false,
		"application/activity+json;q=0.8, text/html":                                false,
		"application/activity+json;q=0.5, application/xhtml+xml;q=0.9":              false,
		"application/ld+json":                                                       false, // no profile
		"text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8":           false, // a browser
		"*/*": false,
		"":    false,
	} {
		r := httptest.NewRequest("GET", "/sites/1", nil)
		if accept != "" {
			r.Header.Set("Accept", accept)
		}
		if got := WantsActivityJSON(r); got != want {
			t.Errorf("Accept %q: WantsActivityJSON = %v, want %v", accept, got, want)
		}
	}
}
