package counter

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/store/storetest"
)

// ownerOnlyACL lets user "counter" use every key but the site-wide ones
// (stgy:pub-views:site-…, which neither pattern matches: the kind after
// "pub-views:" must not start with "s", or not "si"), so every
// site-wide command fails with NOPERM. (A user without a password would
// not be authenticated as that user.)
var ownerOnlyACL = []any{"ACL", "SETUSER", "counter", "reset", "on", ">counter-pass", "+@all",
	"~*pub-views:[^s]*", "~*pub-views:s[^i]*", "~*pub-pages:*"}

// logBuffer is a concurrency-safe log sink.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }

// TestSiteWriteFailure: while Redis refuses every site-wide write, views
// are recorded and counted for the owner exactly as before, RecordView
// returns no error, the failed raises are kept and logged once; when
// Redis accepts them again the next batch writes each post's count once
// (a raise, never an addition), however many batches failed before.
func TestSiteWriteFailure(t *testing.T) {
	srv := redistest.Start(t)
	ctx := context.Background()
	admin := srv.Client
	if err := admin.Do(ctx, ownerOnlyACL...).Err(); err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr, Username: "counter", Password: "counter-pass"})
	t.Cleanup(func() { rdb.Close() })
	var logs logBuffer
	f := &siteFixture{rdb: rdb, st: storetest.New(t), clk: &clock{t: testNow},
		posts: map[string]stgypub.ID{}, owner: map[stgypub.ID]stgypub.ID{}, pub: map[stgypub.ID]time.Time{}}
	owner := &stgypub.User{LoginName: "owner", Nickname: "Owner"}
	if err := f.st.Users.CreateUser(ctx, owner); err != nil {
		t.Fatal(err)
	}
	pub := testNow.AddDate(0, 0, -1)
	p := &stgypub.Post{OwnedBy: owner.ID, PublishedAt: &pub, Snippet: "[]", Content: "x", PlainText: "x"}
	if err := f.st.Posts.CreatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	f.posts["a1"], f.owner[p.ID], f.pub[p.ID] = p.ID, owner.ID, pub
	f.c = New(rdb, f.st.Checkpoints, Config{Now: f.clk.Now, SiteFlushInterval: time.Hour,
		Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	t.Cleanup(f.c.Wait)

	for i := 1; i <= 9; i++ { // 4 and 8 are checkpoints: they run too
		if n := f.viewFrom(t, "a1", i); n != int64(i) {
			t.Fatalf("view %d: owner count %d", i, n)
		}
		if i%3 == 0 {
			f.c.site.flushScheduled() // the timer's batch, failing
		}
	}
	f.c.Wait()
	if n, err := rdb.HGet(ctx, f.c.keys.dailyKey(owner.ID, testNow.Format(dayLayout)), p.ID.String()).Int64(); err != nil || n != 9 {
		t.Fatalf("owner's daily count %d, %v; want 9", n, err)
	}
	if got, err := f.c.ViewCounts(ctx, owner.ID, []stgypub.ID{p.ID}); err != nil || got[p.ID] != 9 {
		t.Fatalf("ViewCounts %v, %v", got, err)
	}
	f.c.site.mu.Lock()
	kept := f.c.site.pending[siteField{dayNumber(testNow), p.ID}]
	f.c.site.mu.Unlock()
	if kept != 9 {
		t.Fatalf("pending raise %d, want 9 kept for a retry", kept)
	}
	if _, err := f.c.SiteRanking(ctx, 7); err == nil || !strings.Contains(err.Error(), "NOPERM") {
		t.Fatalf("SiteRanking with the site-wide keys refused: %v", err)
	}
	if l := logs.String(); strings.Count(l, "site-wide counters not written; retrying") != 1 {
		t.Fatalf("want one warning for the run of failures, log:\n%s", l)
	}

	if err := admin.Do(ctx, "ACL", "SETUSER", "counter", "allkeys").Err(); err != nil {
		t.Fatal(err)
	}
	f.c.site.flushScheduled()
	if l := logs.String(); !strings.Contains(l, "site-wide counters written again") {
		t.Fatalf("recovery not logged:\n%s", l)
	}
	if got := f.siteDaily(t, "a1", 0); got != 9 {
		t.Fatalf("site-wide %d after recovery, want 9", got)
	}
	f.viewFrom(t, "a1", 10)
	f.c.Wait()
	if got := f.ranking(t, 1); got != "a1=10" {
		t.Fatalf("ranking %q, want a1=10", got)
	}
}

// TestRecordViewOneRoundTrip: recording a view, the site-wide count
// included, sends Redis one command (the batch's view script; each view
// here waits for its own batch); the site-wide write happens later, in a
// batch. A new connection's handshake (HELLO, CLIENT) is not counted.
func TestRecordViewOneRoundTrip(t *testing.T) {
	f := newSiteFixture(t, 1, Config{})
	// The owner's first batch of a retention window refills it from
	// PostgreSQL once (refill.go); that is not a per-view cost.
	if err := f.c.ensureFilled(context.Background(), f.owners[0]); err != nil {
		t.Fatal(err)
	}
	hook := &commandCounter{}
	f.rdb.AddHook(hook)
	f.views(t, "a1", 3) // 1-3: no checkpoint
	if n := hook.n.Load(); n != 3 {
		t.Fatalf("%d Redis commands for 3 views, want 3: %s", n, hook.sent())
	}
	f.c.Wait()
	if n := hook.n.Load(); n < 4 {
		t.Fatalf("batch not written: %d commands", n)
	}
	if got := f.siteDaily(t, "a1", 0); got != 3 {
		t.Fatalf("site-wide %d, want 3", got)
	}
}

// commandCounter is a go-redis hook counting the commands sent, alone or
// in pipelines. An EVALSHA answered NOSCRIPT is not counted: it is the
// one-time script load on a node (go-redis then sends EVAL), which a Redis
// Cluster run meets on whichever master first holds a key.
type commandCounter struct {
	n     atomic.Int64
	mu    sync.Mutex
	names []string
}

func (h *commandCounter) record(cmd redis.Cmder) {
	if err := cmd.Err(); err != nil && strings.HasPrefix(err.Error(), "NOSCRIPT") {
		return
	}
	if n := cmd.Name(); n == "hello" || n == "client" {
		return // a new connection's handshake
	}
	h.n.Add(1)
	h.mu.Lock()
	h.names = append(h.names, cmd.Name())
	h.mu.Unlock()
}

func (h *commandCounter) sent() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return strings.Join(h.names, " ")
}

func (h *commandCounter) DialHook(next redis.DialHook) redis.DialHook { return next }

func (h *commandCounter) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		err := next(ctx, cmd)
		h.record(cmd)
		return err
	}
}

func (h *commandCounter) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		err := next(ctx, cmds)
		for _, cmd := range cmds {
			h.record(cmd)
		}
		return err
	}
}
