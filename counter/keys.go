package counter

import (
	"strconv"

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

// keyspace names the counter's Redis keys (docs/ARCHITECTURE.md "Redis
// key layout"): the prefix, the window (the ranking and snapshot caches
// of every length) and the site-wide buckets.
type keyspace struct {
	prefix    string
	retention int // Config.RetentionDays
	buckets   int // Config.SiteBuckets
	cal       calendar
}

func newKeyspace(cfg *Config) keyspace {
	return keyspace{prefix: cfg.Prefix, retention: cfg.RetentionDays, buckets: cfg.SiteBuckets, cal: newCalendar(cfg)}
}

// appendKey appends prefix + kind + OWNER + "}" and, when tail is not
// empty, ":" + tail.
func (k keyspace) appendKey(b []byte, kind string, owner stgypub.ID, tail []byte) []byte {
	b = append(b, k.prefix...)
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

func (k keyspace) key(kind string, owner stgypub.ID, tail []byte) string {
	var buf [128]byte
	return string(k.appendKey(buf[:0], kind, owner, tail))
}

func (k keyspace) dailyKey(owner stgypub.ID, day string) string {
	return k.key(dailyKind, owner, []byte(day))
}

func (k keyspace) lruKey(owner, post stgypub.ID) string {
	var id [16]byte
	return k.key(lruKind, owner, appendID(id[:0], post))
}

func (k keyspace) metaKey(owner, post stgypub.ID) string {
	var id [16]byte
	return k.key(metaKind, owner, appendID(id[:0], post))
}

func (k keyspace) rankingKey(owner stgypub.ID) string { return k.key(rankingKind, owner, nil) }

// rankingDaysKey is the owner's ranking cache of the last days days:
// rankingKey for the whole window, else rankingKey + ":" + days.
func (k keyspace) rankingDaysKey(owner stgypub.ID, days int) string {
	if days == k.retention {
		return k.rankingKey(owner)
	}
	return k.key(rankingKind, owner, strconv.AppendInt(nil, int64(days), 10))
}

// cacheKeys are every ranking and Stats cache key of owner, the current
// window's Stats snapshot included (ImportViews drops them): one slot, so
// one DEL.
func (k keyspace) cacheKeys(owner stgypub.ID) []string {
	keys := []string{k.statsKey(owner), k.statsPastKey(owner, k.cal.window()[0])}
	for d := 1; d <= k.retention; d++ {
		keys = append(keys, k.rankingDaysKey(owner, d))
	}
	return keys
}

// siteCacheKeys are every site-wide ranking cache key: one slot.
func (k keyspace) siteCacheKeys() []string {
	keys := make([]string, k.retention)
	for d := range keys {
		keys[d] = k.siteRankingKey(d + 1)
	}
	return keys
}

func (k keyspace) statsKey(owner stgypub.ID) string { return k.key(statsKind, owner, nil) }

// siteDailyKey is bucket's site-wide daily Hash of day (YYYYMMDD).
func (k keyspace) siteDailyKey(bucket int, day string) string {
	return k.siteKey(siteDailyKind, bucket, day)
}

// siteWeekKey is bucket's week sum ending on day (YYYYMMDD): a sorted
// set of each post's site-wide views over day-6 through day (members:
// weekMember).
func (k keyspace) siteWeekKey(bucket int, day string) string {
	return k.siteKey(siteWeekKind, bucket, day)
}

func (k keyspace) siteKey(kind string, bucket int, day string) string {
	b := make([]byte, 0, len(k.prefix)+len(kind)+16)
	b = append(b, k.prefix...)
	b = append(b, kind...)
	b = strconv.AppendInt(b, int64(bucket), 10)
	b = append(b, "}:"...)
	return string(append(b, day...))
}

// siteRankingKey is the cache of the site-wide ranking over days days.
func (k keyspace) siteRankingKey(days int) string {
	return k.prefix + siteRankingKind + strconv.Itoa(days)
}

// siteBucket is the bucket of post's site-wide counts: a 64-bit mix of
// the ID (Snowflake IDs differ mostly in their low and middle bits) modulo
// SiteBuckets.
func (k keyspace) siteBucket(post stgypub.ID) int {
	x := uint64(post)
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return int(x % uint64(k.buckets))
}
