package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/owner"
	"github.com/stgy/stgypub/server"
)

// TestOwnerPreview: an owner (or an admin) sees drafts, scheduled and
// published posts at /publications/preview/{id} with a state banner,
// noindex, private no-store, no analytics and no recorded view; anyone
// else gets the 404 of a missing post, anonymous visitors a 401.
func TestOwnerPreview(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	authSvc := auth.New(e.st.Users, e.st.Users, auth.Config{})
	ownerSvc := owner.New(e.st.Posts, e.st.Users, e.st.Users, e.clock)
	e.srv = e.newServer(server.Deps{Views: e.views, Ranker: e.views, Counts: e.views,
		Previews: &server.Previews{Auth: authSvc, Posts: ownerSvc, Now: e.clock}})
	mk := func(login string, admin bool) (*stgypub.User, string) {
		u, err := auth.CreateUser(ctx, e.st.Users, login, strings.ToUpper(login), "correct-horse-battery")
		if err != nil {
			t.Fatal(err)
		}
		if admin {
			if err := auth.MakeAdmin(ctx, e.st.Users, login, true); err != nil {
				t.Fatal(err)
			}
		}
		sess, err := authSvc.Login(ctx, login, "correct-horse-battery")
		if err != nil {
			t.Fatal(err)
		}
		return u, auth.CookieName + "=" + sess.Token
	}
	alice, aliceCookie := mk("alice", false)
	_, bobCookie := mk("bob", false)
	_, adminCookie := mk("root", true)
	cfg := stgypub.DefaultPubConfig(alice.ID)
	cfg.SiteName = "Alice's notes"
	cfg.Extensions, _ = stgypub.ParseExtensions(`{"analytics":{"googleAnalytics":{"measurementId":"G-PREVIEW1"}}}`)
	e.config(cfg)
	draft := e.post(0x3000000000000001, alice.ID, "# Draft <title>\n\nSecret draft body.", "en", nil)
	scheduled := e.post(0x3000000000000002, alice.ID, "# Later\n\nScheduled body.", "ja", at(48*time.Hour))
	published := e.post(0x3000000000000003, alice.ID, "# Now\n\nPublic body.", "en", at(-time.Hour))

	tests := []struct {
		name   string
		id     stgypub.ID
		cookie string
		status int
		has    []string
	}{
		{"draft as owner", draft, aliceCookie, 200, []string{"Secret draft body.", "draft, not published", "Draft &lt;title&gt;", "Alice&#39;s notes"}},
		{"scheduled as owner", scheduled, aliceCookie, 200, []string{"Scheduled body.", "公開予定", at(48 * time.Hour).In(tokyo).Format("2006-01-02")}},
		{"published as owner", published, aliceCookie, 200, []string{"Public body.", `href="/pub/` + published.String() + `"`}},
		{"draft as admin", draft, adminCookie, 200, []string{"Secret draft body."}},
		{"draft as another owner", draft, bobCookie, 404, nil},
		{"draft anonymous", draft, "", 401, []string{"Log in at /publications"}},
		{"unknown post", 0x3000000000000099, aliceCookie, 404, nil},
		{"stale cookie", draft, auth.CookieName + "=nope", 401, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var hdr []string
			if tt.cookie != "" {
				hdr = []string{"Cookie", tt.cookie}
			}
			before := len(e.views.recorded())
			rec := e.get("/publications/preview/"+tt.id.String(), hdr...)
			body := rec.Body.String()
			if rec.Code != tt.status {
				t.Fatalf("status = %d, want %d: %.300s", rec.Code, tt.status, body)
			}
			for _, s := range tt.has {
				if !strings.Contains(body, s) {
					t.Errorf("body lacks %q", s)
				}
			}
			if tt.status != 200 && strings.Contains(body, "body.") {
				t.Error("refused preview shows the post")
			}
			if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "no-store") {
				t.Errorf("Cache-Control = %q", cc)
			}
			if xr := rec.Header().Get("X-Robots-Tag"); xr != "noindex" {
				t.Errorf("X-Robots-Tag = %q", xr)
			}
			if tt.status == 200 {
				if !strings.Contains(body, `content="noindex`) {
					t.Error("no robots noindex meta")
				}
				if cc := rec.Header().Get("Cache-Control"); cc != "private, no-store" {
					t.Errorf("Cache-Control = %q, want private, no-store", cc)
				}
				if strings.Contains(body, "G-PREVIEW1") || strings.Contains(body, "googletagmanager") {
					t.Error("preview carries analytics")
				}
			}
			if got := len(e.views.recorded()); got != before {
				t.Errorf("preview recorded %d views", got-before)
			}
		})
	}
	t.Run("public page of a draft is still 404", func(t *testing.T) {
		if rec := e.get("/pub/"+draft.String(), "Cookie", aliceCookie); rec.Code != http.StatusNotFound {
			t.Errorf("/pub/draft = %d", rec.Code)
		}
	})
	t.Run("design override", func(t *testing.T) {
		body := e.get("/publications/preview/"+draft.String()+"?design=vertical", "Cookie", aliceCookie).Body.String()
		if !strings.Contains(body, "theme-vertical") {
			t.Error("?design=vertical not applied")
		}
	})
}

// tokyo is the zone a Japanese page without a site time zone shows dates in.
var tokyo, _ = time.LoadLocation("Asia/Tokyo")
