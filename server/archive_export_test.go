package server_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub/archive"
	"github.com/stgy/stgypub/auth"
)

// TestArchiveExportAuth: the site archive download takes the API's
// credentials (none or stale 401, another owner 403, bad userId 400); the
// owner and an admin get a gzip'd archive that archive.Read accepts, with
// every post and the view history.
func TestArchiveExportAuth(t *testing.T) {
	f := newStatsFixture(t)
	path := "/publications/archive?userId=" + f.c.owner.String()
	tests := []struct {
		name   string
		path   string
		hdr    []string
		status int
		has    string
	}{
		{"anonymous", path, nil, 401, "download your site archive"},
		{"stale cookie", path, []string{"Cookie", auth.CookieName + "=nope"}, 401, "Log in"},
		{"another owner", path, []string{"Cookie", f.bob}, 403, ""},
		{"bad user", "/publications/archive?userId=xyz", []string{"Cookie", f.alice}, 400, "userId"},
		{"owner", path, []string{"Cookie", f.alice}, 200, ""},
		{"admin", path, []string{"Cookie", f.admin}, 200, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.c.get(0, tt.path, tt.hdr...)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %.300s", rec.Code, tt.status, rec.Body.String())
			}
			if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "no-store") {
				t.Errorf("Cache-Control %q", cc)
			}
			if tt.status != 200 {
				if !strings.Contains(rec.Body.String(), tt.has) {
					t.Errorf("body lacks %q: %.300s", tt.has, rec.Body.String())
				}
				return
			}
			if ct := rec.Header().Get("Content-Type"); ct != "application/gzip" {
				t.Errorf("Content-Type %q", ct)
			}
			site, err := archive.Read(bytes.NewReader(rec.Body.Bytes()), 0, time.Now())
			if err != nil {
				t.Fatalf("downloaded archive refused: %v", err)
			}
			if site.Profile.ID != f.c.owner || len(site.Posts) != len(f.wantTitles) || len(site.DailyViews) != 2*len(f.wantTitles) || len(site.Checkpoints) != 2*len(f.wantTitles) {
				t.Errorf("archive: owner %s, %d posts, %d daily, %d checkpoints; want %s, %d, %d, %d",
					site.Profile.ID, len(site.Posts), len(site.DailyViews), len(site.Checkpoints), f.c.owner, len(f.wantTitles), 2*len(f.wantTitles), 2*len(f.wantTitles))
			}
		})
	}
}
