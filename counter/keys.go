package counter

import (
	"strconv"
	"time"

	"github.com/stgy/stgypub"
)

// dayLayout is the UTC date format of daily keys and Stats series.
const dayLayout = "20060102"

// Key names (docs/ARCHITECTURE.md "Redis key layout"); the owner in braces is
// the Redis Cluster hash tag, so one view's keys and one owner's daily Hashes
// share a slot. The site-wide keys carry a bucket instead (docs/RANKING.md).
const (
	dailyKind   = "stgy:pub-views:daily:{"
	lruKind     = "stgy:pub-views:lru:{"
	metaKind    = "stgy:pub-views:meta:{"
	rankingKind = "stgy:pub-views:ranking:{"
	statsKind   = "stgy:pub-views:stats:{"

	// Site-wide keys: a bucket's daily Hashes share the bucket's hash
	// tag ("site-" and the bucket number), the ranking caches one tag.
	siteDailyKind   = "stgy:pub-views:site-daily:{site-"
	siteWeekKind    = "stgy:pub-views:site-week:{site-"
	siteRankingKind = "stgy:pub-views:site-ranking:{site-ranking}:"
)

// appendKey appends prefix + kind + OWNER + "}" and, when tail is not
// empty, ":" + tail.
func (c *Counter) appendKey(b []byte, kind string, owner stgypub.ID, tail []byte) []byte {
	b = append(b, c.cfg.Prefix...)
	b = append(b, kind...)
	b = appendID(b, owner)
	b = append(b, '}')
	if len(tail) > 0 {
		b = append(b, ':')
		b = append(b, tail...)
	}
	return b
}

// appendID appends id as 16 upper-case hexadecimal digits (ID.String).
func appendID(b []byte, id stgypub.ID) []byte {
	const digits = "0123456789ABCDEF"
	u := uint64(id)
	for shift := 60; shift >= 0; shift -= 4 {
		b = append(b, digits[u>>shift&0xF])
	}
	return b
}

func (c *Counter) key(kind string, owner stgypub.ID, tail []byte) string {
	var buf [128]byte
	return string(c.appendKey(buf[:0], kind, owner, tail))
}

func (c *Counter) dailyKey(owner stgypub.ID, day string) string {
	return c.key(dailyKind, owner, []byte(day))
}

func (c *Counter) lruKey(owner, post stgypub.ID) string {
	var id [16]byte
	return c.key(lruKind, owner, appendID(id[:0], post))
}

func (c *Counter) metaKey(owner, post stgypub.ID) string {
	var id [16]byte
	return c.key(metaKind, owner, appendID(id[:0], post))
}

func (c *Counter) rankingKey(owner stgypub.ID) string { return c.key(rankingKind, owner, nil) }

// rankingDaysKey is the owner's ranking cache of the last days days:
// rankingKey for the whole window, else rankingKey + ":" + days.
func (c *Counter) rankingDaysKey(owner stgypub.ID, days int) string {
	if days == c.cfg.RetentionDays {
		return c.rankingKey(owner)
	}
	return c.key(rankingKind, owner, strconv.AppendInt(nil, int64(days), 10))
}

// cacheKeys are every ranking and Stats cache key of owner, the current
// window's Stats snapshot included (ImportViews drops them): one slot, so
// one DEL.
func (c *Counter) cacheKeys(owner stgypub.ID) []string {
	keys := []string{c.statsKey(owner), c.statsPastKey(owner, c.window()[0])}
	for d := 1; d <= c.cfg.RetentionDays; d++ {
		keys = append(keys, c.rankingDaysKey(owner, d))
	}
	return keys
}

// siteCacheKeys are every site-wide ranking cache key: one slot.
func (c *Counter) siteCacheKeys() []string {
	keys := make([]string, c.cfg.RetentionDays)
	for d := range keys {
		keys[d] = c.siteRankingKey(d + 1)
	}
	return keys
}

func (c *Counter) statsKey(owner stgypub.ID) string { return c.key(statsKind, owner, nil) }

// siteDailyKey is bucket's site-wide daily Hash of day (YYYYMMDD).
func (c *Counter) siteDailyKey(bucket int, day string) string {
	return c.siteKey(siteDailyKind, bucket, day)
}

// siteWeekKey is bucket's week sum ending on day (YYYYMMDD): a sorted
// set of each post's site-wide views over day-6 through day (members:
// weekMember).
func (c *Counter) siteWeekKey(bucket int, day string) string {
	return c.siteKey(siteWeekKind, bucket, day)
}

func (c *Counter) siteKey(kind string, bucket int, day string) string {
	b := make([]byte, 0, len(c.cfg.Prefix)+len(kind)+16)
	b = append(b, c.cfg.Prefix...)
	b = append(b, kind...)
	b = strconv.AppendInt(b, int64(bucket), 10)
	b = append(b, "}:"...)
	return string(append(b, day...))
}

// weekTTL is the lifetime of the week sum ending on end (today) when
// written now: until the end of the day after end, when it is the source
// of the next day's.
func (c *Counter) weekTTL(end time.Time) time.Duration {
	return end.Sub(c.today()) + 2*24*time.Hour
}

// siteRankingKey is the cache of the site-wide ranking over days days.
func (c *Counter) siteRankingKey(days int) string {
	return c.cfg.Prefix + siteRankingKind + strconv.Itoa(days)
}

// siteBucket is the bucket of post's site-wide counts: a 64-bit mix of
// the ID (Snowflake IDs differ mostly in their low and middle bits) modulo
// SiteBuckets.
func (c *Counter) siteBucket(post stgypub.ID) int {
	x := uint64(post)
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return int(x % uint64(c.cfg.SiteBuckets))
}

// today is midnight UTC of the current UTC date.
func (c *Counter) today() time.Time {
	y, m, d := c.cfg.Now().UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// window returns the RetentionDays UTC dates ending today, oldest first.
func (c *Counter) window() []time.Time {
	t := c.today()
	out := make([]time.Time, c.cfg.RetentionDays)
	for i := range out {
		out[i] = t.AddDate(0, 0, i-(len(out)-1))
	}
	return out
}

// ttl is the lifetime of LRU, meta and today's daily key: retention + 1 days
// (docs/SPEC.md#page-views).
func (c *Counter) ttl() time.Duration {
	return time.Duration(c.cfg.RetentionDays+1) * 24 * time.Hour
}

// dayTTL is the remaining lifetime a daily key of day gets when written
// now: it expires retention + 1 days after that day, as if written on it.
func (c *Counter) dayTTL(day time.Time) time.Duration {
	return c.ttl() - c.today().Sub(day)
}
