package counter

import (
	"time"

	"github.com/stgy/stgypub"
)

// dayLayout is the UTC date format of daily keys and Stats series.
const dayLayout = "20060102"

// Key names (ARCHITECTURE.md "Redis key layout"); the owner in braces is
// the Redis Cluster hash tag, so one view's keys and one owner's daily
// Hashes share a slot.
func (c *Counter) dailyKey(owner stgypub.ID, day string) string {
	return c.cfg.Prefix + "stgy:pub-views:daily:{" + owner.String() + "}:" + day
}

func (c *Counter) lruKey(owner, post stgypub.ID) string {
	return c.cfg.Prefix + "stgy:pub-views:lru:{" + owner.String() + "}:" + post.String()
}

func (c *Counter) metaKey(owner, post stgypub.ID) string {
	return c.cfg.Prefix + "stgy:pub-views:meta:{" + owner.String() + "}:" + post.String()
}

func (c *Counter) rankingKey(owner stgypub.ID) string {
	return c.cfg.Prefix + "stgy:pub-views:ranking:{" + owner.String() + "}"
}

func (c *Counter) statsKey(owner stgypub.ID) string {
	return c.cfg.Prefix + "stgy:pub-views:stats:{" + owner.String() + "}"
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

// ttl is the lifetime of LRU, meta and today's daily key: retention + 1
// days (seed 001 "Per-Post LRU Deduplication").
func (c *Counter) ttl() time.Duration {
	return time.Duration(c.cfg.RetentionDays+1) * 24 * time.Hour
}

// dayTTL is the remaining lifetime a daily key of day gets when written
// now: it expires retention + 1 days after that day, as if written on it.
func (c *Counter) dayTTL(day time.Time) time.Duration {
	return c.ttl() - c.today().Sub(day)
}
