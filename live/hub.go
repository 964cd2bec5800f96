package live

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redisguard"
)

// channelName is the sharded channel of every event (README.md
// "Caching"); its hash tag keeps it on one shard.
const channelName = "stgy:pub-live:events:{pub-live}"

// Buffers of one subscriber: comment and notification events queue up to
// CommentBuffer (beyond it an event is dropped for that subscriber and
// counted); view events coalesce into one pending signal.
const (
	CommentBuffer = 16
	// PublishTimeout bounds one SPUBLISH.
	PublishTimeout = 300 * time.Millisecond
)

// Hub fans events out to this process's subscribers and, through Redis,
// to every other app server's Hub: the writes that live subscriptions
// announce (docs/API.md "Subscriptions") reach every app server through
// it, and they never fail the write that caused them: delivery is best
// effort and errors are only logged. It is safe for concurrent use.
type Hub struct {
	rdb    redis.UniversalClient
	prefix string
	log    *slog.Logger
	// heard is set once Listen is subscribed and cleared when the
	// subscription is lost: until then a publish is delivered here
	// directly (it would not come back through Redis).
	heard atomic.Bool

	mu      sync.Mutex
	topics  map[string]map[*sub]struct{}
	count   int
	dropped atomic.Int64
	// pendingViews are owners whose recorded views are not yet published;
	// publishing: a publishViews goroutine runs.
	pendingViews map[stgypub.ID]struct{}
	publishing   bool
}

type sub struct{ ch chan stgypub.LiveEvent }

// New returns a Hub on rdb with its channel under prefix
// (STGY_REDIS_PREFIX). A nil rdb keeps events in this process (a lone
// server, tests); a nil logger discards.
func New(rdb redis.UniversalClient, prefix string, log *slog.Logger) *Hub {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Hub{rdb: rdb, prefix: prefix, log: log, topics: map[string]map[*sub]struct{}{}}
}

// Channel is the Hub's sharded Redis channel (tests count its
// subscribers with PUBSUB SHARDNUMSUB).
func (h *Hub) Channel() string { return h.prefix + channelName }

// Subscribers is the number of open subscriptions of this process.
func (h *Hub) Subscribers() int { h.mu.Lock(); defer h.mu.Unlock(); return h.count }

// Dropped is how many events were dropped for subscribers that did not
// keep up.
func (h *Hub) Dropped() int64 { return h.dropped.Load() }

func commentTopic(post stgypub.ID) string { return "c:" + post.String() }
func notifyTopic(owner stgypub.ID) string { return "n:" + owner.String() }
func viewsTopic(owner stgypub.ID) string  { return "v:" + owner.String() }

// Comments subscribes to the comments stored or approved on post until
// ctx ends; the channel is closed then. Filtering by status is the
// caller's (stgypub.LiveCommentVisible).
func (h *Hub) Comments(ctx context.Context, post stgypub.ID) <-chan stgypub.LiveEvent {
	return h.subscribe(ctx, commentTopic(post), CommentBuffer)
}

// Notifications subscribes to the owner's new comment notifications
// until ctx ends.
func (h *Hub) Notifications(ctx context.Context, owner stgypub.ID) <-chan stgypub.LiveEvent {
	return h.subscribe(ctx, notifyTopic(owner), CommentBuffer)
}

// Views subscribes to "views of owner's posts were recorded" until ctx
// ends; signals coalesce (at most one waits), so a slow reader reads the
// counts once for many batches.
func (h *Hub) Views(ctx context.Context, owner stgypub.ID) <-chan stgypub.LiveEvent {
	return h.subscribe(ctx, viewsTopic(owner), 1)
}

func (h *Hub) subscribe(ctx context.Context, topic string, buffer int) <-chan stgypub.LiveEvent {
	s := &sub{ch: make(chan stgypub.LiveEvent, buffer)}
	h.mu.Lock()
	set := h.topics[topic]
	if set == nil {
		set = map[*sub]struct{}{}
		h.topics[topic] = set
	}
	set[s] = struct{}{}
	h.count++
	h.mu.Unlock()
	context.AfterFunc(ctx, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(set, s)
		if len(set) == 0 {
			delete(h.topics, topic)
		}
		h.count--
		close(s.ch)
	})
	return s.ch
}

// deliver hands ev to topic's subscribers without waiting: a full
// comment buffer drops the event for that subscriber, a full views
// signal already says what this one would.
func (h *Hub) deliver(topic string, ev stgypub.LiveEvent) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.topics[topic] {
		select {
		case s.ch <- ev:
		default:
			if cap(s.ch) > 1 {
				h.dropped.Add(1)
			}
		}
	}
}

// message is an event as it crosses Redis.
type message struct {
	Topics       []string                     `json:"t"`
	Owner        stgypub.ID                   `json:"o"`
	Comment      *stgypub.Comment             `json:"c,omitempty"`
	Notification *stgypub.CommentNotification `json:"n,omitempty"`
}

func (m *message) event() stgypub.LiveEvent {
	return stgypub.LiveEvent{Owner: m.Owner, Comment: m.Comment, Notification: m.Notification}
}

// publish sends m to every server. Without Redis, or while this Hub's
// own subscription is down, it delivers here directly, so this server's
// subscribers get it whatever Redis does.
func (h *Hub) publish(ctx context.Context, m *message) {
	if h.rdb == nil || !h.heard.Load() {
		h.deliverAll(m)
		if h.rdb == nil {
			return
		}
	}
	b, err := json.Marshal(m)
	if err != nil {
		h.log.Error("live: encode event", "error", err.Error())
		return
	}
	ctx, cancel := context.WithTimeout(redisguard.WithTimeout(ctx, PublishTimeout), PublishTimeout)
	defer cancel()
	if err := h.rdb.SPublish(ctx, h.Channel(), b).Err(); err != nil {
		h.log.Warn("live: publish event; other servers miss it", "error", err.Error())
	}
}

func (h *Hub) deliverAll(m *message) {
	for _, t := range m.Topics {
		h.deliver(t, m.event())
	}
}

// CommentAdded announces a comment stored or approved on a post of
// owner, in its current status; n is the owner's new notification about
// it (nil when none was recorded).
func (h *Hub) CommentAdded(ctx context.Context, owner stgypub.ID, c *stgypub.Comment, n *stgypub.CommentNotification) {
	m := &message{Topics: []string{commentTopic(c.PostID)}, Owner: owner, Comment: c, Notification: n}
	if n != nil {
		m.Topics = append(m.Topics, notifyTopic(owner))
	}
	h.publish(ctx, m)
}

// ViewsRecorded announces that views of these owners' posts were
// recorded (each owner once), without blocking the recorder: the owners join a pending set that one goroutine publishes
// (one message per owner; owners recorded again meanwhile coalesce).
func (h *Hub) ViewsRecorded(_ context.Context, owners []stgypub.ID) {
	h.mu.Lock()
	if h.pendingViews == nil {
		h.pendingViews = map[stgypub.ID]struct{}{}
	}
	for _, o := range owners {
		h.pendingViews[o] = struct{}{}
	}
	start := !h.publishing
	h.publishing = true
	h.mu.Unlock()
	if start {
		go h.publishViews()
	}
}

func (h *Hub) publishViews() {
	for {
		h.mu.Lock()
		pending := h.pendingViews
		h.pendingViews = nil
		if len(pending) == 0 {
			h.publishing = false
			h.mu.Unlock()
			return
		}
		h.mu.Unlock()
		for o := range pending {
			h.publish(context.Background(), &message{Topics: []string{viewsTopic(o)}, Owner: o})
		}
	}
}
