package api_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/server/api"
)

// TestBotStatsAndShareCounts: pubBotStats is the owner's and admins'
// live report (a crawl shows at once, no cache), with titles, totals per
// family and the daily series; others are refused; days out of range is
// BAD_USER_INPUT. Post.shareCounts is the owner's and admins', null for
// anyone else.
func TestBotStatsAndShareCounts(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(_ *api.Config, d *api.Deps) {})
	e.deps.Resolver.Insight = e.counter
	ctx := context.Background()
	p := e.post(t, e.owner, "# Crawled & shared 日本語\n\nbody", ago(time.Hour))
	for range 3 {
		e.counter.QueueCrawl(ctx, stgypub.Crawl{PostID: p.ID, OwnerID: e.owner.ID, Family: "AI"})
	}
	e.counter.QueueCrawl(ctx, stgypub.Crawl{PostID: p.ID, OwnerID: e.owner.ID, Family: "SEARCH"})
	e.counter.QueueShare(ctx, stgypub.Share{PostID: p.ID, OwnerID: e.owner.ID, Service: "hatena", Fingerprint: [4]byte{1}})
	if err := e.counter.WaitRecorded(ctx); err != nil {
		t.Fatal(err)
	}
	const q = `query($u: ID!, $d: Int!) { pubBotStats(userId: $u, days: $d) { postId title total crawls { family count } daily { date crawls { family count } } } }`
	vars := map[string]any{"u": e.owner.ID.String(), "d": 7}
	for _, who := range []string{"owner", "admin"} {
		var rows []struct {
			PostID string
			Title  string
			Total  int
			Crawls []struct {
				Family string
				Count  int
			}
			Daily []struct {
				Date   string
				Crawls []struct {
					Family string
					Count  int
				}
			}
		}
		e.do(t, req{as: who, query: q, variables: vars}).data(t, "pubBotStats", &rows)
		if len(rows) != 1 || rows[0].PostID != p.ID.String() || rows[0].Title != "Crawled & shared 日本語" || rows[0].Total != 4 {
			t.Fatalf("%s: %+v", who, rows)
		}
		c := rows[0].Crawls
		if len(c) != 4 || c[0].Family != "SEARCH" || c[0].Count != 1 || c[2].Family != "AI" || c[2].Count != 3 || c[3].Family != "OTHER" {
			t.Errorf("crawls = %+v", c)
		}
		if d := rows[0].Daily; len(d) != 7 || d[6].Crawls[2].Count != 3 {
			t.Errorf("daily = %+v", d)
		}
	}
	for _, who := range []string{"", "other"} {
		if r := e.do(t, req{as: who, query: q, variables: vars}); r.code() != "UNAUTHENTICATED" && r.code() != "FORBIDDEN" {
			t.Errorf("%q: %s", who, r.raw)
		}
	}
	for _, d := range []int{0, 16, -3} {
		if r := e.do(t, req{as: "owner", query: q, variables: map[string]any{"u": e.owner.ID.String(), "d": d}}); r.code() != "BAD_USER_INPUT" {
			t.Errorf("days %d: %s", d, r.raw)
		}
	}
	const sq = `query($id: ID!) { publishedPost(id: $id) { shareCounts { service count } } }`
	for who, wantNull := range map[string]bool{"owner": false, "admin": false, "other": true, "": true} {
		var post struct {
			ShareCounts json.RawMessage
		}
		e.do(t, req{as: who, query: sq, variables: map[string]any{"id": p.ID.String()}}).data(t, "publishedPost", &post)
		if wantNull {
			if string(post.ShareCounts) != "null" {
				t.Errorf("%q sees share counts %s", who, post.ShareCounts)
			}
			continue
		}
		var counts []struct {
			Service string
			Count   int
		}
		if err := json.Unmarshal(post.ShareCounts, &counts); err != nil {
			t.Fatal(err)
		}
		if len(counts) != 5 || counts[3].Service != "HATENA" || counts[3].Count != 1 || counts[0].Service != "X" || counts[0].Count != 0 {
			t.Errorf("%s: shareCounts = %+v", who, counts)
		}
	}
}
