package counter

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redistest"
)

// queueMany queues views of post by fingerprints from..to-1, from n
// goroutines at once.
func (f *fixture) queueMany(post stgypub.ID, from, to, n int) {
	var wg sync.WaitGroup
	per := (to - from + n - 1) / n
	for g := range n {
		wg.Go(func() {
			for i := from + g*per; i < min(from+(g+1)*per, to); i++ {
				f.c.QueueView(context.Background(), stgypub.View{PostID: post, OwnerID: f.owner, PublishedAt: testNow.Add(-48 * time.Hour), Fingerprint: fp(i)})
			}
		})
	}
	wg.Wait()
}

// waitFor polls cond (a drain, a retry count) until it holds or 30 s
// pass: a condition, never a fixed sleep.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after 30 s: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func (f *fixture) settle(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := f.c.WaitRecorded(ctx); err != nil {
		t.Fatalf("queue did not drain: %v", err)
	}
	f.c.Wait()
}

func noDrops(t *testing.T, c *Counter) {
	t.Helper()
	for reason, n := range c.DroppedViews() {
		if n != 0 {
			t.Errorf("%d views dropped (%s)", n, reason)
		}
	}
}

// TestQueueBurstExact: bursts of distinct readers of one post queued from
// many goroutines at once are counted exactly. (How many round trips a
// burst takes depends on scheduling; TestKilledRedisRecordsBacklog counts
// them where it does not.)
func TestQueueBurstExact(t *testing.T) {
	for _, n := range []int{1, 200, 1000, 5000} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			f := newFixture(t, 2, Config{})
			f.queueMany(f.posts[0], 0, n, 50)
			f.queueMany(f.posts[1], 0, n/2, 7)
			f.settle(t)
			if got := f.daily(t, f.posts[0], "20260310"); got != int64(n) {
				t.Fatalf("%d views queued, %d counted", n, got)
			}
			if got := f.daily(t, f.posts[1], "20260310"); got != int64(n/2) {
				t.Fatalf("%d views queued, %d counted", n/2, got)
			}
			noDrops(t, f.c)
		})
	}
}

// TestRetriedBatchCountsOnce sends the same batch (same sequence number)
// twice, as a retry after a timeout does when the first attempt did run:
// the second run changes nothing and returns the first run's results; an
// older batch arriving late changes nothing either.
func TestRetriedBatchCountsOnce(t *testing.T) {
	f := newFixture(t, 1, Config{})
	ctx := context.Background()
	batch := make([]queuedView, 400) // > 150: the LRU alone would count most twice
	for i := range batch {
		batch[i] = queuedView{owner: f.owner, post: f.posts[0], day: testNow, fp: fp(i)}
	}
	if err := f.c.ensureFilled(ctx, f.owner); err != nil { // the recorder does this on -1
		t.Fatal(err)
	}
	run := func(seq uint64) []int64 {
		calls, err := f.c.batchCalls(ctx, seq, batch)
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, bc := range calls {
			ns, err := batchScript.Run(ctx, f.rdb, bc.keys, bc.args...).Int64Slice()
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, ns...)
		}
		return out
	}
	first := run(7)
	again := run(7)
	if len(first) != 400 || first[399] != 400 {
		t.Fatalf("first run: %d results, last %d", len(first), first[len(first)-1])
	}
	for i := range first {
		if again[i] != first[i] {
			t.Fatalf("retry result %d = %d, first run %d", i, again[i], first[i])
		}
	}
	if late := run(6); len(late) != 0 {
		t.Fatalf("an older batch ran: %d results", len(late))
	}
	if got := f.daily(t, f.posts[0], "20260310"); got != 400 {
		t.Fatalf("daily %d after a batch of 400 ran three times, want 400", got)
	}
}

// privateCounter is a fixture on its own redis-server with short batch
// attempts, for freezing and killing it.
func privateCounter(t *testing.T, cfg Config) (*fixture, *redistest.Server) {
	t.Helper()
	srv := redistest.Start(t)
	opt := &redis.Options{Addr: srv.Addr}
	tuneForFaults(opt)
	rdb := redis.NewClient(opt)
	t.Cleanup(func() { rdb.Close() })
	if cfg.BatchTimeout == 0 {
		cfg.BatchTimeout = 300 * time.Millisecond
	}
	if cfg.RetryMax == 0 {
		cfg.RetryMax = 200 * time.Millisecond
	}
	return newFixtureOn(t, rdb, 2, cfg), srv
}

// tuneForFaults is what cmd/stgy-pub's client does (redisguard.Tune): no
// go-redis retries, deadlines honoured.
func tuneForFaults(opt *redis.Options) {
	opt.MaxRetries = -1
	opt.DialTimeout = time.Second
	opt.ContextTimeoutEnabled = true
}

// TestFrozenRedisLosesNothing freezes a private Redis (SIGSTOP) while
// views arrive: page hand-offs keep returning at once, batches time out
// and are retried (their first attempts stay buffered in the frozen
// server and run when it wakes), and once it is thawed every view is
// counted exactly once.
func TestFrozenRedisLosesNothing(t *testing.T) {
	f, srv := privateCounter(t, Config{})
	f.queueMany(f.posts[0], 0, 100, 4)
	f.settle(t)
	srv.Freeze()
	t.Cleanup(srv.Thaw)
	start := time.Now()
	f.queueMany(f.posts[0], 100, 1100, 20)
	f.queueMany(f.posts[1], 0, 300, 3)
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("1,300 hand-offs took %s with Redis frozen", d)
	}
	waitFor(t, "three failed attempts", func() bool { return f.c.rec.retries.Load() >= 3 })
	f.queueMany(f.posts[0], 1100, 1200, 5)
	srv.Thaw()
	f.settle(t)
	if got := f.daily(t, f.posts[0], "20260310"); got != 1200 {
		t.Fatalf("post 1: %d views counted, want 1200", got)
	}
	if got := f.daily(t, f.posts[1], "20260310"); got != 300 {
		t.Fatalf("post 2: %d views counted, want 300", got)
	}
	noDrops(t, f.c)
}

// TestKilledRedisRecordsBacklog kills a private Redis while views arrive
// and restarts it empty (no persistence): the views queued while it was
// down are recorded when it is back; the script is loaded again once
// (one SCRIPT LOAD after the NOSCRIPT of the first batch), not per view
// and never with EVAL. The views are of 600 posts, once each, published
// at no time: no checkpoint or site-wide script runs beside the view
// script, so the command statistics are the recorder's alone.
func TestKilledRedisRecordsBacklog(t *testing.T) {
	f, srv := privateCounter(t, Config{BatchViews: 50})
	ctx := context.Background()
	view := func(i int) stgypub.View {
		return stgypub.View{PostID: stgypub.ID(0x19FD706DCB600000 + uint64(i)<<20), OwnerID: f.owner, Fingerprint: fp(i)}
	}
	for i := range 10 {
		f.c.QueueView(ctx, view(i))
	}
	f.settle(t)
	srv.Stop()
	for i := 10; i < 610; i++ {
		f.c.QueueView(ctx, view(i))
	}
	waitFor(t, "a failed attempt", func() bool { return f.c.rec.retries.Load() >= 1 })
	srv.Restart()
	f.settle(t)
	// The restarted server lost the first 10; the 600 queued while it was
	// down are all there.
	vals, err := f.rdb.HGetAll(ctx, f.c.keys.dailyKey(f.owner, "20260310")).Result()
	if err != nil {
		t.Fatal(err)
	}
	total := int64(0)
	for _, v := range vals {
		n, _ := strconv.ParseInt(v, 10, 64)
		total += n
	}
	if total != 600 || len(vals) != 600 {
		t.Fatalf("%d views of %d posts counted after the restart, want 600 of 600", total, len(vals))
	}
	noDrops(t, f.c)
	stats := commandCalls(t, srv.Client)
	if stats["script|load"] != 1 || stats["eval"] != 0 {
		t.Fatalf("after the restart: SCRIPT LOAD %d times, EVAL %d times; want 1 and 0 (%v)", stats["script|load"], stats["eval"], stats)
	}
	// 12 batches of 50 (13 when the batch in flight at the kill was
	// small), plus the one answered NOSCRIPT.
	if b := stats["evalsha"]; b < 13 || b > 16 {
		t.Errorf("%d EVALSHA for 600 views in batches of 50, want 13 to 16", b)
	}
}

// TestEmptyRedisKeepsCheckpointsAndBacklog: views queued while Redis is
// down, which then comes back empty, are added to what PostgreSQL holds
// (the owner is refilled before they are recorded, so the refill's raise
// cannot absorb them), for one post with many views and for many posts;
// on a view already refilled nothing is refilled again.
func TestEmptyRedisKeepsCheckpointsAndBacklog(t *testing.T) {
	for _, tc := range []struct {
		name          string
		before, after int // views before the kill (flushed to PostgreSQL), queued while down
		posts         int
	}{
		{"one post", 1197, 300, 1},
		{"one post, small", 5, 7, 1},
		{"two posts", 41, 200, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// FlushInterval tracks the counts Flush writes (its timer is the
			// server's, not started here).
			f, srv := privateCounter(t, Config{BatchViews: 64, FlushInterval: time.Hour})
			ctx := context.Background()
			view := func(i int) stgypub.View {
				post := f.posts[i%tc.posts]
				return stgypub.View{PostID: post, OwnerID: f.owner, PublishedAt: testNow.Add(-48 * time.Hour), Fingerprint: fp(i)}
			}
			for i := range tc.before {
				f.c.QueueView(ctx, view(i))
			}
			f.settle(t)
			if err := f.c.Flush(ctx); err != nil {
				t.Fatal(err)
			}
			srv.Stop()
			for i := tc.before; i < tc.before+tc.after; i++ {
				f.c.QueueView(ctx, view(i))
			}
			waitFor(t, "a failed attempt", func() bool { return f.c.rec.retries.Load() >= 1 })
			srv.Restart()
			f.settle(t)
			vals, err := f.rdb.HGetAll(ctx, f.c.keys.dailyKey(f.owner, "20260310")).Result()
			if err != nil {
				t.Fatal(err)
			}
			total := int64(0)
			for _, v := range vals {
				n, _ := strconv.ParseInt(v, 10, 64)
				total += n
			}
			if want := int64(tc.before + tc.after); total != want {
				t.Fatalf("%d views counted after Redis came back empty, want %d (%d flushed before, %d queued while down)", total, want, tc.before, tc.after)
			}
			noDrops(t, f.c)
		})
	}
}

// commandCalls is INFO commandstats: calls per command ("script|load").
func commandCalls(t *testing.T, rdb *redis.Client) map[string]int64 {
	t.Helper()
	info, err := rdb.Info(context.Background(), "commandstats").Result()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, line := range strings.Split(info, "\r\n") {
		name, rest, ok := strings.Cut(strings.TrimPrefix(line, "cmdstat_"), ":")
		if !ok || !strings.HasPrefix(line, "cmdstat_") {
			continue
		}
		for _, kv := range strings.Split(rest, ",") {
			if v, ok := strings.CutPrefix(kv, "calls="); ok {
				out[name], _ = strconv.ParseInt(v, 10, 64)
			}
		}
	}
	return out
}

// TestFullQueueDropsOverflow: with Redis frozen nothing drains; views
// beyond the queue's bound (in views, then in bytes) are dropped and
// counted exactly, the rest recorded after the thaw.
func TestFullQueueDropsOverflow(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		fits int
	}{
		{"views", Config{QueueViews: 100}, 100},
		{"bytes", Config{QueueBytes: 40 * queuedViewBytes}, 40},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			logs := &logBuffer{}
			tt.cfg.Logger = slog.New(slog.NewTextHandler(logs, nil))
			tt.cfg.DropLog = 50 * time.Millisecond
			f, srv := privateCounter(t, tt.cfg)
			srv.Freeze()
			t.Cleanup(srv.Thaw)
			f.queueMany(f.posts[0], 0, 1, 1) // taken into the first batch, in flight
			waitFor(t, "the first batch in flight", func() bool { n, _ := f.c.QueuedViews(); return n == 0 })
			f.queueMany(f.posts[0], 1, 1+tt.fits+37, 1)
			if n, _ := f.c.QueuedViews(); n != tt.fits {
				t.Fatalf("%d views queued, want %d", n, tt.fits)
			}
			if got := f.c.DroppedViews()[DropQueueFull]; got != 37 {
				t.Fatalf("%d views dropped, want the 37 of overflow", got)
			}
			// One log line with the number, after the interval.
			waitFor(t, "the drop logged", func() bool { return strings.Contains(logs.String(), "page views dropped") })
			if l := logs.String(); strings.Count(l, "page views dropped") != 1 || !strings.Contains(l, "reason=queue_full views=37 total=37") {
				t.Fatalf("drop log:\n%s", l)
			}
			srv.Thaw()
			f.settle(t)
			if got := f.daily(t, f.posts[0], "20260310"); got != int64(1+tt.fits) {
				t.Fatalf("%d views counted, want %d", got, 1+tt.fits)
			}
		})
	}
}

// TestCloseDrainsBurst: Close (SIGTERM) with a burst still queued records
// all of it; with Redis frozen it gives up at its deadline, drops and
// counts what is left, and later views are dropped too.
func TestCloseDrainsBurst(t *testing.T) {
	t.Run("healthy", func(t *testing.T) {
		f := newFixture(t, 1, Config{})
		f.queueMany(f.posts[0], 0, 3000, 30)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if n := f.c.Close(ctx); n != 0 {
			t.Fatalf("Close dropped %d views", n)
		}
		if got := f.daily(t, f.posts[0], "20260310"); got != 3000 {
			t.Fatalf("%d views after Close, want 3000", got)
		}
	})
	t.Run("frozen", func(t *testing.T) {
		f, srv := privateCounter(t, Config{})
		srv.Freeze()
		t.Cleanup(srv.Thaw)
		f.queueMany(f.posts[0], 0, 500, 5)
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		n := f.c.Close(ctx)
		if got := f.c.DroppedViews()[DropShutdown]; n != 500 || got != 500 {
			t.Fatalf("Close dropped %d (counted %d), want 500", n, got)
		}
		f.c.QueueView(context.Background(), stgypub.View{PostID: f.posts[0], OwnerID: f.owner, Fingerprint: fp(1)})
		if got := f.c.DroppedViews()[DropShutdown]; got != 501 {
			t.Fatalf("a view after Close: %d dropped, want 501", got)
		}
	})
}

// TestRecordViewPending: RecordView waits at most RecordWait; with Redis
// frozen it answers ErrViewPending and the view, still queued, is
// counted once Redis is back.
func TestRecordViewPending(t *testing.T) {
	f, srv := privateCounter(t, Config{RecordWait: 100 * time.Millisecond})
	srv.Freeze()
	t.Cleanup(srv.Thaw)
	_, err := f.c.RecordView(context.Background(), stgypub.View{PostID: f.posts[0], OwnerID: f.owner, Fingerprint: fp(1)})
	if !errors.Is(err, stgypub.ErrViewPending) {
		t.Fatalf("RecordView with Redis frozen: %v, want ErrViewPending", err)
	}
	srv.Thaw()
	f.settle(t)
	if got := f.daily(t, f.posts[0], "20260310"); got != 1 {
		t.Fatalf("pending view: %d counted, want 1", got)
	}
}

// TestBatchBySlot queues views of many owners in one batch: on a Redis
// Cluster (STGY_TEST_REDIS_CLUSTER) each script run holds the keys of one
// slot (its marker's tag chosen for that slot), so nothing is refused
// with CROSSSLOT; on a single Redis the batch is one run. Every view is
// counted.
func TestBatchBySlot(t *testing.T) {
	f := newFixture(t, 1, Config{})
	ctx := context.Background()
	owners := make([]stgypub.ID, 40)
	for i := range owners {
		owners[i] = stgypub.ID(0x19FD705B39100000 + uint64(i)<<22)
	}
	for i := range 2000 {
		f.c.QueueView(ctx, stgypub.View{PostID: stgypub.ID(0x19FD706DCB600000 + uint64(i%7)<<20), OwnerID: owners[i%len(owners)], Fingerprint: fp(i)})
	}
	if err := f.c.WaitRecorded(ctx); err != nil {
		t.Fatal(err)
	}
	noDrops(t, f.c)
	var total int64
	for _, o := range owners {
		vals, err := f.rdb.HGetAll(ctx, f.c.keys.dailyKey(o, "20260310")).Result()
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vals {
			n, _ := strconv.ParseInt(v, 10, 64)
			total += n
		}
	}
	if total != 2000 {
		t.Fatalf("%d views counted over %d owners, want 2000", total, len(owners))
	}
	calls, err := f.c.batchCalls(ctx, 1, []queuedView{{owner: owners[0], post: 1, day: testNow}, {owner: owners[1], post: 2, day: testNow}})
	if err != nil {
		t.Fatal(err)
	}
	if _, cluster := f.rdb.(*redis.ClusterClient); !cluster {
		if len(calls) != 1 {
			t.Fatalf("%d runs for one batch on a single Redis, want 1", len(calls))
		}
		f.c.Wait()
		return
	}
	if len(calls) != 2 && idSlot(owners[0]) != idSlot(owners[1]) {
		t.Fatalf("%d runs for two slots", len(calls))
	}
	for _, bc := range calls {
		slot := keySlot(bc.keys[0])
		for _, k := range bc.keys {
			if keySlot(k) != slot {
				t.Fatalf("run with keys in slots %d and %d: %v", slot, keySlot(k), bc.keys)
			}
		}
	}
	f.c.Wait()
}

// TestSlotTags: every slot has a tag that hashes to it, and an owner's
// keys are in idSlot(owner).
func TestSlotTags(t *testing.T) {
	for slot := range clusterSlots {
		if got := int(crc16(slotTag(slot)) % clusterSlots); got != slot {
			t.Fatalf("slotTag(%d) = %q hashes to %d", slot, slotTag(slot), got)
		}
	}
	c := New(nil, nil, Config{Prefix: "p:"})
	for _, o := range []stgypub.ID{1, 0x19FD705B39100000, 0x7FFFFFFFFFFFFFFF} {
		if k := c.keys.dailyKey(o, "20260310"); keySlot(k) != idSlot(o) {
			t.Fatalf("owner %s: key slot %d, idSlot %d", o, keySlot(k), idSlot(o))
		}
	}
}
