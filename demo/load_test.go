package demo_test

import (
	"context"
	"testing"
	"time"

	"github.com/alexedwards/argon2id"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/demo"
	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/store/storetest"
)

// loadDemo loads the demo into a new database at now; each caller gets its
// own database, so subtests that change settings do not affect others.
func loadDemo(t *testing.T, now time.Time) (*store.Store, []demo.Loaded) {
	t.Helper()
	s := storetest.New(t)
	s.Now = func() time.Time { return now }
	loaded, err := demo.Load(context.Background(), s.Posts, s.Users, s.Now)
	if err != nil {
		t.Fatal(err)
	}
	return s, loaded
}

var demoNow = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

// dayLater is a clock one day after demoNow: a restart the next day.
func dayLater() time.Time { return demoNow.AddDate(0, 0, 1) }

func TestLoadTwice(t *testing.T) {
	ctx := context.Background()
	now := demoNow
	s, first := loadDemo(t, now)
	wantCreated := map[string]int{"gopher": 13, "hanako": 12, "mix": 6}
	if len(first) != 3 {
		t.Fatalf("loaded %d sites", len(first))
	}
	for _, l := range first {
		if !l.UserCreated || !l.ConfigWritten || l.Import.Created != wantCreated[l.LoginName] {
			t.Errorf("first run %s: %+v", l.LoginName, l)
		}
	}

	// A day later nothing changes, the scheduled post included.
	second, err := demo.Load(ctx, s.Posts, s.Users, dayLater)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range second {
		if l.UserCreated || l.ConfigWritten || l.Import.Created+l.Import.Updated+l.Import.Unchanged != 0 ||
			l.UserID != first[i].UserID {
			t.Errorf("second run %s: %+v", l.LoginName, l)
		}
	}

	t.Run("owner-changed settings survive a restart", func(t *testing.T) {
		s, first := loadDemo(t, now)
		id := first[0].UserID
		c, err := s.Users.PubConfig(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		c.SiteName, c.ShowSideRecent, c.ShowSidePopular = "My Own Name", 0, 9
		c.Extensions, err = stgypub.ParseExtensions(`{"analytics":{"googleAnalytics":{"measurementId":"G-OWNER123"}}}`)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Users.UpdatePubConfig(ctx, c); err != nil {
			t.Fatal(err)
		}
		want := c.Extensions.String()
		again, err := demo.Load(ctx, s.Posts, s.Users, dayLater)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range again {
			if l.ConfigWritten || l.UserCreated {
				t.Errorf("restart %s: %+v, want no settings written", l.LoginName, l)
			}
		}
		got, err := s.Users.PubConfig(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if got.SiteName != "My Own Name" || got.ShowSideRecent != 0 || got.ShowSidePopular != 9 || got.Extensions.String() != want {
			t.Errorf("after restart %+v (ext %s), want the owner's settings kept", got, got.Extensions)
		}
	})
	t.Run("owner-edited, unpublished and deleted posts survive a restart", func(t *testing.T) {
		s, first := loadDemo(t, now)
		var ids []stgypub.ID
		for _, id := range first[0].Import.Posts {
			ids = append(ids, id)
		}
		if len(ids) < 3 {
			t.Fatalf("%d demo posts", len(ids))
		}
		edited, err := s.Posts.Post(ctx, ids[0])
		if err != nil {
			t.Fatal(err)
		}
		edited.Content, edited.PlainText = "# Mine now\n\nRewritten by the owner.", "Mine now Rewritten by the owner."
		if err := s.Posts.UpdatePost(ctx, edited); err != nil {
			t.Fatal(err)
		}
		if err := s.Posts.SetPublication(ctx, ids[1], nil); err != nil {
			t.Fatal(err)
		}
		if _, err := s.DB.ExecContext(ctx, `DELETE FROM posts WHERE id = ?`, int64(ids[2])); err != nil {
			t.Fatal(err)
		}
		before := countPosts(t, s, first[0].UserID)
		if _, err := demo.Load(ctx, s.Posts, s.Users, dayLater); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Posts.Post(ctx, ids[0]); err != nil || got.Content != edited.Content {
			t.Errorf("edited post after restart: %v, content %q", err, got.Content)
		}
		if got, err := s.Posts.Post(ctx, ids[1]); err != nil || got.PublishedAt != nil {
			t.Errorf("unpublished post after restart: %v, published %v", err, got.PublishedAt)
		}
		if _, err := s.Posts.Post(ctx, ids[2]); !stgypub.IsNotFound(err) {
			t.Errorf("deleted post after restart: %v, want NOT_FOUND", err)
		}
		if after := countPosts(t, s, first[0].UserID); after != before {
			t.Errorf("%d posts after restart, %d before", after, before)
		}
	})
	t.Run("a user without a settings row gets the demo's", func(t *testing.T) {
		s, first := loadDemo(t, now)
		id := first[2].UserID
		if _, err := s.DB.ExecContext(ctx, `DELETE FROM user_pub_configs WHERE user_id = ?`, int64(id)); err != nil {
			t.Fatal(err)
		}
		again, err := demo.Load(ctx, s.Posts, s.Users, dayLater)
		if err != nil {
			t.Fatal(err)
		}
		if !again[2].ConfigWritten || again[0].ConfigWritten || again[1].ConfigWritten {
			t.Errorf("written: %v %v %v, want only %s", again[0].ConfigWritten, again[1].ConfigWritten, again[2].ConfigWritten, again[2].LoginName)
		}
		if c, _ := s.Users.PubConfig(ctx, id); c.SiteName != "Mixed Notes / まぜこぜノート" {
			t.Errorf("site name %q", c.SiteName)
		}
	})

	// The subtests below only read s.
	byLogin := map[string]demo.Loaded{}
	for _, l := range first {
		byLogin[l.LoginName] = l
	}
	t.Run("settings", func(t *testing.T) {
		cases := []struct {
			login, site, theme, ext string
		}{
			{"gopher", "Go Blog Reader", "", `{"comments":{"mode":"moderated"},"shareButtons":["x","facebook","line","hatena"]}`},
			{"hanako", "MDN 日本語ノート", "newspaper", `{"comments":{"mode":"open"}}`},
			{"mix", "Mixed Notes / まぜこぜノート", "dark", `{}`},
		}
		for _, tc := range cases {
			t.Run(tc.login, func(t *testing.T) {
				c, err := s.Users.PubConfig(ctx, byLogin[tc.login].UserID)
				if err != nil {
					t.Fatal(err)
				}
				if c.SiteName != tc.site || c.DesignTheme != tc.theme || c.Extensions.String() != tc.ext {
					t.Errorf("site %q theme %q ext %s", c.SiteName, c.DesignTheme, c.Extensions)
				}
			})
		}
	})
	t.Run("password", func(t *testing.T) {
		u, err := s.Users.UserByLogin(ctx, "hanako")
		if err != nil {
			t.Fatal(err)
		}
		ok, err := argon2id.ComparePasswordAndHash(demo.Password, u.PasswordHash)
		if err != nil || !ok {
			t.Errorf("demo password does not verify: %v", err)
		}
	})
	t.Run("mixed site states", func(t *testing.T) {
		mix := byLogin["mix"]
		cases := []struct {
			file   string
			state  stgypub.PublicationState
			locale string
		}{
			{"go.dev.md", stgypub.StateScheduled, "en"},
			{"glossary-utf-8.md", stgypub.StateUnpublished, "ja"},
			{"strings.md", stgypub.StatePublished, "en"},
			{"web-html-element-br.md", stgypub.StatePublished, "ja"},
		}
		for _, tc := range cases {
			t.Run(tc.file, func(t *testing.T) {
				p, err := s.Posts.Post(ctx, mix.Import.Posts[tc.file])
				if err != nil {
					t.Fatal(err)
				}
				if p.State(now) != tc.state || p.Locale != tc.locale {
					t.Errorf("state %s locale %q", p.State(now), p.Locale)
				}
			})
		}
		n, err := s.Posts.CountPublishedByUser(ctx, mix.UserID)
		if err != nil || n != 4 {
			t.Errorf("published on mix: %d, %v; want 4", n, err)
		}
		if p, _ := s.Posts.Post(ctx, mix.Import.Posts["go.dev.md"]); !p.PublishedAt.Equal(now.AddDate(1, 0, 0)) {
			t.Errorf("scheduled at %v, want one year after the first run", p.PublishedAt)
		}
	})
	t.Run("japanese search on hanako", func(t *testing.T) {
		posts, total, err := s.Posts.SearchPublished(ctx, byLogin["hanako"].UserID, "キャッシュ", stgypub.PostQuery{Limit: 20})
		if err != nil || total == 0 || len(posts) == 0 {
			t.Errorf("search: %d posts, total %d, %v", len(posts), total, err)
		}
	})
}

// countPosts counts userID's posts, published or not.
func countPosts(t *testing.T, s *store.Store, userID stgypub.ID) int {
	t.Helper()
	n, err := s.DB.NewSelect().Table("posts").Where("owned_by = ?", int64(userID)).Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}
