package counter

import (
	"context"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/cputime"
	"github.com/stgy/stgypub/internal/redistest"
)

func BenchmarkRecordView(b *testing.B) {
	f := newFixture(b, 1, Config{})
	ctx := context.Background()
	v := stgypub.View{PostID: f.posts[0], OwnerID: f.owner, PublishedAt: testNow}
	b.Run("unique", func(b *testing.B) {
		i := 0
		for b.Loop() {
			v.Fingerprint = fp(i)
			i++
			if _, err := f.c.RecordView(ctx, v); err != nil {
				b.Fatal(err)
			}
		}
		f.c.Wait()
	})
	b.Run("repeat", func(b *testing.B) {
		v.Fingerprint = fp(-1)
		for b.Loop() {
			if _, err := f.c.RecordView(ctx, v); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkQueueView is a page's side of a view: the hand-off to the
// recorder (no Redis on the request path); the batches drain behind it
// and are waited for at the end.
func BenchmarkQueueView(b *testing.B) {
	f := newFixture(b, 1, Config{})
	ctx := context.Background()
	v := stgypub.View{PostID: f.posts[0], OwnerID: f.owner, PublishedAt: testNow}
	i := 0
	for b.Loop() {
		v.Fingerprint = fp(i)
		i++
		f.c.QueueView(ctx, v)
	}
	b.StopTimer()
	if err := f.c.WaitRecorded(ctx); err != nil {
		b.Fatal(err)
	}
	if d := f.c.DroppedViews()[DropQueueFull]; d > 0 {
		b.ReportMetric(float64(d), "dropped")
	}
}

// bareScript is the minimal baseline: one EVALSHA doing one HINCRBY.
var bareScript = redis.NewScript(`return redis.call('HINCRBY', KEYS[1], ARGV[1], 1)`)

func BenchmarkBareEvalsha(b *testing.B) {
	r := redistest.New(b)
	rdb, key := r.Client, r.Prefix+"bare:{x}"
	ctx := context.Background()
	for b.Loop() {
		if err := bareScript.Run(ctx, rdb, []string{key}, "f").Err(); err != nil {
			b.Fatal(err)
		}
	}
}

// bigOwner seeds 10,000 posts viewed on each of the 15 days (and their
// meta keys) with pipelines.
func bigOwner(b *testing.B) *fixture {
	f := newFixture(b, 1, Config{})
	ctx := context.Background()
	pipe := f.rdb.Pipeline()
	for d := range 15 {
		key := f.c.keys.dailyKey(f.owner, testNow.AddDate(0, 0, -d).Format(dayLayout))
		for p := range 10000 {
			pipe.HSet(ctx, key, stgypub.ID(p+1).String(), 1+(p*7+d)%500)
		}
		if _, err := pipe.Exec(ctx); err != nil {
			b.Fatal(err)
		}
	}
	for p := range 10000 {
		pipe.Set(ctx, f.c.keys.metaKey(f.owner, stgypub.ID(p+1)), `{"publishedAt":"2026-03-01T00:00:00.000Z","digest":"a digest"}`, time.Hour)
	}
	if _, err := pipe.Exec(ctx); err != nil {
		b.Fatal(err)
	}
	return f
}

func BenchmarkRanking(b *testing.B) {
	f := bigOwner(b)
	ctx := context.Background()
	b.Run("uncached", func(b *testing.B) {
		for b.Loop() {
			f.rdb.Del(ctx, f.c.keys.rankingKey(f.owner))
			if r, err := f.c.Ranking(ctx, f.owner, 5); err != nil || len(r) != 5 {
				b.Fatal(r, err)
			}
		}
	})
	b.Run("cached", func(b *testing.B) {
		for b.Loop() {
			if _, err := f.c.Ranking(ctx, f.owner, 5); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// withCheckpoints gives f's owner posts 1..10,000 in PostgreSQL and the
// checkpoints those daily values would have left: for every (post, day)
// with PV >= 4, the multiple of four below it (about 149,000 rows, the
// worst case for this owner).
func withCheckpoints(b *testing.B, f *fixture) {
	ctx := context.Background()
	if _, err := f.st.DB.ExecContext(ctx, `INSERT INTO posts (id, owned_by, published_at, snippet, allow_likes, allow_replies)
		SELECT p, ?, now(), '[]', true, true FROM generate_series(1, 10000) p`, int64(f.owner)); err != nil {
		b.Fatal(err)
	}
	if _, err := f.st.DB.ExecContext(ctx, `INSERT INTO post_pub_access_counts (post_id, owner_id, target_date, count)
		SELECT p + 1, ?, ?::date - d, ((1 + (p*7 + d) % 500) / 4) * 4
		FROM generate_series(0, 9999) p, generate_series(0, 14) d WHERE 1 + (p*7 + d) % 500 >= 4`,
		int64(f.owner), testNow.Format(time.DateOnly)); err != nil {
		b.Fatal(err)
	}
	if _, err := f.st.DB.ExecContext(ctx, `ANALYZE post_pub_access_counts`); err != nil {
		b.Fatal(err)
	}
}

func BenchmarkStats(b *testing.B) {
	f := bigOwner(b)
	ctx := context.Background()
	// uncached: the Stats cache dropped, the closed days' snapshot kept
	// (stats_past.go: today's Hash and checkpoints are read); cold: both
	// dropped (every day read, then the snapshot written: what a first
	// request cost before RunStatsWarmer).
	run := func(cold bool) func(b *testing.B) {
		return func(b *testing.B) {
			cputime.Report(b, func() {
				f.rdb.Del(ctx, f.c.keys.statsKey(f.owner))
				if cold {
					f.rdb.Del(ctx, f.c.keys.statsPastKey(f.owner, f.c.cal.window()[0]))
				}
				if st, err := f.c.Stats(ctx, f.owner); err != nil || len(st.Posts) != TopK {
					b.Fatal(err)
				}
			})
		}
	}
	// restart: the first request of a restarted process (a new Counter on
	// the same Redis and database, no Stats cache) after the background
	// path wrote the snapshot (one warmPass, as RunStatsWarmer does at
	// start-up); the target of issue 18 (<= 50 ms).
	restart := func(b *testing.B) {
		f.rdb.Del(ctx, f.c.keys.statsPastKey(f.owner, f.c.cal.window()[0]))
		if n, err := f.c.stats.warmPass(ctx, &statsWarmer{}); err != nil || n != 1 {
			b.Fatal(n, err)
		}
		cputime.Report(b, func() {
			c := New(f.rdb, f.cs, f.c.cfg)
			f.rdb.Del(ctx, c.keys.statsKey(f.owner))
			if st, err := c.Stats(ctx, f.owner); err != nil || len(st.Posts) != TopK {
				b.Fatal(err)
			}
		})
	}
	b.Run("redis-only-cold", run(true))
	b.Run("redis-only", run(false))
	withCheckpoints(b, f)
	b.Run("with-checkpoints-cold", run(true))
	b.Run("with-checkpoints", run(false))
	b.Run("with-checkpoints-restart", restart)
	b.Run("cached", func(b *testing.B) {
		cputime.Report(b, func() {
			if _, err := f.c.Stats(ctx, f.owner); err != nil {
				b.Fatal(err)
			}
		})
	})
}
