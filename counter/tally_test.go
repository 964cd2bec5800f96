package counter

import (
	"context"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func crawlsOf(t *testing.T, rows []stgypub.PostBotStats, post stgypub.ID) map[string]int64 {
	t.Helper()
	for _, r := range rows {
		if r.PostID == post {
			out := map[string]int64{}
			for _, c := range r.Crawls {
				out[c.Name] = c.Count
			}
			return out
		}
	}
	return nil
}

// TestCrawlsPerFamily: every family is counted per post, in the same
// batches as views, and never as a view; the counts survive Redis losing
// them once flushed to PostgreSQL; each day has its own entry.
func TestCrawlsPerFamily(t *testing.T) {
	f := newFixture(t, 2, Config{FlushInterval: time.Hour})
	ctx := context.Background()
	want := map[string]int64{"SEARCH": 3, "SOCIAL": 2, "AI": 5, "OTHER": 1}
	for fam, n := range want {
		for range n {
			f.c.QueueCrawl(ctx, stgypub.Crawl{PostID: f.posts[0], OwnerID: f.owner, Family: fam})
		}
	}
	f.c.QueueCrawl(ctx, stgypub.Crawl{PostID: f.posts[1], OwnerID: f.owner, Family: "AI"})
	f.c.QueueCrawl(ctx, stgypub.Crawl{PostID: f.posts[1], OwnerID: f.owner, Family: "no such family"})
	f.view(t, f.posts[1], 1) // one reader among the crawls
	if err := f.c.WaitRecorded(ctx); err != nil {
		t.Fatal(err)
	}
	rows, err := f.c.BotStats(ctx, f.owner, 15)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].PostID != f.posts[0] || rows[0].Total != 11 {
		t.Fatalf("BotStats = %+v", rows)
	}
	got := crawlsOf(t, rows, f.posts[0])
	for fam, n := range want {
		if got[fam] != n {
			t.Errorf("post 0 %s = %d, want %d (all %v)", fam, got[fam], n, got)
		}
	}
	if g := crawlsOf(t, rows, f.posts[1]); g["AI"] != 1 || g["OTHER"] != 1 {
		t.Errorf("post 1 = %v", g)
	}
	if d := rows[0].Daily; len(d) != 15 || d[14].Date != "20260310" || d[14].Counts[2].Name != "AI" || d[14].Counts[2].Count != 5 || d[13].Counts[2].Count != 0 {
		t.Errorf("daily series = %+v", d)
	}
	// Never a view: post 0 has no PV, post 1 exactly the reader's.
	counts, err := f.c.ViewCounts(ctx, f.owner, f.posts)
	if err != nil {
		t.Fatal(err)
	}
	if counts[f.posts[0]] != 0 || counts[f.posts[1]] != 1 {
		t.Errorf("views = %v, want 0 and 1", counts)
	}
	// days: the last N days; out of range is BAD_USER_INPUT.
	if one, err := f.c.BotStats(ctx, f.owner, 1); err != nil || len(one) != 2 || len(one[0].Daily) != 1 {
		t.Errorf("BotStats(1) = %+v, %v", one, err)
	}
	for _, bad := range []int{0, -1, 16} {
		if _, err := f.c.BotStats(ctx, f.owner, bad); stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
			t.Errorf("BotStats(days=%d) err = %v", bad, err)
		}
	}
	// Flushed, then lost in Redis: PostgreSQL still has them.
	if err := f.c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if err := f.rdb.Del(ctx, f.c.keys.key(crawlDailyKind, f.owner, []byte("20260310"))).Err(); err != nil {
		t.Fatal(err)
	}
	rows, err = f.c.BotStats(ctx, f.owner, 15)
	if err != nil {
		t.Fatal(err)
	}
	if got := crawlsOf(t, rows, f.posts[0]); got["AI"] != 5 || got["SEARCH"] != 3 {
		t.Errorf("after Redis lost the day: %v", got)
	}
	// A later day counts apart.
	f.clk.Set(testNow.Add(24 * time.Hour))
	f.c.QueueCrawl(ctx, stgypub.Crawl{PostID: f.posts[0], OwnerID: f.owner, Family: "AI"})
	if err := f.c.WaitRecorded(ctx); err != nil {
		t.Fatal(err)
	}
	rows, _ = f.c.BotStats(ctx, f.owner, 2)
	if d := rows[0].Daily; d[0].Counts[2].Count != 5 || d[1].Counts[2].Count != 1 || crawlsOf(t, rows, f.posts[0])["AI"] != 6 {
		t.Errorf("two days = %+v", rows[0])
	}
}

// TestSharesDeduplicated: a fingerprint's repeat of the same service is
// not counted again; other services and readers are; counts survive a
// flush and the loss of Redis.
func TestSharesDeduplicated(t *testing.T) {
	f := newFixture(t, 1, Config{FlushInterval: time.Hour})
	ctx := context.Background()
	share := func(svc string, i int) {
		f.c.QueueShare(ctx, stgypub.Share{PostID: f.posts[0], OwnerID: f.owner, Service: svc, Fingerprint: fp(i)})
	}
	share("x", 1)
	share("x", 1) // the same reader again
	share("x", 2)
	share("facebook", 1)
	share("copy", 3)
	share("hatena", 4)
	share("line", 5)
	share("line", 5)
	share("mastodon", 6) // unknown: ignored
	if err := f.c.WaitRecorded(ctx); err != nil {
		t.Fatal(err)
	}
	want := []stgypub.NameCount{{Name: "x", Count: 2}, {Name: "facebook", Count: 1}, {Name: "line", Count: 1}, {Name: "hatena", Count: 1}, {Name: "copy", Count: 1}}
	check := func(when string) {
		t.Helper()
		got, err := f.c.ShareCounts(ctx, f.owner, f.posts[0])
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %v", when, got)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: ShareCounts = %v, want %v", when, got, want)
				break
			}
		}
	}
	check("in Redis")
	if n, _ := f.c.ViewCounts(ctx, f.owner, f.posts); n[f.posts[0]] != 0 {
		t.Errorf("shares counted as views: %v", n)
	}
	if err := f.c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if err := f.rdb.Del(ctx, f.c.keys.key(shareDailyKind, f.owner, []byte("20260310"))).Err(); err != nil {
		t.Fatal(err)
	}
	check("from PostgreSQL")
}

// TestTalliesRetriedOnce: a batch of crawls and shares whose first
// attempt ran is answered from its marker on retry, so nothing counts
// twice.
func TestTalliesRetriedOnce(t *testing.T) {
	f := newFixture(t, 1, Config{})
	ctx := context.Background()
	batch := []queuedView{
		{owner: f.owner, post: f.posts[0], day: testNow, kind: kindCrawl, tag: 2},
		{owner: f.owner, post: f.posts[0], day: testNow, kind: kindCrawl, tag: 2},
		{owner: f.owner, post: f.posts[0], day: testNow, fp: fp(1), kind: kindShare, tag: 0},
		{owner: f.owner, post: f.posts[0], day: testNow, fp: fp(1)},
	}
	if err := f.c.ensureFilled(ctx, f.owner); err != nil { // the recorder does this on -1
		t.Fatal(err)
	}
	calls, err := f.c.batchCalls(ctx, 7, batch)
	if err != nil {
		t.Fatal(err)
	}
	for attempt := range 2 {
		for _, bc := range calls {
			res, err := batchScript.Run(ctx, f.rdb, bc.keys, bc.args...).Int64Slice()
			if err != nil {
				t.Fatal(err)
			}
			if len(res) != 3 || res[0] != 1 || res[1] != 1 || res[2] != 2 {
				t.Errorf("attempt %d: results %v, want [1 1 2]", attempt, res)
			}
		}
	}
	rows, err := f.c.BotStats(ctx, f.owner, 1)
	if err != nil || len(rows) != 1 || rows[0].Total != 2 {
		t.Errorf("crawls after a retried batch = %+v, %v", rows, err)
	}
}

// TestFlushTalliesDeletedPost: a post deleted before the flush does not
// cost the other posts their counts.
func TestFlushTalliesDeletedPost(t *testing.T) {
	f := newFixture(t, 2, Config{FlushInterval: time.Hour})
	ctx := context.Background()
	for _, p := range f.posts {
		f.c.QueueCrawl(ctx, stgypub.Crawl{PostID: p, OwnerID: f.owner, Family: "SEARCH"})
	}
	if err := f.c.WaitRecorded(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := f.st.DB.ExecContext(ctx, `DELETE FROM posts WHERE id = ?`, int64(f.posts[0])); err != nil {
		t.Fatal(err)
	}
	if err := f.c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	rows, err := f.st.Checkpoints.OwnerTallies(ctx, f.owner, stgypub.TallyCrawl, testNow, testNow)
	if err != nil || len(rows) != 1 || rows[0].PostID != f.posts[1] || rows[0].Count != 1 {
		t.Errorf("flushed rows = %+v, %v", rows, err)
	}
}
