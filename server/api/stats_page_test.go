package api_test

import (
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/visitor"
)

// TestStatsPagingSameTotals: paging Stats.postsPage in either sort, two
// rows at a time, returns every row of the unpaged posts exactly once with
// the same page views, totalCount is their number and the totals do not
// depend on the page; a foreign cursor and first below 1 are
// BAD_USER_INPUT.
func TestStatsPagingSameTotals(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	rec := `mutation($p: ID!, $f: String!, $s: String!) { recordPubView(postId: $p, fingerprint: $f, signature: $s) { recorded } }`
	var posts []*stgypub.Post
	for i := range 7 {
		p := e.post(t, e.owner, fmt.Sprintf("# Post %d\n\nbody", i), ago(time.Duration(i+1)*time.Hour))
		posts = append(posts, p)
		for v := range i % 4 { // views 0,1,2,3,0,1,2: ties on purpose
			fp := [4]byte{7, byte(i), byte(v), 1}
			if r := e.do(t, req{query: rec, variables: map[string]any{"p": p.ID.String(), "f": hex.EncodeToString(fp[:]), "s": visitor.Sign(viewSecret, p.ID, fp)}}); len(r.Errors) != 0 {
				t.Fatalf("record: %s", r.raw)
			}
		}
	}
	type row struct {
		ID string
		PV int
	}
	var full struct {
		TotalPv int
		Posts   []row
	}
	e.do(t, req{as: "owner", query: `query($u: ID!) { pubStats(userId: $u) { totalPv posts { id pv } } }`,
		variables: map[string]any{"u": e.owner.ID.String()}}).data(t, "pubStats", &full)
	want := map[string]int{}
	sum := 0
	for _, r := range full.Posts {
		want[r.ID] = r.PV
		sum += r.PV
	}
	if sum != full.TotalPv || sum != 9 {
		t.Fatalf("unpaged: total %d, rows sum %d (want 9)", full.TotalPv, sum)
	}
	q := `query($u: ID!, $a: String, $s: PostStatsSort) { pubStats(userId: $u) { totalPv
		postsPage(first: 2, after: $a, sort: $s) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id pv } } } } }`
	for _, sort := range []string{"PV_DESC", "PUBLISHED_DESC"} {
		t.Run(sort, func(t *testing.T) {
			got := map[string]int{}
			var order []row
			var after any
			for page := 0; ; page++ {
				var st struct {
					TotalPv   int
					PostsPage struct {
						TotalCount int
						PageInfo   struct {
							HasNextPage bool
							EndCursor   string
						}
						Edges []struct {
							Cursor string
							Node   row
						}
					}
				}
				e.do(t, req{as: "owner", query: q, variables: map[string]any{"u": e.owner.ID.String(), "a": after, "s": sort}}).data(t, "pubStats", &st)
				if st.TotalPv != full.TotalPv || st.PostsPage.TotalCount != len(full.Posts) {
					t.Fatalf("page %d: totalPv %d totalCount %d, unpaged %d and %d", page, st.TotalPv, st.PostsPage.TotalCount, full.TotalPv, len(full.Posts))
				}
				for _, ed := range st.PostsPage.Edges {
					if _, dup := got[ed.Node.ID]; dup {
						t.Fatalf("row %s twice", ed.Node.ID)
					}
					got[ed.Node.ID] = ed.Node.PV
					order = append(order, ed.Node)
				}
				if !st.PostsPage.PageInfo.HasNextPage {
					break
				}
				after = st.PostsPage.PageInfo.EndCursor
				if page > 10 {
					t.Fatal("paging does not end")
				}
			}
			if len(got) != len(want) {
				t.Fatalf("paged %d rows, unpaged %d", len(got), len(want))
			}
			for id, pv := range want {
				if got[id] != pv {
					t.Errorf("row %s: paged pv %d, unpaged %d", id, got[id], pv)
				}
			}
			if sort == "PUBLISHED_DESC" && order[0].ID != posts[1].ID.String() {
				t.Errorf("newest first: got %s, want %s", order[0].ID, posts[1].ID) // posts[0] has no views: no row
			}
			for i := 1; sort == "PV_DESC" && i < len(order); i++ {
				if order[i].PV > order[i-1].PV {
					t.Errorf("PV order broken at %d: %v", i, order)
				}
			}
		})
	}
	// Every sort and period, forward then backward: the same rows, each
	// once, and last/before walks them back in the same order.
	qb := `query($u: ID!, $a: String, $b: String, $f: Int, $l: Int, $s: PostStatsSort, $d: Int) { pubStats(userId: $u) { totalPv
		postsPage(first: $f, after: $a, last: $l, before: $b, sort: $s, days: $d) { totalCount maxPv pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { periodPv node { id pv } } } } }`
	type pageT struct {
		TotalCount, MaxPv int
		PageInfo          struct {
			HasNextPage, HasPreviousPage bool
			StartCursor, EndCursor       string
		}
		Edges []struct {
			PeriodPv int
			Node     row
		}
	}
	for _, sort := range []string{"PV_DESC", "PV_ASC", "PUBLISHED_DESC", "PUBLISHED_ASC", "TITLE_ASC", "TITLE_DESC", "ID_ASC", "ID_DESC"} {
		for _, days := range []any{nil, 1, 15} {
			t.Run(fmt.Sprintf("%s_%v", sort, days), func(t *testing.T) {
				get := func(v map[string]any) pageT {
					v["u"], v["s"], v["d"] = e.owner.ID.String(), sort, days
					var st struct{ PostsPage pageT }
					e.do(t, req{as: "owner", query: qb, variables: v}).data(t, "pubStats", &st)
					return st.PostsPage
				}
				var fwd []string
				var after any
				maxPv := 0
				for page := 0; ; page++ {
					p := get(map[string]any{"f": 3, "a": after})
					for _, ed := range p.Edges {
						fwd = append(fwd, ed.Node.ID)
						maxPv = max(maxPv, ed.PeriodPv)
						if days != 1 && ed.PeriodPv != ed.Node.PV {
							t.Errorf("%s: periodPv %d over the window, pv %d", ed.Node.ID, ed.PeriodPv, ed.Node.PV)
						}
					}
					if !p.PageInfo.HasNextPage {
						if p.MaxPv != maxPv {
							t.Errorf("maxPv %d, rows' max %d", p.MaxPv, maxPv)
						}
						break
					}
					after = p.PageInfo.EndCursor
					if page > 10 {
						t.Fatal("paging does not end")
					}
				}
				if len(fwd) != len(want) {
					t.Fatalf("forward: %d rows, want %d", len(fwd), len(want))
				}
				var back []string
				var before any
				for page := 0; ; page++ {
					p := get(map[string]any{"l": 3, "b": before})
					ids := make([]string, len(p.Edges))
					for i, ed := range p.Edges {
						ids[i] = ed.Node.ID
					}
					back = append(ids, back...)
					if !p.PageInfo.HasPreviousPage {
						break
					}
					before = p.PageInfo.StartCursor
					if page > 10 {
						t.Fatal("backward paging does not end")
					}
				}
				if strings.Join(back, ",") != strings.Join(fwd, ",") {
					t.Errorf("backward %v, forward %v", back, fwd)
				}
			})
		}
	}
	for _, bad := range []map[string]any{{"a": "bm90LWEtY3Vyc29y"}, {"a": "p1:123:ABC"}, {"f": 0}} {
		qq := `query($u: ID!, $a: String, $f: Int) { pubStats(userId: $u) { postsPage(first: $f, after: $a) { totalCount } } }`
		if _, ok := bad["f"]; !ok {
			bad["f"] = 2
		}
		bad["u"] = e.owner.ID.String()
		r := e.do(t, req{as: "owner", query: qq, variables: bad})
		if !strings.Contains(string(r.raw), "BAD_USER_INPUT") {
			t.Errorf("%v: %s", bad, r.raw)
		}
	}
	var first struct{ PostsPage pageT }
	e.do(t, req{as: "owner", query: qb, variables: map[string]any{"u": e.owner.ID.String(), "f": 2, "s": "PV_DESC"}}).data(t, "pubStats", &first)
	cur := first.PostsPage.PageInfo.EndCursor
	for _, bad := range []map[string]any{
		{"d": 0}, {"d": 16}, {"d": -1}, {"f": 2, "l": 2}, {"a": cur, "b": cur},
		{"a": cur, "s": "TITLE_ASC"}, {"a": cur, "d": 7}, {"l": 0}, {"b": "bm9wZQ"},
	} {
		bad["u"] = e.owner.ID.String()
		r := e.do(t, req{as: "owner", query: qb, variables: bad})
		if !strings.Contains(string(r.raw), "BAD_USER_INPUT") {
			t.Errorf("%v: %s", bad, r.raw)
		}
	}
}
