package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/server"
)

// TestPopularEntriesPageAndAPIAgree: the /pub sidebar's Popular entries and
// GraphQL site.popular(limit, exclude) are one rule (stgypub.PopularEntries)
// over the real counter and store. Drafts and scheduled posts ranked above
// published ones are dropped before the list is cut, so both show limit
// entries whenever enough published ones are ranked.
func TestPopularEntriesPageAndAPIAgree(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	day := 24 * time.Hour
	var pub []*stgypub.Post
	for i := range 8 {
		pub = append(pub, e.post(t, e.owner, "# Published "+string(rune('A'+i))+"\n\nBody.", ago(time.Duration(10-i)*day)))
	}
	draft := e.post(t, e.owner, "# Draft\n\nNot public.", nil)
	later := time.Now().Add(48 * time.Hour).UTC().Truncate(time.Second)
	scheduled := e.post(t, e.owner, "# Scheduled\n\nLater.", &later)

	// PVs: draft 12, pub[0] 11, scheduled 10, pub[1] 9, ... pub[6] 4;
	// pub[7] is never viewed.
	ranked := []*stgypub.Post{draft, pub[0], scheduled, pub[1], pub[2], pub[3], pub[4], pub[5], pub[6]}
	for rank, p := range ranked {
		published := time.Now().Add(-day)
		if p.PublishedAt != nil {
			published = *p.PublishedAt
		}
		for v := range 12 - rank {
			view := stgypub.View{PostID: p.ID, OwnerID: e.owner.ID, PublishedAt: published, Fingerprint: [4]byte{byte(rank), byte(v), 1, 2}}
			if _, err := e.counter.RecordView(ctx, view); err != nil {
				t.Fatal(err)
			}
		}
	}

	base, _ := url.Parse(baseURL)
	page, err := server.New(server.Config{BaseURL: base, ViewSecret: viewSecret},
		server.Deps{Posts: e.st.Posts, Users: e.st.Users, Configs: e.st.Users, Ranker: e.counter})
	if err != nil {
		t.Fatal(err)
	}
	ids := func(ps ...*stgypub.Post) []string {
		out := []string{}
		for _, p := range ps {
			out = append(out, p.ID.String())
		}
		return out
	}
	tests := []struct {
		name    string
		current *stgypub.Post
		limit   int
		want    []string
	}{
		{"current ranked first among published", pub[0], 5, ids(pub[1], pub[2], pub[3], pub[4], pub[5])},
		{"current in the middle", pub[3], 5, ids(pub[0], pub[1], pub[2], pub[4], pub[5])},
		{"current not ranked", pub[7], 5, ids(pub[0], pub[1], pub[2], pub[3], pub[4])},
		{"small limit", pub[1], 2, ids(pub[0], pub[2])},
		{"limit above the ranked posts", pub[2], 20, ids(pub[0], pub[1], pub[3], pub[4], pub[5], pub[6])},
		{"one entry", pub[6], 1, ids(pub[0])},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := stgypub.DefaultPubConfig(e.owner.ID)
			cfg.ShowSidePopular = tt.limit
			if err := e.st.Users.UpdatePubConfig(ctx, cfg); err != nil {
				t.Fatal(err)
			}
			rec := httptest.NewRecorder()
			page.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/pub/"+tt.current.ID.String(), nil))
			if rec.Code != http.StatusOK {
				t.Fatalf("page status %d", rec.Code)
			}
			onPage := popularOnPage(t, rec.Body.String())

			r := e.do(t, req{query: `query($u: ID!, $n: Int, $x: ID) { site(userId: $u) { popular(limit: $n, exclude: $x) { id } } }`,
				variables: map[string]any{"u": e.owner.ID.String(), "n": tt.limit, "x": tt.current.ID.String()}})
			var site struct{ Popular []struct{ ID string } }
			r.data(t, "site", &site)
			var inAPI []string
			for _, p := range site.Popular {
				inAPI = append(inAPI, p.ID)
			}
			if strings.Join(onPage, ",") != strings.Join(inAPI, ",") {
				t.Errorf("page %v, API %v", onPage, inAPI)
			}
			if strings.Join(onPage, ",") != strings.Join(tt.want, ",") {
				t.Errorf("page %v, want %v", onPage, tt.want)
			}
		})
	}
}

var (
	popularSection = regexp.MustCompile(`(?s)<section class="popular"[^>]*>(.*?)</section>`)
	pubLink        = regexp.MustCompile(`href="/pub/([0-9A-F]{16})"`)
)

// popularOnPage returns the post IDs the page's Popular entries link to.
func popularOnPage(t *testing.T, body string) []string {
	t.Helper()
	m := popularSection.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no Popular entries section")
	}
	out := []string{}
	for _, l := range pubLink.FindAllStringSubmatch(m[1], -1) {
		out = append(out, l[1])
	}
	return out
}

var recentSection = regexp.MustCompile(`(?s)<section class="recent"[^>]*>(.*?)</section>`)

// TestRecentPostsPageAndAPIAgree: the /pub sidebar's Recent posts and
// GraphQL site.recent(limit, excludeId) show the same posts (the rule
// stgypub.RecentPosts: the newest published posts without the article).
func TestRecentPostsPageAndAPIAgree(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ctx := context.Background()
	var pub []*stgypub.Post // oldest first
	for i := range 6 {
		pub = append(pub, e.post(t, e.owner, "# R"+string(rune('A'+i))+"\n\nBody.", ago(time.Duration(10-i)*time.Hour)))
	}
	e.post(t, e.owner, "# Draft\n\nx", nil)
	base, _ := url.Parse(baseURL)
	page, err := server.New(server.Config{BaseURL: base, ViewSecret: viewSecret}, server.Deps{Posts: e.st.Posts, Users: e.st.Users, Configs: e.st.Users, Ranker: e.counter})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		current *stgypub.Post
		limit   int
		want    []*stgypub.Post
	}{
		{pub[5], 3, []*stgypub.Post{pub[4], pub[3], pub[2]}},
		{pub[4], 3, []*stgypub.Post{pub[5], pub[3], pub[2]}},
		{pub[0], 5, []*stgypub.Post{pub[5], pub[4], pub[3], pub[2], pub[1]}},
		{pub[2], 20, []*stgypub.Post{pub[5], pub[4], pub[3], pub[1], pub[0]}},
	} {
		cfg := stgypub.DefaultPubConfig(e.owner.ID)
		cfg.ShowSideRecent = c.limit
		if err := e.st.Users.UpdatePubConfig(ctx, cfg); err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		page.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/pub/"+c.current.ID.String(), nil))
		m := recentSection.FindStringSubmatch(rec.Body.String())
		if m == nil {
			t.Fatalf("no Recent posts on the page (%d)", rec.Code)
		}
		var onPage, want []string
		for _, l := range pubLink.FindAllStringSubmatch(m[1], -1) {
			onPage = append(onPage, l[1])
		}
		for _, p := range c.want {
			want = append(want, p.ID.String())
		}
		r := e.do(t, req{query: `query($u: ID!, $n: Int, $x: ID) { site(userId: $u) { recent(limit: $n, excludeId: $x) { id } } }`,
			variables: map[string]any{"u": e.owner.ID.String(), "n": c.limit, "x": c.current.ID.String()}})
		var site struct{ Recent []postJSON }
		r.data(t, "site", &site)
		if inAPI := postIDs(site.Recent); strings.Join(onPage, ",") != strings.Join(want, ",") || strings.Join(inAPI, ",") != strings.Join(want, ",") {
			t.Errorf("current %s limit %d: page %v, API %v, want %v", c.current.ID, c.limit, onPage, inAPI, want)
		}
	}
}
