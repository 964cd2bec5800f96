package server_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

var linkRE = regexp.MustCompile(`(?:href|action)="([^"]*)"|<input type="hidden" name="([^"]*)" value="([^"]*)">`)

// TestSiteDesignParam: only a theme the renderer knows is carried from
// ?design= into the site page's links and search form; anything else is
// dropped (the page falls back to the configured theme).
func TestSiteDesignParam(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	for i := range 25 {
		e.post(stgypub.ID(0x2000000000000100+i), u, "# Post\n\nBody.", "en", at(time.Duration(-100+i)*time.Minute))
	}
	site := "/sites/" + u.String()
	tests := []struct {
		name, query string
		carried     string // "" when no link may carry design
	}{
		{"junk", "?design=junk", ""},
		{"markup", "?design=%22%3E%3Cb%3E", ""},
		{"case differs", "?design=Dark", ""},
		{"empty", "?design=", ""},
		{"known horizontal", "?design=dark", "dark"},
		{"known vertical", "?design=vertical-newspaper", "vertical-newspaper"},
	}
	for _, tt := range tests {
		for _, extra := range []string{"", "&q=Post", "&page=2&order=oldest"} {
			t.Run(tt.name+extra, func(t *testing.T) {
				rec := e.get(site + tt.query + extra)
				if rec.Code != 200 {
					t.Fatalf("status = %d", rec.Code)
				}
				body := rec.Body.String()
				links := 0
				for _, m := range linkRE.FindAllStringSubmatch(body, -1) {
					if m[2] == "design" {
						if tt.carried == "" || m[3] != tt.carried {
							t.Errorf("hidden design field %q", m[3])
						}
						links++
						continue
					}
					if !strings.HasPrefix(m[1], site) {
						continue
					}
					if strings.Contains(m[1], "design=") {
						if tt.carried == "" || !strings.Contains(m[1], "design="+tt.carried) {
							t.Errorf("link %s carries a design", m[1])
						}
						links++
					} else if tt.carried != "" && strings.Contains(m[1], "?") {
						t.Errorf("link %s drops design=%s", m[1], tt.carried)
					}
				}
				if tt.carried != "" && links == 0 {
					t.Error("no link carries the design")
				}
				if tt.carried == "" && strings.Contains(body, "junk") {
					t.Error("the unknown design appears in the page")
				}
			})
		}
	}
}
