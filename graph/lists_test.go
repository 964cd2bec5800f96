package graph_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

// TestListsInOrder: a list whose items make no load, or only loads a
// prefetch primed for every item, is marshaled on one goroutine
// (Loaders.Lists counts it); one whose selection reads on its own (html),
// reaches a load no prefetch primes (a neighbour's view count) or whose
// prefetch failed keeps gqlgen's concurrent marshaling, so its loads
// still batch. Either way every item is in its place with its values.
func TestListsInOrder(t *testing.T) {
	cases := []struct {
		name, selection, fragment string
		failViews                 bool
		inOrder, concurrent       int
	}{
		{"primed loads", `id title url viewCount prev { id title } site { name author }`, "", false, 1, 0},
		{"computed only", `id description publishedAt tags`, "", false, 1, 0},
		{"fragment with a load", `id ...F`, `fragment F on Post { viewCount owner { nickname } }`, false, 1, 0},
		{"a read of its own", `id viewCount html`, "", false, 0, 1},
		{"a neighbour's load", `id prev { id viewCount }`, "", false, 0, 1},
		{"prefetch failed", `id viewCount`, "", true, 0, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeAPI(t)
			alice, pub := seedPopular(f)
			if tc.failViews {
				f.counter.viewCountsErr = fmt.Errorf("redis: %w", context.DeadlineExceeded)
			}
			ids := pub[:5]
			r := f.do(t, nil, `query($ids: [ID!]!) { publishedPostsByIds(ids: $ids) { `+tc.selection+` } } `+tc.fragment,
				map[string]any{"ids": strings.Split(idList(ids...), ",")})
			var posts []struct {
				ID        string
				Title     string
				ViewCount *int
				Site      struct{ Author string }
			}
			if err := json.Unmarshal(r.Data["publishedPostsByIds"], &posts); err != nil {
				t.Fatal(err)
			}
			if len(posts) != len(ids) {
				t.Fatalf("%d posts, want %d", len(posts), len(ids))
			}
			pv := map[string]int{}
			for _, e := range f.counter.ranking {
				pv[e.ID.String()] = int(e.PV)
			}
			asksViews := strings.Contains(tc.selection+tc.fragment, "viewCount") && !strings.Contains(tc.selection, "prev { id viewCount")
			for i, p := range posts {
				if p.ID != ids[i].String() {
					t.Errorf("item %d is %s, want %s", i, p.ID, ids[i])
				}
				switch {
				case tc.failViews && p.ViewCount != nil:
					t.Errorf("post %s: view count %d while the counter fails, want null", p.ID, *p.ViewCount)
				case !tc.failViews && asksViews && (p.ViewCount == nil || *p.ViewCount != pv[p.ID]):
					t.Errorf("post %s: view count %v, want %d", p.ID, p.ViewCount, pv[p.ID])
				}
				if strings.Contains(tc.selection, "author") && p.Site.Author != alice.Nickname {
					t.Errorf("post %s: author %q", p.ID, p.Site.Author)
				}
			}
			if tc.failViews && (len(r.Errors) != len(ids) || r.code() != stgypub.CodeUnavailable) {
				t.Errorf("errors %+v, want one UNAVAILABLE per post", r.Errors)
			}
			if !tc.failViews && len(r.Errors) > 0 {
				t.Errorf("errors %+v", r.Errors)
			}
			if in, conc := f.loaders.Lists(); in != tc.inOrder || conc != tc.concurrent {
				t.Errorf("lists in order %d, concurrent %d; want %d, %d", in, conc, tc.inOrder, tc.concurrent)
			}
			// Once by the prefetch; after a failed one, once more by the
			// loader for the whole list (one batch, not one per post).
			want := 1
			if tc.failViews {
				want = 2
			}
			if got := f.counter.calls.of("ViewCounts"); asksViews && len(got) != want {
				t.Errorf("ViewCounts called %d times (%q), want %d", len(got), got, want)
			}
		})
	}
}

// TestEdgesInOrder: a connection's edges are built when asked, with the
// cursors of its pageInfo, and marshaled in order once their posts'
// view counts are primed.
func TestEdgesInOrder(t *testing.T) {
	f := newFakeAPI(t)
	alice, _ := seedPopular(f)
	r := f.do(t, nil, `query($u: ID!) { site(userId: $u) { posts(first: 3) {
		pageInfo { startCursor endCursor hasNextPage } edges { cursor node { id viewCount } } } } }`,
		map[string]any{"u": alice.ID.String()})
	var site struct {
		Posts struct {
			PageInfo struct {
				StartCursor, EndCursor string
				HasNextPage            bool
			}
			Edges []struct {
				Cursor string
				Node   struct {
					ID        string
					ViewCount *int
				}
			}
		}
	}
	r.decode(t, "site", &site)
	e, pi := site.Posts.Edges, site.Posts.PageInfo
	if len(e) != 3 || !pi.HasNextPage || pi.StartCursor != e[0].Cursor || pi.EndCursor != e[2].Cursor || e[0].Cursor == e[1].Cursor {
		t.Fatalf("posts %+v", site.Posts)
	}
	for _, x := range e {
		if x.Node.ViewCount == nil {
			t.Errorf("edge %+v: no view count", x)
		}
	}
	if in, conc := f.loaders.Lists(); in != 1 || conc != 0 {
		t.Errorf("lists in order %d, concurrent %d; want the edges in order", in, conc)
	}
}
