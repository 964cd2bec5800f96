package webhook

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/stgy/stgypub"
)

// Stores are what a Worker reads and writes, one root store per entity
// (*store.Store implements each).
type Stores struct {
	// Hooks is the delivery queue and the scheduled posts' announcements
	// (docs/WEBHOOKS.md "Retries").
	Hooks stgypub.WebhookStore
	// Posts gives the posts the events name (Post).
	Posts stgypub.PostStore
	// Users gives their owners' settings, for the time zone (PubConfig).
	Users stgypub.PubUserStore
}

// WorkerConfig configures a Worker; zero values take the defaults noted.
type WorkerConfig struct {
	// BaseURL is the server's public base URL, for the posts' canonical
	// URLs (no trailing slash).
	BaseURL string
	// Poll is how often the queue and the scheduled posts are looked at
	// when nothing wakes the worker (STGY_WEBHOOK_POLL); 5 s.
	Poll time.Duration
	// RetryBase is the delay after the first failed attempt, doubled
	// after each further one up to RetryMax; 30 s and 1 h.
	RetryBase, RetryMax time.Duration
	// RetryFor is how long after its event a delivery is retried before
	// it is given up (STGY_WEBHOOK_RETRY_FOR); 24 h.
	RetryFor time.Duration
	// Batch is how many deliveries one poll claims, Concurrency how many
	// are sent at once; 32 and 4.
	Batch, Concurrency int
	// Lease is how long a claimed delivery is left to its process
	// before another may take it (a process that died mid-attempt); at
	// least the client's timeout plus a margin; 2 min.
	Lease time.Duration
	// Now is the clock; time.Now.
	Now func() time.Time
	// Logger receives failed polls; attempts' failures are in the queue.
	Logger *slog.Logger
}

// Worker drains the delivery queue: each poll first announces the
// scheduled posts that fell due (AnnounceDuePosts, within RetryFor), then
// claims due deliveries and sends them, recording each outcome. Any
// number of workers, in any number of processes, share one queue.
type Worker struct {
	st     Stores
	client *Client
	cfg    WorkerConfig
	wake   chan struct{}
}

// NewWorker returns a Worker sending through client.
func NewWorker(st Stores, client *Client, cfg WorkerConfig) *Worker {
	if cfg.Poll <= 0 {
		cfg.Poll = 5 * time.Second
	}
	if cfg.RetryBase <= 0 {
		cfg.RetryBase = 30 * time.Second
	}
	if cfg.RetryMax <= 0 {
		cfg.RetryMax = time.Hour
	}
	if cfg.RetryFor <= 0 {
		cfg.RetryFor = 24 * time.Hour
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 32
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 4
	}
	if cfg.Lease <= 0 {
		cfg.Lease = 2 * time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	return &Worker{st: st, client: client, cfg: cfg, wake: make(chan struct{}, 1)}
}

// Wake makes a running worker poll now (after an event was queued in
// this process) instead of at its next Poll tick.
func (w *Worker) Wake() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Run polls until ctx ends, then returns once the attempts in flight
// have been recorded (an attempt cut short counts as failed).
func (w *Worker) Run(ctx context.Context) {
	t := time.NewTicker(w.cfg.Poll)
	defer t.Stop()
	for {
		w.poll(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-w.wake:
		}
	}
}

// poll announces due posts and sends claimed deliveries until the queue
// has nothing due.
func (w *Worker) poll(ctx context.Context) {
	for ctx.Err() == nil {
		now := w.cfg.Now()
		posts, _, err := w.st.Hooks.AnnounceDuePosts(ctx, now, now.Add(-w.cfg.RetryFor), w.cfg.Batch)
		if err != nil {
			w.logError(ctx, "webhook: announce due posts", err)
			return
		}
		claims, err := w.st.Hooks.ClaimWebhookDeliveries(ctx, now, now.Add(w.cfg.Lease), w.cfg.Batch)
		if err != nil {
			w.logError(ctx, "webhook: claim deliveries", err)
			return
		}
		w.sendAll(ctx, claims)
		if posts < w.cfg.Batch && len(claims) < w.cfg.Batch {
			return
		}
	}
}

func (w *Worker) logError(ctx context.Context, msg string, err error) {
	if ctx.Err() == nil {
		w.cfg.Logger.Warn(msg, "err", err)
	}
}

func (w *Worker) sendAll(ctx context.Context, claims []stgypub.WebhookClaim) {
	sem := make(chan struct{}, w.cfg.Concurrency)
	var wg sync.WaitGroup
	for _, c := range claims {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			w.attempt(ctx, c)
		}()
	}
	wg.Wait()
}

// attempt sends one claimed delivery and records the outcome: delivered
// on a 2xx; else retried after RetryBase·2^(attempts-1), at most
// RetryMax, unless that is past RetryFor after the event (given up).
func (w *Worker) attempt(ctx context.Context, c stgypub.WebhookClaim) {
	d := c.Delivery
	if d.Body == nil {
		body, err := w.body(ctx, c)
		if err != nil {
			w.logError(ctx, "webhook: build body", err)
			return // the lease ends and the delivery is claimed again
		}
		d.Body = body
	}
	status, err := w.client.Send(ctx, Attempt{URL: c.Hook.URL, Secret: c.Hook.Secret, DeliveryID: d.ID, Event: d.Event, Body: d.Body})
	d.Settle(w.cfg.Now(), status, err, w.backoff(d.Attempts), d.OccurredAt.Add(w.cfg.RetryFor))
	if err := w.st.Hooks.RecordWebhookAttempt(context.WithoutCancel(ctx), d); err != nil {
		w.cfg.Logger.Warn("webhook: record attempt", "delivery", d.ID, "err", err)
	}
}

// backoff is the delay after the attempts-th failed attempt.
func (w *Worker) backoff(attempts int) time.Duration {
	d := w.cfg.RetryBase
	for i := 1; i < attempts && d < w.cfg.RetryMax; i++ {
		d *= 2
	}
	return min(d, w.cfg.RetryMax)
}

func (w *Worker) body(ctx context.Context, c stgypub.WebhookClaim) ([]byte, error) {
	post, err := w.st.Posts.Post(ctx, c.Delivery.PostID)
	if stgypub.ErrorCode(err) == stgypub.CodeNotFound {
		post, err = nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("post %s: %w", c.Delivery.PostID, err)
	}
	var loc *time.Location
	if post != nil {
		cfg, err := w.st.Users.PubConfig(ctx, c.Hook.OwnerID)
		if err != nil {
			return nil, fmt.Errorf("settings of %s: %w", c.Hook.OwnerID, err)
		}
		loc = cfg.Location()
	}
	return NewBody(c.Delivery, c.Hook.OwnerID, w.cfg.BaseURL, post, loc)
}
