package counter

import "time"

// calendar is the counter's UTC days on the injected clock: today, the
// retention window and the lifetimes of the keys written for a day.
type calendar struct {
	now       func() time.Time // Config.Now
	retention int              // Config.RetentionDays
}

func newCalendar(cfg *Config) calendar {
	return calendar{now: cfg.Now, retention: cfg.RetentionDays}
}

// weekTTL is the lifetime of the week sum ending on end (today) when
// written now: until the end of the day after end, when it is the source
// of the next day's.
func (cl calendar) weekTTL(end time.Time) time.Duration {
	return end.Sub(cl.today()) + 2*24*time.Hour
}

// today is midnight UTC of the current UTC date.
func (cl calendar) today() time.Time {
	y, m, d := cl.now().UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// window returns the RetentionDays UTC dates ending today, oldest first.
func (cl calendar) window() []time.Time {
	t := cl.today()
	out := make([]time.Time, cl.retention)
	for i := range out {
		out[i] = t.AddDate(0, 0, i-(len(out)-1))
	}
	return out
}

// ttl is the lifetime of LRU, meta and today's daily key: retention + 1 days
// (docs/SPEC.md#page-views).
func (cl calendar) ttl() time.Duration {
	return time.Duration(cl.retention+1) * 24 * time.Hour
}

// dayTTL is the remaining lifetime a daily key of day gets when written
// now: it expires retention + 1 days after that day, as if written on it.
func (cl calendar) dayTTL(day time.Time) time.Duration {
	return cl.ttl() - cl.today().Sub(day)
}
