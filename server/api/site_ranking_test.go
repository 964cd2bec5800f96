package api_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/internal/redistest"
)

type rankedJSON struct {
	Rank     int    `json:"rank"`
	Views    int    `json:"views"`
	URL      string `json:"url"`
	Author   string `json:"author"`
	SiteName string `json:"siteName"`
	SiteURL  string `json:"siteUrl"`
	Post     struct {
		ID    string `json:"id"`
		Title string `json:"title"`
		Owner struct {
			Nickname string `json:"nickname"`
		} `json:"owner"`
	} `json:"post"`
	Site struct {
		ID     string `json:"id"`
		Config struct {
			SiteName string `json:"siteName"`
		} `json:"config"`
	} `json:"site"`
}

const siteRankingQuery = `query($d: Int, $n: Int) { siteRanking(days: $d, limit: $n) {
  rank views url author siteName siteUrl
  post { id title owner { nickname } }
  site { id config { siteName } } } }`

// TestSiteRankingAPI: siteRanking returns the published posts of every
// owner by views with their title, author, site and absolute URLs; the
// default window is the week and the default limit 10; a post
// unpublished after the ranking was cached drops out at once;
// pubRanking takes days; bad days and limits are BAD_USER_INPUT.
func TestSiteRankingAPI(t *testing.T) {
	e := newEnv(t, func(_ *apiConfig, d *apiDeps) { d.Resolver.BaseURL = baseURL })
	ctx := context.Background()
	cfg := stgypub.DefaultPubConfig(e.admin.ID)
	cfg.SiteName, cfg.Author = "Admin's Notes", "The Admin"
	if err := e.st.Users.UpdatePubConfig(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	o1 := e.post(t, e.owner, "# Owner one\n\nBody.", ago(time.Hour))
	o2 := e.post(t, e.owner, "# Owner two\n\nBody.", ago(time.Hour))
	x1 := e.post(t, e.other, "# Other one\n\nBody.", ago(time.Hour))
	a1 := e.post(t, e.admin, "# Admin one\n\nBody.", ago(time.Hour))
	fps := 0
	for p, n := range map[*stgypub.Post]int{x1: 5, a1: 4, o1: 3, o2: 1} {
		for range n {
			fps++
			v := stgypub.View{PostID: p.ID, OwnerID: p.OwnedBy, PublishedAt: *p.PublishedAt,
				Fingerprint: [4]byte{0, 0, byte(fps >> 8), byte(fps)}}
			if _, err := e.counter.RecordView(ctx, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	e.counter.Wait()

	var got []rankedJSON
	e.do(t, req{query: siteRankingQuery, variables: map[string]any{"d": 7, "n": 3}}).data(t, "siteRanking", &got)
	if len(got) != 3 {
		t.Fatalf("%d entries: %+v", len(got), got)
	}
	want := []struct {
		post             *stgypub.Post
		views            int
		title, author    string
		siteName, config string
	}{
		{x1, 5, "Other one", "other nick", "other nick", ""},
		{a1, 4, "Admin one", "The Admin", "Admin's Notes", "Admin's Notes"},
		{o1, 3, "Owner one", "owner nick", "owner nick", ""},
	}
	for i, w := range want {
		g := got[i]
		if g.Rank != i+1 || g.Views != w.views || g.Post.ID != w.post.ID.String() || g.Post.Title != w.title ||
			g.Author != w.author || g.SiteName != w.siteName || g.Site.Config.SiteName != w.config ||
			g.URL != baseURL+"/pub/"+w.post.ID.String() || g.SiteURL != baseURL+"/sites/"+w.post.OwnedBy.String() ||
			g.Site.ID != w.post.OwnedBy.String() || !strings.HasSuffix(g.Post.Owner.Nickname, "nick") {
			t.Errorf("entry %d = %+v, want %+v", i, g, w)
		}
	}

	// Defaults: days 7, limit 10.
	got = nil
	e.do(t, req{query: `{ siteRanking { rank views post { id } } }`}).data(t, "siteRanking", &got)
	if len(got) != 4 || got[3].Post.ID != o2.ID.String() || got[3].Views != 1 {
		t.Errorf("defaults: %+v", got)
	}

	// Unpublished after the ranking was cached: gone at once.
	if _, err := e.deps.Resolver.Owner.SetPublication(ctx, e.other, x1.ID, nil); err != nil {
		t.Fatal(err)
	}
	got = nil
	e.do(t, req{query: siteRankingQuery, variables: map[string]any{"d": 7, "n": 3}}).data(t, "siteRanking", &got)
	if len(got) != 3 || got[0].Post.ID != a1.ID.String() || got[2].Post.ID != o2.ID.String() {
		t.Errorf("after unpublishing: %+v", got)
	}

	var rank []struct {
		ID string `json:"id"`
		PV int    `json:"pv"`
	}
	e.do(t, req{query: `query($u: ID!) { pubRanking(userId: $u, days: 1) { id pv } }`,
		variables: map[string]any{"u": e.owner.ID.String()}}).data(t, "pubRanking", &rank)
	if len(rank) != 2 || rank[0].ID != o1.ID.String() || rank[0].PV != 3 {
		t.Errorf("pubRanking(days: 1) = %+v", rank)
	}

	for _, c := range []struct {
		name, query string
		vars        map[string]any
	}{
		{"days 0", siteRankingQuery, map[string]any{"d": 0}},
		{"days -1", siteRankingQuery, map[string]any{"d": -1}},
		{"days beyond retention", siteRankingQuery, map[string]any{"d": 16}},
		{"negative limit", siteRankingQuery, map[string]any{"n": -1}},
		{"pubRanking days 0", `query($u: ID!) { pubRanking(userId: $u, days: 0) { id } }`, map[string]any{"u": e.owner.ID.String()}},
		{"pubRanking days 16", `query($u: ID!) { pubRanking(userId: $u, days: 16) { id } }`, map[string]any{"u": e.owner.ID.String()}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if r := e.do(t, req{query: c.query, variables: c.vars}); r.code() != stgypub.CodeBadUserInput {
				t.Errorf("code = %q: %s", r.code(), r.raw)
			}
		})
	}
	t.Run("limit clamped to 20", func(t *testing.T) {
		var got []rankedJSON
		e.do(t, req{query: siteRankingQuery, variables: map[string]any{"n": 500}}).data(t, "siteRanking", &got)
		if len(got) != 3 {
			t.Errorf("%d entries", len(got))
		}
	})
}

// TestSiteRankingRedisDown: with Redis stopped, siteRanking answers
// UNAVAILABLE (retry later), not INTERNAL.
func TestSiteRankingRedisDown(t *testing.T) {
	srv := redistest.Start(t)
	down := counter.New(srv.Client, nil, counter.Config{Budget: 200 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)})
	srv.Stop()
	e := newEnv(t, func(_ *apiConfig, d *apiDeps) { d.Resolver.Counter = down })
	r := e.do(t, req{query: `{ siteRanking(days: 7) { rank } }`})
	if r.code() != stgypub.CodeUnavailable {
		t.Fatalf("code = %q: %s", r.code(), r.raw)
	}
}
