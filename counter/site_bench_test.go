package counter

import (
	"context"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redisguard"
	"github.com/stgy/stgypub/internal/redistest"
)

// BenchmarkSiteViewCost is the extra cost of the site-wide count per
// counted view against the same view recording without it, in one run.
// Each round records 1000 new views on each of three sides, interleaved
// in chunks of 200 so that load from elsewhere hits all sides alike:
// "bare" views carry no publication date (recorded for the owner only),
// "batched" views are of a published post (the in-memory raise) and the
// round ends with their batch write, timed with them (one batch per 1000
// views; production writes one per second), "sync" views write their
// site-wide field right after the view instead (the design not taken).
// "views-per-post=3": each post of a batch gets 3 views, so a batch
// raises a field per 3 views; "views-per-post=1": every view is of
// another post, a raise per view (the worst case: nothing aggregates).
// No post reaches a checkpoint. Reported: the median over rounds of each
// side's ns per view, of the extra percentage over bare, and of the batch
// write's share per view (flush-ns/view).
func BenchmarkSiteViewCost(b *testing.B) {
	for _, per := range []int{3, 1} {
		b.Run("views-per-post="+strconv.Itoa(per), func(b *testing.B) { siteViewCost(b, per) })
	}
}

func siteViewCost(b *testing.B, per int) {
	// A private redis-server: the figures are not moved by other suites
	// using the shared one. No post reaches a checkpoint, so no store.
	c := New(redistest.Start(b).Client, nil, Config{Now: func() time.Time { return testNow }, SiteFlushInterval: time.Hour})
	ctx := context.Background()
	owner := stgypub.ID(0x19FD705B39100000)
	const chunk, chunks = 200, 5
	i := 0
	views := func(side int) time.Duration {
		start := time.Now()
		for range chunk {
			v := stgypub.View{PostID: stgypub.ID(0x19FD706DCB600000 + i/per), OwnerID: owner, Fingerprint: fp(i)}
			i++
			if side == 1 {
				v.PublishedAt = testNow.AddDate(0, 0, -1)
			}
			n, err := c.RecordView(ctx, v)
			if err != nil || n == 0 {
				b.Fatal(n, err)
			}
			if side == 2 {
				if _, err := c.site.raiseSite(ctx, map[siteField]int64{{dayNumber(testNow), v.PostID}: n}); err != nil {
					b.Fatal(err)
				}
			}
		}
		return time.Since(start)
	}
	var perView [3][]float64
	var extra [2][]float64
	var flush []float64
	for b.Loop() {
		var d [3]time.Duration
		for range chunks {
			for side := range 3 {
				d[side] += views(side)
			}
		}
		start := time.Now()
		if err := c.site.flush(ctx); err != nil {
			b.Fatal(err)
		}
		d[1] += time.Since(start)
		flush = append(flush, float64(time.Since(start).Nanoseconds())/(chunk*chunks))
		for side := range 3 {
			perView[side] = append(perView[side], float64(d[side].Nanoseconds())/(chunk*chunks))
		}
		extra[0] = append(extra[0], 100*(float64(d[1])/float64(d[0])-1))
		extra[1] = append(extra[1], 100*(float64(d[2])/float64(d[0])-1))
	}
	b.ReportMetric(median(perView[0]), "bare-ns/view")
	b.ReportMetric(median(perView[1]), "batched-ns/view")
	b.ReportMetric(median(perView[2]), "sync-ns/view")
	b.ReportMetric(median(extra[0]), "batched-extra-%")
	b.ReportMetric(median(extra[1]), "sync-extra-%")
	b.ReportMetric(median(flush), "flush-ns/view")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkSiteOffer is the in-memory part of the site-wide count that
// a view pays: one raise into the pending batch (a post's first view of
// the batch adds an entry; 1000 posts here).
func BenchmarkSiteOffer(b *testing.B) {
	c := New(nil, nil, Config{Now: func() time.Time { return testNow }, SiteFlushInterval: time.Hour})
	i := 0
	for b.Loop() {
		c.site.offer(testNow, stgypub.ID(0x19FD706DCB600000+i%1000), int64(i))
		i++
	}
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

// BenchmarkSiteRanking is the uncached SiteRanking(7) over 100,000
// posts in 16 buckets, on a private redis-server (so the shared one is
// not loaded with 700,000 fields): "every-day" has every post viewed on
// each of the 7 days (700,000 daily fields, the worst case), "two-days"
// each post on 2 of the 7 days (200,000). The week is read from the week
// sums (100,000 fields either way); "from-daily-hashes" sums the 7 daily
// Hashes instead, as any other window does.
func BenchmarkSiteRanking(b *testing.B) {
	srv := redistest.Start(b)
	rdb := srv.Client
	ctx := context.Background()
	for _, shape := range []struct {
		name string
		days func(p int) []int
	}{
		{"every-day", func(int) []int { return []int{0, 1, 2, 3, 4, 5, 6} }},
		{"two-days", func(p int) []int { return []int{p % 7, (p + 3) % 7} }},
	} {
		rdb.FlushAll(ctx) // the private server's own data
		// A budget that never cuts the call short: the figure is the
		// computation (pages wait at most the 100ms default for it).
		c := New(rdb, nil, Config{Now: func() time.Time { return testNow }, Budget: time.Minute})
		pipe := rdb.Pipeline()
		fields := 0
		for p := range 100000 {
			id := stgypub.ID(0x19FD706DCB600000 + p*4096)
			bucket := c.keys.siteBucket(id)
			var sum int64
			for _, d := range shape.days(p) {
				pv := int64(1 + (p*31+d*7)%1000)
				pipe.HSet(ctx, c.keys.siteDailyKey(bucket, testNow.AddDate(0, 0, -d).Format(dayLayout)), id.String(), pv)
				sum += pv
				fields++
			}
			pipe.ZAdd(ctx, c.keys.siteWeekKey(bucket, testNow.Format(dayLayout)), redis.Z{Score: float64(sum), Member: weekMember(id)})
			if p%5000 == 4999 {
				if _, err := pipe.Exec(ctx); err != nil {
					b.Fatal(err)
				}
			}
		}
		if _, err := pipe.Exec(ctx); err != nil {
			b.Fatal(err)
		}
		week, err := c.site.siteTopWeek(ctx)
		if err != nil {
			b.Fatal(err)
		}
		daily, err := c.site.siteTopDaily(ctx, 7)
		if err != nil || rankString(week[:MaxRankingLimit]) != rankString(daily[:MaxRankingLimit]) {
			b.Fatal("week sums and daily Hashes disagree", err)
		}
		b.Run(shape.name, func(b *testing.B) {
			for b.Loop() {
				c.site.rank.forget()
				rdb.Del(ctx, c.keys.siteRankingKey(7))
				r, err := c.SiteRanking(redisguard.WithTimeout(ctx, time.Minute), 7)
				if err != nil || len(r.Entries) != MaxRankingLimit {
					b.Fatal(r, err)
				}
			}
			b.ReportMetric(float64(fields), "daily-fields")
		})
		b.Run(shape.name+"/from-daily-hashes", func(b *testing.B) {
			for b.Loop() {
				if top, err := c.site.siteTopDaily(ctx, 7); err != nil || len(top) != TopK {
					b.Fatal(err)
				}
			}
		})
		// The first read (or raise) of a day in each bucket builds the
		// week ending today: from yesterday's ("rollover", here with
		// today's Hash full, so pessimistic) or, when that is missing,
		// from the 7 daily Hashes ("rebuild", the rare worst case).
		today, yesterday := testNow.Format(dayLayout), testNow.AddDate(0, 0, -1).Format(dayLayout)
		for b := range c.cfg.SiteBuckets {
			rdb.ZUnionStore(ctx, "saved:"+strconv.Itoa(b), &redis.ZStore{Keys: []string{c.keys.siteWeekKey(b, today)}})
		}
		for _, kind := range []string{"rollover", "rebuild"} {
			b.Run(shape.name+"/"+kind, func(b *testing.B) {
				for b.Loop() {
					b.StopTimer()
					for bk := range c.cfg.SiteBuckets {
						rdb.Del(ctx, c.keys.siteWeekKey(bk, today), c.keys.siteWeekKey(bk, yesterday))
						if kind == "rollover" {
							rdb.ZUnionStore(ctx, c.keys.siteWeekKey(bk, yesterday), &redis.ZStore{Keys: []string{"saved:" + strconv.Itoa(bk)}})
						}
					}
					b.StartTimer()
					if _, err := c.site.siteTopWeek(redisguard.WithTimeout(ctx, time.Minute)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
