package counter

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redistest"
)

// TestSiteRankingWindows: views of posts of three owners on days 12, 4
// and 0 before today give the site-wide order of the last 1, 7 and 15
// days (PV descending), each post's owner count unchanged.
func TestSiteRankingWindows(t *testing.T) {
	f := newSiteFixture(t, 2, Config{})
	f.at(-12)
	f.views(t, "a1", 9)
	f.views(t, "c2", 7)
	f.at(-4)
	f.views(t, "b1", 5)
	f.views(t, "a2", 3)
	f.at(0)
	f.views(t, "c1", 4)
	f.views(t, "b1", 1)
	f.views(t, "a2", 2)
	f.c.Wait()
	for _, tt := range []struct {
		days int
		want string
	}{
		{1, "c1=4 a2=2 b1=1"},
		{7, "b1=6 a2=5 c1=4"},
		{15, "a1=9 c2=7 b1=6 a2=5 c1=4"},
		{3, "c1=4 a2=2 b1=1"},
		{5, "b1=6 a2=5 c1=4"},
	} {
		if got := f.ranking(t, tt.days); got != tt.want {
			t.Errorf("days %d: got %q, want %q", tt.days, got, tt.want)
		}
	}
	if got := f.ranking(t, 0); got != "b1=6 a2=5 c1=4" {
		t.Errorf("days 0 (the week): %q", got)
	}
	for _, days := range []int{-1, 16} {
		if _, err := f.c.SiteRanking(context.Background(), days); stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
			t.Errorf("days %d: err = %v, want BAD_USER_INPUT", days, err)
		}
	}
	// The owners' rankings are what they were: each owner's posts only.
	got, err := f.c.RankingDays(context.Background(), f.owners[1], 7, 5)
	if err != nil || f.names(got) != "b1=6" {
		t.Errorf("owner b, 7 days: %s, %v", f.names(got), err)
	}
	got, err = f.c.Ranking(context.Background(), f.owners[0], 5)
	if err != nil || f.names(got) != "a1=9 a2=5" {
		t.Errorf("owner a, 15 days: %s, %v", f.names(got), err)
	}
	for days, want := range map[int]string{0: "a1=9 a2=5", 1: "a2=2", 7: "a2=5", 15: "a1=9 a2=5"} {
		got, err = f.c.RankingDays(context.Background(), f.owners[0], days, 5)
		if err != nil || f.names(got) != want {
			t.Errorf("owner a, days %d: %s, %v; want %s", days, f.names(got), err, want)
		}
	}
	for _, days := range []int{-1, 16} {
		if _, err := f.c.RankingDays(context.Background(), f.owners[0], days, 5); stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
			t.Errorf("owner days %d: err = %v", days, err)
		}
	}
}

// TestSiteBucketsSpread: posts land in several buckets whose keys hash to
// several cluster slots (and, on a cluster, several masters); each daily
// bucket key expires with the owner's daily Hash of the same day.
func TestSiteBucketsSpread(t *testing.T) {
	f := newSiteFixture(t, 12, Config{})
	ctx := context.Background()
	for name := range f.posts {
		f.views(t, name, 1)
	}
	f.c.Wait()
	buckets := map[int]bool{}
	slots := map[int]bool{}
	today := testNow.Format(dayLayout)
	for _, id := range f.posts {
		b := f.c.keys.siteBucket(id)
		buckets[b] = true
		key := f.c.keys.siteDailyKey(b, today)
		slots[keySlot(key)] = true
		if n, err := f.rdb.HGet(ctx, key, id.String()).Int64(); err != nil || n != 1 {
			t.Fatalf("%s in bucket %d: %d, %v", id, b, n, err)
		}
	}
	if keySlot("123456789") != 0x31C3 { // the Redis Cluster specification's check value
		t.Fatal("keySlot is not Redis Cluster's CRC16")
	}
	if len(buckets) < 8 || len(slots) < 8 {
		t.Fatalf("36 posts in %d buckets, %d slots; want them spread", len(buckets), len(slots))
	}
	var owner time.Duration
	for _, id := range f.posts {
		owner = f.rdb.TTL(ctx, f.c.keys.dailyKey(f.owner[id], today)).Val()
		site := f.rdb.TTL(ctx, f.c.keys.siteDailyKey(f.c.keys.siteBucket(id), today)).Val()
		if d := owner - site; site <= 0 || d < -5*time.Second || d > 5*time.Second {
			t.Fatalf("TTL owner %v, site %v: want equal", owner, site)
		}
	}
	if want := 16 * 24 * time.Hour; owner < want-time.Minute || owner > want {
		t.Fatalf("daily TTL %v, want 16 days", owner)
	}
	cc, ok := f.rdb.(*redis.ClusterClient)
	if !ok {
		return
	}
	for _, id := range f.posts {
		key := f.c.keys.siteDailyKey(f.c.keys.siteBucket(id), today)
		if n, err := cc.ClusterKeySlot(ctx, key).Result(); err != nil || int(n) != keySlot(key) {
			t.Fatalf("CLUSTER KEYSLOT %s = %d, %v; computed %d", key, n, err, keySlot(key))
		}
	}
	var masters atomic.Int32
	err := cc.ForEachMaster(ctx, func(ctx context.Context, c *redis.Client) error {
		it := c.Scan(ctx, 0, f.c.cfg.Prefix+"stgy:pub-views:site-daily:*", 1000).Iterator()
		if it.Next(ctx) {
			masters.Add(1)
		}
		return it.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	if masters.Load() < 2 {
		t.Fatalf("site-wide keys on %d masters, want several", masters.Load())
	}
}

// TestSiteCountsOnlyNewPublishedViews: a duplicate view (same
// fingerprint), a view of an unpublished or scheduled post and a
// view the caller skipped as a bot's leave the site-wide counters as they
// were; the owner's counter still counts what it always counted.
func TestSiteCountsOnlyNewPublishedViews(t *testing.T) {
	f := newSiteFixture(t, 2, Config{})
	ctx := context.Background()
	f.viewFrom(t, "a1", 1)
	f.viewFrom(t, "a1", 1) // duplicate
	f.viewFrom(t, "a1", 2)
	f.viewFrom(t, "a1", 1) // duplicate again
	id := f.posts["a2"]
	for i, pub := range []time.Time{{}, testNow.Add(time.Hour)} { // unpublished, scheduled
		n, err := f.c.RecordView(ctx, stgypub.View{PostID: id, OwnerID: f.owner[id], PublishedAt: pub, Fingerprint: fp(10 + i)})
		if err != nil || n != int64(i+1) {
			t.Fatalf("owner count %d, %v", n, err)
		}
	}
	f.c.Wait()
	if got := f.siteDaily(t, "a1", 0); got != 2 {
		t.Errorf("a1 site-wide %d, want 2 (duplicates not counted)", got)
	}
	if got := f.siteDaily(t, "a2", 0); got != 0 {
		t.Errorf("a2 site-wide %d, want 0 (unpublished and scheduled not counted)", got)
	}
	if got := f.ranking(t, 1); got != "a1=2" {
		t.Errorf("ranking %q", got)
	}
}

// TestSiteRankingTopK: of 3000 posts (many tied), the merged top is the
// exact top across buckets, cut to 20, ties by ID ascending, from the
// daily Hashes and from the week sums alike.
func TestSiteRankingTopK(t *testing.T) {
	f := newSiteFixture(t, 0, Config{SiteBuckets: 4})
	ctx := context.Background()
	batch := map[siteField]int64{}
	var want []stgypub.RankingEntry
	for i := range 3000 {
		id := stgypub.ID(0x1000 + i)
		pv := int64(1 + (i*7919)%2500)
		batch[siteField{dayNumber(testNow), id}] = pv
		want = append(want, stgypub.RankingEntry{ID: id, PV: pv})
	}
	if failed, err := f.c.site.raiseSite(ctx, batch); err != nil || len(failed) != 0 {
		t.Fatal(err)
	}
	for _, days := range []int{1, 7} { // the daily Hashes, the week sums
		r, err := f.c.SiteRanking(ctx, days)
		if err != nil {
			t.Fatal(err)
		}
		if got, w := rankString(r.Entries), rankString(topK(want, 20)); got != w {
			t.Fatalf("days %d: got  %s\nwant %s", days, got, w)
		}
		if !strings.Contains(rankString(r.Entries), "=2500") {
			t.Fatal("the top post is missing")
		}
	}
}

// TestSiteWeekSums: whatever the order of raises (repeated, lower,
// earlier days, several days in one batch, days without any, a second
// process whose clock is still on yesterday), each bucket's week sum
// ending today equals the sum of its daily Hashes over the last 7 days,
// and the weekly ranking (read from the sums) equals the one summed from
// the daily Hashes.
func TestSiteWeekSums(t *testing.T) {
	f := newSiteFixture(t, 0, Config{SiteBuckets: 3})
	ctx := context.Background()
	behind := &clock{}
	stale := New(f.rdb, f.st.Checkpoints, Config{Prefix: f.c.cfg.Prefix, SiteBuckets: 3, Now: behind.Now})
	rng := rand.New(rand.NewPCG(1, 2))
	posts := []stgypub.ID{0x101, 0x202, 0x303, 0x404, 0x505, 0x606, 0x707}
	raise := func(c *Counter) {
		batch := map[siteField]int64{}
		for range 20 {
			day := dayNumber(c.cal.today()) - int32(rng.IntN(9))
			batch[siteField{day, posts[rng.IntN(len(posts))]}] = int64(1 + rng.IntN(50))
		}
		if failed, err := c.site.raiseSite(ctx, batch); err != nil || len(failed) > 0 {
			t.Fatal(err)
		}
	}
	day := -20
	for step := range 14 {
		day += 1 + rng.IntN(2) // sometimes a day without raises: the sum is rebuilt
		f.at(day)
		behind.Set(f.clk.Now().AddDate(0, 0, -1))
		raise(stale) // before this bucket's first run of the day
		raise(f.c)
		raise(stale) // after it
		raise(f.c)
		week, err := f.c.site.siteTopWeek(ctx)
		if err != nil {
			t.Fatal(err)
		}
		today := f.c.cal.today()
		for b := range 3 {
			want := map[string]int64{}
			for d := range 7 {
				vals, err := f.rdb.HGetAll(ctx, f.c.keys.siteDailyKey(b, today.AddDate(0, 0, -d).Format(dayLayout))).Result()
				if err != nil {
					t.Fatal(err)
				}
				for k, v := range vals {
					n, _ := strconv.ParseInt(v, 10, 64)
					want[k] += n
				}
			}
			got := map[string]int64{}
			zs, err := f.rdb.ZRangeWithScores(ctx, f.c.keys.siteWeekKey(b, today.Format(dayLayout)), 0, -1).Result()
			if err != nil {
				t.Fatal(err)
			}
			for _, z := range zs {
				id, ok := parseWeekMember(z.Member.(string))
				if !ok {
					t.Fatalf("member %v", z.Member)
				}
				got[id.String()] = int64(z.Score)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("step %d, bucket %d: week sum %v, daily sums %v", step, b, got, want)
			}
		}
		daily, err := f.c.site.siteTopDaily(ctx, 7)
		if err != nil {
			t.Fatal(err)
		}
		if rankString(week) != rankString(daily[:min(len(daily), MaxRankingLimit)]) || len(week) == 0 {
			t.Fatalf("step %d: week sums %s\ndaily      %s", step, rankString(week), rankString(daily))
		}
	}
}

// TestSiteShortRetention: with a retention window shorter than a week,
// the default window is the whole retention window, read from the daily
// Hashes, and no week sums are kept.
func TestSiteShortRetention(t *testing.T) {
	f := newSiteFixture(t, 1, Config{RetentionDays: 5})
	ctx := context.Background()
	f.at(-4)
	f.views(t, "a1", 2)
	f.at(0)
	f.views(t, "b1", 1)
	f.c.Wait()
	r, err := f.c.SiteRanking(ctx, 0)
	if err != nil || r.Days != 5 || f.names(r.Entries) != "a1=2 b1=1" {
		t.Fatalf("default window: %+v, %v", r, err)
	}
	if _, err := f.c.SiteRanking(ctx, 7); stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
		t.Fatalf("days 7 beyond a 5-day window: %v", err)
	}
	keys, err := (&redistest.Redis{Client: f.rdb, Prefix: f.c.cfg.Prefix}).Keys(ctx)
	if err != nil || len(keys) == 0 {
		t.Fatal(keys, err)
	}
	for _, k := range keys {
		if strings.Contains(k, ":site-week:") {
			t.Fatalf("week sum %s kept with a 5-day window", k)
		}
	}
}
