package server_test

import (
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestSearchResultCount: "1 result", "2 results", "0 results".
func TestSearchResultCount(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	e.post(0x2000000000000001, u, "# One\n\napple banana", "en", at(-2*time.Hour))
	e.post(0x2000000000000002, u, "# Two\n\nbanana cherry", "en", at(-time.Hour))
	site := "/sites/" + u.String()
	for q, want := range map[string]string{"apple": "1 result for", "banana": "2 results for", "zzz": "0 results for"} {
		body := e.get(site + "?q=" + q).Body.String()
		if !strings.Contains(body, want) {
			t.Errorf("?q=%s: body lacks %q", q, want)
		}
		if q == "apple" && strings.Contains(body, "1 results") {
			t.Errorf("?q=%s: body says \"1 results\"", q)
		}
	}
}

var plainDescRE = regexp.MustCompile(`<span class="desc" dir="auto">([^<]*)</span>`)

// TestDescriptionEllipsis: a card description cut from a longer paragraph
// ends with "…" and stays within 300 code points; an uncut one does not.
func TestDescriptionEllipsis(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	long := strings.Repeat("lorem ipsum dolor ", 30) // 540 code points
	e.post(0x2000000000000001, u, "# Long\n\n"+long, "en", at(-2*time.Hour))
	e.post(0x2000000000000002, u, "# Short\n\nShort text.", "en", at(-time.Hour))
	body := e.get("/sites/" + u.String() + "?view=plain").Body.String()
	descs := plainDescRE.FindAllStringSubmatch(body, -1)
	if len(descs) != 2 {
		t.Fatalf("descriptions = %q", descs)
	}
	if descs[0][1] != "Short text." {
		t.Errorf("short description = %q", descs[0][1])
	}
	cut := descs[1][1]
	if !strings.HasSuffix(cut, "…") || strings.HasSuffix(cut, " …") || utf8.RuneCountInString(cut) > 300 {
		t.Errorf("cut description = %q (%d code points)", cut, utf8.RuneCountInString(cut))
	}
	if !strings.HasPrefix(long, strings.TrimSuffix(cut, "…")) {
		t.Errorf("cut description %q is not a prefix of the paragraph", cut)
	}
}
