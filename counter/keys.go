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
const (
	dailyKind   = "stgy:pub-views:daily:{"
	lruKind     = "stgy:pub-views:lru:{"
	metaKind    = "stgy:pub-views:meta:{"
	rankingKind = "stgy:pub-views:ranking:{"
	statsKind   = "stgy:pub-views:stats:{"
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

func (c *Counter) statsKey(owner stgypub.ID) string { return c.key(statsKind, owner, nil) }

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
