package ui

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestViewDocuments: the allow-list entries are exactly the documents
// view.js sends (a drift would make a persisted-only server refuse the
// static copy's views), keyed by their SHA-256.
func TestViewDocuments(t *testing.T) {
	js, err := FS.ReadFile("static/view.js")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := json.Unmarshal(ViewDocuments(), &m); err != nil {
		t.Fatal(err)
	}
	if len(m) != 2 {
		t.Fatalf("%d documents, want 2", len(m))
	}
	for h, d := range m {
		if !strings.Contains(string(js), `gql("`+d+`"`) {
			t.Errorf("view.js does not send %q", d)
		}
		if len(h) != 64 {
			t.Errorf("hash %q", h)
		}
	}
	if n := strings.Count(string(js), `gql("`); n != len(m) {
		t.Errorf("view.js sends %d documents, the allow-list has %d", n, len(m))
	}
}
