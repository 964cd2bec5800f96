package counter

import (
	"context"
	"crypto/rand"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redistest"
)

// usedMemory is INFO memory's used_memory in bytes.
func usedMemory(b *testing.B, rdb *redis.Client) float64 {
	info, err := rdb.Info(context.Background(), "memory").Result()
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(info, "\r\n") {
		if v, ok := strings.CutPrefix(line, "used_memory:"); ok {
			n, err := strconv.ParseFloat(v, 64)
			if err != nil {
				b.Fatal(err)
			}
			return n
		}
	}
	b.Fatal("no used_memory")
	return 0
}

// BenchmarkMemoryPerPost measures what a viewed post costs in Redis
// (docs/SPEC.md#page-views) on a private redis-server with its default
// configuration (hash-max-listpack-entries 128): MEMORY USAGE (SAMPLES 0, so
// exact) of a full LRU (150 fingerprints), of LRUs of 10 and 50 fingerprints, of one field
// of a 10,000-field daily Hash (hashtable) and of a 100-field one (listpack);
// then used_memory deltas for 10,000 posts, which also count the expires
// dictionary and the main dictionary's buckets that MEMORY USAGE leaves out.
// The posts' digests (150 characters, English or Japanese) are no longer
// stored in Redis (Stats reads them from PostgreSQL), so both languages
// cost the same. Figures are reported, not asserted.
func BenchmarkMemoryPerPost(b *testing.B) {
	rdb := redistest.Start(b).Client
	ctx := context.Background()
	c := New(rdb, nil, Config{Now: func() time.Time { return testNow }})
	ttl := c.cal.ttl()
	usage := func(key string) float64 {
		n, err := rdb.MemoryUsage(ctx, key, 0).Result()
		if err != nil {
			b.Fatal(key, err)
		}
		return float64(n)
	}
	var fps [LRUBytes]byte
	owner := stgypub.ID(0x19FD705B39100000)
	metrics := map[string]float64{}

	// 10,000 posts: LRU + meta, then one field on each of 15 days.
	for _, lang := range []string{"en", "ja"} { // the same: digests are not stored
		before := usedMemory(b, rdb)
		pipe := rdb.Pipeline()
		post := func(p int) stgypub.ID { return stgypub.ID(0x19FD706DCB600000 + p<<20) }
		for p := range 10000 {
			_, _ = rand.Read(fps[:])
			pipe.Set(ctx, c.keys.lruKey(owner, post(p)), fps[:], ttl)
		}
		if _, err := pipe.Exec(ctx); err != nil {
			b.Fatal(err)
		}
		mid := usedMemory(b, rdb)
		for d := range 15 {
			key := c.keys.dailyKey(owner, testNow.AddDate(0, 0, -d).Format(dayLayout))
			for p := range 10000 {
				pipe.HSet(ctx, key, post(p).String(), 1+(p*7+d)%500)
			}
			pipe.Expire(ctx, key, ttl)
			if _, err := pipe.Exec(ctx); err != nil {
				b.Fatal(err)
			}
		}
		after := usedMemory(b, rdb)
		metrics["used-lru-"+lang+"-B"] = (mid - before) / 10000
		metrics["used-day-field-"+lang+"-B"] = (after - mid) / 150000
		metrics["lru-B"] = usage(c.keys.lruKey(owner, post(0)))
		metrics["field-hashtable-B"] = usage(c.keys.dailyKey(owner, testNow.Format(dayLayout))) / 10000
		owner++ // the second language under another owner
	}

	// The script writes the LRU as SET does: one post with 149
	// fingerprints by SET, the 150th by RecordView.
	p := stgypub.ID(0x19FD706DCB600001)
	_, _ = rand.Read(fps[:])
	rdb.Set(ctx, c.keys.lruKey(owner, p), fps[:LRUBytes-4], ttl)
	if n, err := c.RecordView(ctx, stgypub.View{PostID: p, OwnerID: owner, PublishedAt: testNow, Fingerprint: [4]byte{1, 2, 3, 4}}); err != nil || n != 1 {
		b.Fatal(n, err)
	}
	metrics["lru-by-script-B"] = usage(c.keys.lruKey(owner, p))
	for _, k := range []int{10, 50} { // a post with fewer distinct viewers
		rdb.Set(ctx, c.keys.lruKey(owner, p+1), fps[:4*k], ttl)
		metrics["lru-"+strconv.Itoa(k)+"fp-B"] = usage(c.keys.lruKey(owner, p+1))
	}

	// A small owner's daily Hash: 100 fields, listpack.
	small := c.keys.dailyKey(owner+1, testNow.Format(dayLayout))
	for i := range 100 {
		rdb.HSet(ctx, small, stgypub.ID(0x19FD706DCB600000+i<<20).String(), 1+i%500)
	}
	enc, _ := rdb.ObjectEncoding(ctx, small).Result()
	metrics["field-"+enc+"-B"] = usage(small) / 100

	for b.Loop() {
	}
	for name, v := range metrics {
		b.ReportMetric(v, name)
	}
	fmt.Fprintf(b.Output(), "LRU of 10 / 50 / 150 fingerprints: %.0f / %.0f / %.0f B (MEMORY USAGE)\n", metrics["lru-10fp-B"], metrics["lru-50fp-B"], metrics["lru-B"])
	fmt.Fprintf(b.Output(), "MEMORY USAGE: full LRU %.0f B (written by the script: %.0f); one daily field %.1f B in a hashtable, %.1f B in a listpack\n",
		metrics["lru-B"], metrics["lru-by-script-B"], metrics["field-hashtable-B"], metrics["field-listpack-B"])
	fmt.Fprintf(b.Output(), "used_memory beyond MEMORY USAGE for the LRU (expires entries, dict buckets): en %.0f / ja %.0f B per post\n",
		metrics["used-lru-en-B"]-metrics["lru-B"], metrics["used-lru-ja-B"]-metrics["lru-B"])
	fmt.Fprintf(b.Output(), "used_memory per post: LRU en %.0f / ja %.0f B; + %.1f B per viewed day; viewed on 15 days: en %.0f / ja %.0f B (the digest is no longer stored in Redis)\n",
		metrics["used-lru-en-B"], metrics["used-lru-ja-B"], metrics["used-day-field-en-B"],
		metrics["used-lru-en-B"]+15*metrics["used-day-field-en-B"], metrics["used-lru-ja-B"]+15*metrics["used-day-field-ja-B"])
}

// commandUsec is INFO commandstats' usec_per_call of cmd (0 when unused).
func commandUsec(b *testing.B, rdb *redis.Client, cmd string) float64 {
	info, err := rdb.Info(context.Background(), "commandstats").Result()
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(info, "\r\n") {
		if rest, ok := strings.CutPrefix(line, "cmdstat_"+cmd+":"); ok {
			for _, kv := range strings.Split(rest, ",") {
				if v, ok := strings.CutPrefix(kv, "usec_per_call="); ok {
					n, _ := strconv.ParseFloat(v, 64)
					return n
				}
			}
		}
	}
	return 0
}

// BenchmarkDailyHashEncoding is the operator's trade-off for the daily
// Hashes of an owner with 10,000 posts viewed a day: bytes per field and
// the server time of HINCRBY (the view script's increment) with the
// default hash-max-listpack-entries (128: a hashtable) and with 16384 (a
// listpack, scanned linearly on every HINCRBY). Private redis-servers;
// reported, not asserted.
func BenchmarkDailyHashEncoding(b *testing.B) {
	ctx := context.Background()
	for _, entries := range []string{"128", "16384"} {
		b.Run("hash-max-listpack-entries="+entries, func(b *testing.B) {
			rdb := redistest.Start(b, "--hash-max-listpack-entries", entries).Client
			key := "stgy:pub-views:daily:{19FD705B39100000}:20260310"
			pipe := rdb.Pipeline()
			for p := range 10000 {
				pipe.HSet(ctx, key, stgypub.ID(0x19FD706DCB600000+p<<20).String(), 1+p%500)
			}
			if _, err := pipe.Exec(ctx); err != nil {
				b.Fatal(err)
			}
			n, err := rdb.MemoryUsage(ctx, key, 0).Result()
			if err != nil {
				b.Fatal(err)
			}
			enc, _ := rdb.ObjectEncoding(ctx, key).Result()
			i := 0
			for b.Loop() {
				if err := rdb.HIncrBy(ctx, key, stgypub.ID(0x19FD706DCB600000+(i*7919%10000)<<20).String(), 1).Err(); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(n)/10000, "B/field")
			b.ReportMetric(commandUsec(b, rdb, "hincrby"), "hincrby-server-us")
			fmt.Fprintf(b.Output(), "%s: %s, %.1f B/field, HINCRBY %.2f µs server time\n", entries, enc, float64(n)/10000, commandUsec(b, rdb, "hincrby"))
		})
	}
}

// BenchmarkQueueMemory measures the view queue at its bound: a counter on
// a frozen private redis-server (nothing drains) takes views until the
// queue refuses them; the Go heap grown per queued view, the bytes the
// queue accounts for, and the views dropped beyond the bound are
// reported, not asserted.
func BenchmarkQueueMemory(b *testing.B) {
	srv := redistest.Start(b)
	opt := &redis.Options{Addr: srv.Addr, MaxRetries: -1, ContextTimeoutEnabled: true}
	rdb := redis.NewClient(opt)
	b.Cleanup(func() { rdb.Close() })
	const bound = 100_000
	c := New(rdb, nil, Config{Now: func() time.Time { return testNow }, QueueViews: bound, BatchTimeout: 200 * time.Millisecond, RetryMax: 200 * time.Millisecond})
	srv.Freeze()
	b.Cleanup(srv.Thaw)
	ctx := context.Background()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range bound + 1000 {
		c.QueueView(ctx, stgypub.View{PostID: stgypub.ID(0x19FD706DCB600000 + uint64(i%100)<<20), OwnerID: 0x19FD705B39100000, Fingerprint: [4]byte{byte(i >> 24), byte(i >> 16), byte(i >> 8), byte(i)}})
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	views, bytes := c.QueuedViews()
	for b.Loop() {
	}
	heap := float64(after.HeapAlloc) - float64(before.HeapAlloc)
	b.ReportMetric(heap/float64(views), "heap-B/view")
	b.ReportMetric(float64(bytes)/float64(views), "accounted-B/view")
	b.ReportMetric(float64(c.DroppedViews()[DropQueueFull]), "dropped")
	fmt.Fprintf(b.Output(), "queue at its bound: %d views, %.1f MiB of heap (%.0f B a view), %d B accounted; %d dropped beyond it\n",
		views, heap/(1<<20), heap/float64(views), bytes, c.DroppedViews()[DropQueueFull])
	gone, cancel := context.WithTimeout(ctx, time.Millisecond)
	defer cancel()
	c.Close(gone) // still frozen: the queue is dropped, nothing recorded
}
