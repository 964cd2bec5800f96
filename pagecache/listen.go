package pagecache

import (
	"context"
	"errors"
	"net"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
)

// Listen subscribes to the announcements and applies them to c until ctx
// ends. On every (re)subscription it flushes c (announcements may have
// been missed meanwhile) and from then on renews c's lease on each
// message and on each pong of the PINGs it sends every SafetyTTL/3; when
// the connection fails it resubscribes after a short pause. While the
// lease has lapsed, c serves nothing from memory and keeps nothing.
func (v *Versions) Listen(ctx context.Context, c *Cache) {
	v.SetLocal(c)
	pause := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := v.listenOnce(ctx, c)
		if ctx.Err() != nil {
			return
		}
		v.log.Warn("pagecache: announcement subscription lost; pages are built uncached until it is back", "error", errString(err))
		select {
		case <-ctx.Done():
			return
		case <-time.After(pause):
		}
		pause = min(2*pause, 2*time.Second)
	}
}

func (v *Versions) listenOnce(ctx context.Context, c *Cache) error {
	ps := v.rdb.SSubscribe(ctx, v.channel())
	defer ps.Close()
	every := c.cfg.SafetyTTL / 3
	unanswered := 0
	for ctx.Err() == nil { // go-redis does not watch ctx while it reads
		msg, err := ps.ReceiveTimeout(ctx, every)
		var ne net.Error
		switch {
		case err != nil && errors.As(err, &ne) && ne.Timeout():
			if unanswered++; unanswered > 2 {
				return errors.New("no answer to PING")
			}
			if err := ps.Ping(ctx); err != nil {
				return err
			}
			continue
		case err != nil:
			return err
		}
		unanswered = 0
		switch m := msg.(type) {
		case *redis.Subscription:
			c.Flush()
		case *redis.Message:
			v.apply(ctx, c, m.Payload)
		}
		c.renew(c.cfg.Now())
	}
	return ctx.Err()
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// Local is the notifier of a single process without Redis: the store
// invalidates the cache directly (tests, a lone server). Its cache must be
// made with Config.Local.
type Local struct{ Cache *Cache }

// SitesChanged implements stgypub.SiteChangeNotifier.
func (l Local) SitesChanged(_ context.Context, changes []stgypub.SiteChange) error {
	owners := make([]stgypub.ID, len(changes))
	for i, ch := range changes {
		owners[i] = ch.Owner
	}
	l.Cache.Invalidate(owners...)
	return nil
}
