package api_test

import (
	"encoding/hex"
	"fmt"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/visitor"
)

// TestStatsDailyPv: Stats.dailyPv and PostStats.dailyPv are the pv of
// daily, day by day in the same order, on the totals, on every row of
// posts, on postsPage's nodes and on post(id); a row with views has them
// on today's entry.
func TestStatsDailyPv(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	rec := `mutation($p: ID!, $f: String!, $s: String!) { recordPubView(postId: $p, fingerprint: $f, signature: $s) { recorded } }`
	var posts []*stgypub.Post
	for i := range 3 {
		p := e.post(t, e.owner, fmt.Sprintf("# Post %d\n\nbody", i), ago(time.Duration(i+1)*time.Hour))
		posts = append(posts, p)
		for v := range i + 1 {
			fp := [4]byte{9, byte(i), byte(v), 3}
			if r := e.do(t, req{query: rec, variables: map[string]any{"p": p.ID.String(), "f": hex.EncodeToString(fp[:]), "s": visitor.Sign(viewSecret, p.ID, fp)}}); len(r.Errors) != 0 {
				t.Fatalf("record: %s", r.raw)
			}
		}
	}
	type day struct {
		Date string
		PV   int
	}
	type row struct {
		ID      string
		PV      int
		Daily   []day
		DailyPv []int
	}
	var st struct {
		TotalPv   int
		Daily     []day
		DailyPv   []int
		Posts     []row
		PostsPage struct{ Nodes []row }
		Post      *row
	}
	sel := `id pv daily { date pv } dailyPv`
	e.do(t, req{as: "owner", query: `query($u: ID!, $p: ID!) { pubStats(userId: $u) { totalPv daily { date pv } dailyPv
		posts { ` + sel + ` } postsPage(first: 2) { nodes { ` + sel + ` } } post(id: $p) { ` + sel + ` } } }`,
		variables: map[string]any{"u": e.owner.ID.String(), "p": posts[2].ID.String()}}).data(t, "pubStats", &st)
	same := func(what string, daily []day, pvs []int) int {
		t.Helper()
		if len(daily) == 0 || len(pvs) != len(daily) {
			t.Fatalf("%s: %d dailyPv for %d days", what, len(pvs), len(daily))
		}
		sum := 0
		for i, d := range daily {
			if pvs[i] != d.PV {
				t.Errorf("%s: dailyPv[%d] = %d, daily %s has %d", what, i, pvs[i], d.Date, d.PV)
			}
			sum += pvs[i]
		}
		return sum
	}
	if got := same("totals", st.Daily, st.DailyPv); got != st.TotalPv || got != 6 {
		t.Errorf("totals: dailyPv sums to %d, totalPv %d (want 6)", got, st.TotalPv)
	}
	if last := st.DailyPv[len(st.DailyPv)-1]; last != 6 {
		t.Errorf("today's dailyPv %d, want 6 (%v)", last, st.DailyPv)
	}
	rows := append(append([]row{}, st.Posts...), st.PostsPage.Nodes...)
	if st.Post == nil {
		t.Fatal("post(id): null")
	}
	rows = append(rows, *st.Post)
	if len(st.Posts) != 3 || len(st.PostsPage.Nodes) != 2 || st.Post.PV != 3 {
		t.Fatalf("rows: %d posts, %d on the page, post pv %d", len(st.Posts), len(st.PostsPage.Nodes), st.Post.PV)
	}
	for _, r := range rows {
		if got := same(r.ID, r.Daily, r.DailyPv); got != r.PV {
			t.Errorf("%s: dailyPv sums to %d, pv %d", r.ID, got, r.PV)
		}
	}
}
