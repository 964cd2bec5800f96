package live

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"time"

	"github.com/redis/go-redis/v9"
)

// PingEvery is how often Listen PINGs an idle subscription; three
// unanswered in a row count as a lost connection.
const PingEvery = 5 * time.Second

// Listen subscribes to the events channel and delivers every event to
// this process's subscribers until ctx ends. When the connection fails
// (Redis restarted, network) it resubscribes after a short pause
// (100 ms doubling to 2 s); subscribers stay attached meanwhile, and
// events published while the subscription was down are lost (clients
// re-read on their own: docs/API.md "Subscriptions"). Without Redis it
// returns at once.
func (h *Hub) Listen(ctx context.Context) {
	if h.rdb == nil {
		return
	}
	pause := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := h.listenOnce(ctx)
		h.heard.Store(false)
		if ctx.Err() != nil {
			return
		}
		h.log.Warn("live: event subscription lost; resubscribing", "error", errString(err))
		select {
		case <-ctx.Done():
			return
		case <-time.After(pause):
		}
		pause = min(2*pause, 2*time.Second)
	}
}

// Listening reports whether the Hub's Redis subscription is up (events
// of other servers arrive).
func (h *Hub) Listening() bool { return h.heard.Load() }

func (h *Hub) listenOnce(ctx context.Context) error {
	ps := h.rdb.SSubscribe(ctx, h.Channel())
	defer ps.Close()
	unanswered := 0
	for ctx.Err() == nil { // go-redis does not watch ctx while it reads
		msg, err := ps.ReceiveTimeout(ctx, PingEvery)
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
			h.heard.Store(true)
		case *redis.Message:
			var ev message
			if err := json.Unmarshal([]byte(m.Payload), &ev); err != nil {
				h.log.Warn("live: undecodable event", "error", err.Error())
				continue
			}
			h.deliverAll(&ev)
		}
	}
	return ctx.Err()
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
