package api_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

type postJSON struct {
	ID          string    `json:"id"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	HTML        string    `json:"html"`
	Digest      string    `json:"digest"`
	ViewCount   int       `json:"viewCount"`
	Owner       *userJSON `json:"owner"`
	Prev        *postJSON `json:"prev"`
	Next        *postJSON `json:"next"`
}

type userJSON struct {
	ID       string `json:"id"`
	Nickname string `json:"nickname"`
}

func postIDs(ps []postJSON) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
}

func TestPublicQueries(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	future := time.Now().Add(48 * time.Hour)
	p1 := e.post(t, e.owner, "# First\n\nHello <b>world</b> apple.", ago(3*time.Hour))
	p2 := e.post(t, e.owner, "# Second\n\nBody about apple pie.", ago(2*time.Hour))
	p3 := e.post(t, e.owner, "# Third\n\n<script>alert(1)</script> text", ago(1*time.Hour))
	draft := e.post(t, e.owner, "# Draft\n\napple draft", nil)
	sched := e.post(t, e.owner, "# Scheduled\n\napple later", &future)
	foreign := e.post(t, e.other, "# Other's\n\nx", ago(time.Hour))
	id := func(p *stgypub.Post) string { return p.ID.String() }

	t.Run("site listing newest and oldest with totalCount", func(t *testing.T) {
		r := e.do(t, req{query: `query($u: ID!) { site(userId: $u) { id owner { id nickname } config { siteName showSideRecent }
			newest: posts { totalCount items { id title owner { nickname } } }
			oldest: posts(order: OLDEST, offset: 1, limit: 1) { totalCount items { id } }
			recent(limit: 2) { id } } }`, variables: map[string]any{"u": e.owner.ID.String()}})
		var site struct {
			ID     string   `json:"id"`
			Owner  userJSON `json:"owner"`
			Config struct {
				ShowSideRecent int `json:"showSideRecent"`
			} `json:"config"`
			Newest struct {
				TotalCount int        `json:"totalCount"`
				Items      []postJSON `json:"items"`
			} `json:"newest"`
			Oldest struct {
				TotalCount int        `json:"totalCount"`
				Items      []postJSON `json:"items"`
			} `json:"oldest"`
			Recent []postJSON `json:"recent"`
		}
		r.data(t, "site", &site)
		if got, want := strings.Join(postIDs(site.Newest.Items), ","), strings.Join([]string{id(p3), id(p2), id(p1)}, ","); got != want {
			t.Errorf("newest = %s, want %s", got, want)
		}
		if site.Newest.TotalCount != 3 || site.Oldest.TotalCount != 3 {
			t.Errorf("totalCount = %d/%d, want 3", site.Newest.TotalCount, site.Oldest.TotalCount)
		}
		if len(site.Oldest.Items) != 1 || site.Oldest.Items[0].ID != id(p2) {
			t.Errorf("oldest offset 1 limit 1 = %v, want [%s]", postIDs(site.Oldest.Items), id(p2))
		}
		if site.Newest.Items[0].Title != "Third" || site.Newest.Items[0].Owner.Nickname != "owner nick" {
			t.Errorf("item = %+v", site.Newest.Items[0])
		}
		if site.Owner.Nickname != "owner nick" || site.Config.ShowSideRecent != 5 {
			t.Errorf("owner/config = %+v %+v", site.Owner, site.Config)
		}
		if got := postIDs(site.Recent); len(got) != 2 || got[0] != id(p3) {
			t.Errorf("recent = %v", got)
		}
	})

	t.Run("publishedPost with prev and next and sanitized html", func(t *testing.T) {
		r := e.do(t, req{query: `query($id: ID!) { publishedPost(id: $id) { id title html prev { id } next { id } } }`,
			variables: map[string]any{"id": id(p2)}})
		var p postJSON
		r.data(t, "publishedPost", &p)
		if p.Prev == nil || p.Prev.ID != id(p1) || p.Next == nil || p.Next.ID != id(p3) {
			t.Errorf("prev/next = %+v/%+v, want %s/%s", p.Prev, p.Next, id(p1), id(p3))
		}
		if !strings.Contains(p.HTML, "apple pie") {
			t.Errorf("html = %q", p.HTML)
		}
		r = e.do(t, req{query: `query($id: ID!) { publishedPost(id: $id) { html prev { id } next { id } } }`,
			variables: map[string]any{"id": id(p3)}})
		r.data(t, "publishedPost", &p)
		if strings.Contains(p.HTML, "<script") || p.Next != nil {
			t.Errorf("newest post: html %q next %+v", p.HTML, p.Next)
		}
	})

	t.Run("publishedPost is null when not published", func(t *testing.T) {
		for name, p := range map[string]*stgypub.Post{"draft": draft, "scheduled": sched} {
			r := e.do(t, req{query: `query($id: ID!) { publishedPost(id: $id) { id } }`, variables: map[string]any{"id": id(p)}})
			if len(r.Errors) > 0 || string(r.Data["publishedPost"]) != "null" {
				t.Errorf("%s: %s", name, r.raw)
			}
		}
	})

	t.Run("by ids: one result per position, null where not published", func(t *testing.T) {
		lower := strings.ToLower(id(p1))
		r := e.do(t, req{query: `query($ids: [ID!]!) { publishedPostsByIds(ids: $ids) { id } }`,
			variables: map[string]any{"ids": []string{id(p1), id(draft), id(foreign), id(sched), id(p3), "00000000000000FF", lower, id(p3)}}})
		want := `[{"id":"` + id(p1) + `"},null,{"id":"` + id(foreign) + `"},null,{"id":"` + id(p3) + `"},null,{"id":"` + id(p1) + `"},{"id":"` + id(p3) + `"}]`
		if len(r.Errors) > 0 || string(r.Data["publishedPostsByIds"]) != want {
			t.Errorf("by ids = %s, want %s", r.Data["publishedPostsByIds"], want)
		}
	})

	t.Run("search returns KWIC fragments", func(t *testing.T) {
		r := e.do(t, req{query: `query($u: ID!) { site(userId: $u) { search(query: "APPLE") { totalCount items { post { id } fragments { before match after } } } } }`,
			variables: map[string]any{"u": e.owner.ID.String()}})
		var site struct {
			Search struct {
				TotalCount int `json:"totalCount"`
				Items      []struct {
					Post      postJSON `json:"post"`
					Fragments []struct{ Before, Match, After string }
				} `json:"items"`
			} `json:"search"`
		}
		r.data(t, "site", &site)
		if site.Search.TotalCount != 2 || len(site.Search.Items) != 2 {
			t.Fatalf("search = %s", r.raw)
		}
		f := site.Search.Items[0].Fragments
		if len(f) != 1 || f[0].Match != "apple" || !strings.HasSuffix(f[0].Before, "about ") {
			t.Errorf("fragments = %+v", f)
		}
	})

	t.Run("ranking and popular", func(t *testing.T) {
		for i, p := range []*stgypub.Post{p2, p2, p1} {
			if _, err := e.counter.RecordView(t.Context(), stgypub.View{PostID: p.ID, OwnerID: p.OwnedBy, PublishedAt: *p.PublishedAt, Fingerprint: [4]byte{byte(i)}}); err != nil {
				t.Fatal(err)
			}
		}
		r := e.do(t, req{query: `query($u: ID!) { pubRanking(userId: $u, limit: 100) { id pv } site(userId: $u) { popular { id viewCount } } }`,
			variables: map[string]any{"u": e.owner.ID.String()}})
		var rank []struct {
			ID string `json:"id"`
			PV int    `json:"pv"`
		}
		r.data(t, "pubRanking", &rank)
		if len(rank) != 2 || rank[0].ID != id(p2) || rank[0].PV != 2 || rank[1].PV != 1 {
			t.Errorf("ranking = %+v", rank)
		}
		var site struct{ Popular []postJSON }
		r.data(t, "site", &site)
		if len(site.Popular) != 2 || site.Popular[0].ID != id(p2) || site.Popular[0].ViewCount != 2 {
			t.Errorf("popular = %+v", site.Popular)
		}
	})

	codes := []struct {
		name, query string
		vars        map[string]any
		code        string
	}{
		{"bad ID", `{ publishedPost(id: "xyz") { id } }`, nil, stgypub.CodeBadUserInput},
		{"more than 20 ids", `query($ids: [ID!]!) { publishedPostsByIds(ids: $ids) { id } }`, map[string]any{"ids": manyIDs(21)}, stgypub.CodeBadUserInput},
		{"negative ranking limit", `query($u: ID!) { pubRanking(userId: $u, limit: -1) { id } }`, map[string]any{"u": e.owner.ID.String()}, stgypub.CodeBadUserInput},
		{"pubConfig of unknown user", `{ pubConfig(userId: "00000000000000FF") { siteName } }`, nil, stgypub.CodeNotFound},
		{"unknown field", `{ nope }`, nil, "GRAPHQL_VALIDATION_FAILED"},
		{"parse error", `{ site(`, nil, "GRAPHQL_PARSE_FAILED"},
		{"variable of wrong type", `query($n: Int) { pubRanking(userId: "00000000000000FF", limit: $n) { id } }`, map[string]any{"n": "five"}, stgypub.CodeBadUserInput},
		{"enum variable in the wrong case", `query($u: ID!, $o: PostOrder) { site(userId: $u) { posts(order: $o) { totalCount } } }`, map[string]any{"u": e.owner.ID.String(), "o": "newest"}, stgypub.CodeBadUserInput},
		{"ID variable not hex", `query($id: ID!) { publishedPost(id: $id) { id } }`, map[string]any{"id": "19FD706DCB60000Z"}, stgypub.CodeBadUserInput},
		{"ID variable a number", `query($id: ID!) { publishedPost(id: $id) { id } }`, map[string]any{"id": 5}, stgypub.CodeBadUserInput},
		{"negative offset", `query($u: ID!) { site(userId: $u) { posts(offset: -1) { totalCount } } }`, map[string]any{"u": e.owner.ID.String()}, stgypub.CodeBadUserInput},
		{"empty search", `query($u: ID!) { site(userId: $u) { search(query: "  ") { totalCount } } }`, map[string]any{"u": e.owner.ID.String()}, stgypub.CodeBadUserInput},
	}
	for _, c := range codes {
		t.Run(c.name, func(t *testing.T) {
			r := e.do(t, req{query: c.query, variables: c.vars})
			if r.code() != c.code {
				t.Errorf("code = %q, want %q: %s", r.code(), c.code, r.raw)
			}
		})
	}

	t.Run("unknown site is null", func(t *testing.T) {
		r := e.do(t, req{query: `{ site(userId: "00000000000000FF") { id } }`})
		if len(r.Errors) > 0 || string(r.Data["site"]) != "null" {
			t.Errorf("%s", r.raw)
		}
	})

	t.Run("ranking limit zero is empty", func(t *testing.T) {
		r := e.do(t, req{query: `query($u: ID!) { pubRanking(userId: $u, limit: 0) { id } }`, variables: map[string]any{"u": e.owner.ID.String()}})
		if len(r.Errors) > 0 || string(r.Data["pubRanking"]) != "[]" {
			t.Errorf("%s", r.raw)
		}
	})
}

func manyIDs(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%016X", i+1)
	}
	return out
}
