package webhook_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/owner"
	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/store/storetest"
	"github.com/stgy/stgypub/webhook"
)

// receiver is a local webhook endpoint: it records each request and
// answers with what fail says (a status, or 0 for 204).
type receiver struct {
	srv  *httptest.Server
	mu   sync.Mutex
	got  []received
	fail func(n int) int // n counts requests from 1; a status other than 0 answers with it
	hold func(n int)     // runs before answering, when set
	more chan struct{}
}

type received struct {
	delivery, event, signature string
	body                       []byte
}

func newReceiver(t *testing.T) *receiver {
	t.Helper()
	r := &receiver{more: make(chan struct{}, 1000)}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got = append(r.got, received{req.Header.Get(webhook.HeaderDelivery), req.Header.Get(webhook.HeaderEvent), req.Header.Get(webhook.HeaderSignature), body})
		n, fail, hold := len(r.got), r.fail, r.hold
		r.mu.Unlock()
		r.more <- struct{}{}
		if hold != nil {
			hold(n)
		}
		if fail != nil {
			if status := fail(n); status != 0 {
				w.WriteHeader(status)
				return
			}
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(r.srv.Close)
	return r
}

// waitFor waits until n requests arrived (or fails the test after a
// generous bound: the machine may be busy).
func (r *receiver) waitFor(t *testing.T, n int) []received {
	t.Helper()
	deadline := time.After(60 * time.Second)
	for {
		r.mu.Lock()
		if len(r.got) >= n {
			out := append([]received(nil), r.got...)
			r.mu.Unlock()
			return out
		}
		r.mu.Unlock()
		select {
		case <-r.more:
		case <-deadline:
			t.Fatalf("receiver: %d requests, want %d", len(r.got), n)
		}
	}
}

type fixture struct {
	st    *store.Store
	owner *owner.Service
	svc   *webhook.Service
	user  *stgypub.User
	post  stgypub.ID
	hook  *stgypub.Webhook
	recv  *receiver
}

func newFixture(t *testing.T, events ...stgypub.WebhookEvent) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{st: storetest.New(t), recv: newReceiver(t)}
	f.user = &stgypub.User{LoginName: "alice", Nickname: "Alice"}
	if err := f.st.Users.CreateUser(ctx, f.user); err != nil {
		t.Fatal(err)
	}
	f.owner = owner.New(f.st.Posts, f.st.Users, f.st.Users, time.Now)
	p, err := f.owner.CreatePost(ctx, f.user, owner.PostInput{Content: "# Hello hooks\n\nBody."})
	if err != nil {
		t.Fatal(err)
	}
	f.post = p.ID
	f.svc = webhook.NewService(f.st.Webhooks, webhook.ServiceConfig{AllowLoopback: true})
	if f.hook, err = f.svc.Create(ctx, f.user, f.recv.srv.URL+"/hook", events); err != nil {
		t.Fatal(err)
	}
	return f
}

// run starts a worker on st; the returned stop cancels it and waits for
// Run to return.
func run(t *testing.T, st *store.Store, cfg webhook.WorkerConfig) (stop func()) {
	t.Helper()
	if cfg.Poll == 0 {
		cfg.Poll = 20 * time.Millisecond
	}
	if cfg.RetryBase == 0 {
		cfg.RetryBase = 10 * time.Millisecond
	}
	cfg.BaseURL = "https://pub.example"
	w := webhook.NewWorker(webhook.Stores{Hooks: st.Webhooks, Posts: st.Posts, Users: st.Users}, webhook.NewClient(webhook.ClientConfig{AllowLoopback: true}), cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	var once sync.Once
	stop = func() { once.Do(func() { cancel(); <-done }) }
	t.Cleanup(stop)
	return stop
}

func (f *fixture) deliveries(t *testing.T) []*stgypub.WebhookDelivery {
	t.Helper()
	list, err := f.st.Webhooks.WebhookDeliveries(context.Background(), f.hook.ID, 50)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func decode(t *testing.T, b []byte) webhook.Body {
	t.Helper()
	var body webhook.Body
	if err := json.Unmarshal(b, &body); err != nil {
		t.Fatalf("body %q: %v", b, err)
	}
	return body
}

func TestWorkerDeliversSignedEvent(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "POST_PUBLISHED", "POST_UPDATED")
	run(t, f.st, webhook.WorkerConfig{})
	if _, err := f.owner.SetPublication(ctx, f.user, f.post, new(time.Now())); err != nil {
		t.Fatal(err)
	}
	got := f.recv.waitFor(t, 1)[0]
	if !webhook.Verify(f.hook.Secret, got.body, got.signature) {
		t.Fatalf("signature %q does not verify body %q", got.signature, got.body)
	}
	b := decode(t, got.body)
	if b.Event != stgypub.EventPostPublished || got.event != "POST_PUBLISHED" || b.DeliveryID != got.delivery || len(got.delivery) != 36 ||
		b.PostID != f.post.String() || b.OwnerID != f.user.ID.String() || b.URL != "https://pub.example/pub/"+f.post.String() ||
		b.Title != "Hello hooks" || b.CommentID != "" {
		t.Fatalf("delivery %s %s: %+v", got.delivery, got.event, b)
	}
	if _, err := f.owner.UpdatePost(ctx, f.user, f.post, owner.PostInput{Content: "# Hello again"}); err != nil {
		t.Fatal(err)
	}
	got = f.recv.waitFor(t, 2)[1]
	if b := decode(t, got.body); b.Event != stgypub.EventPostUpdated || b.Title != "Hello again" {
		t.Fatalf("update delivery: %+v", b)
	}
	// Unpublishing is not subscribed: nothing is queued for it.
	if _, err := f.owner.SetPublication(ctx, f.user, f.post, nil); err != nil {
		t.Fatal(err)
	}
	// The receiver has both; the worker records each answer after it
	// (a moment later on a busy machine): wait for both records.
	deadline := time.Now().Add(30 * time.Second)
	for {
		list := f.deliveries(t)
		if len(list) != 2 {
			t.Fatalf("%d deliveries, want 2", len(list))
		}
		recorded := 0
		for _, d := range list {
			if d.DeliveredAt != nil {
				if d.LastStatus != http.StatusNoContent || d.Attempts != 1 {
					t.Fatalf("delivery %+v", d)
				}
				recorded++
			}
		}
		if recorded == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("deliveries not recorded as delivered after 30 s: %+v", list)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Failed attempts are retried, across a restart of the worker on
// another connection to the same database, with the same delivery ID and
// body: the receiver can dedupe.
func TestWorkerRetriesAcrossRestart(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "POST_PUBLISHED")
	var mu sync.Mutex
	healthy := false
	f.recv.fail = func(int) int {
		mu.Lock()
		defer mu.Unlock()
		if healthy {
			return 0
		}
		return http.StatusServiceUnavailable
	}
	stop := run(t, f.st, webhook.WorkerConfig{})
	if _, err := f.owner.SetPublication(ctx, f.user, f.post, new(time.Now())); err != nil {
		t.Fatal(err)
	}
	f.recv.waitFor(t, 3)
	stop()
	d := f.deliveries(t)[0]
	// The last attempt may have been cut short by the stop (no status).
	if d.DeliveredAt != nil || d.FailedAt != nil || d.Attempts < 3 || d.LastError == "" {
		t.Fatalf("after failures: %+v", d)
	}
	mu.Lock()
	healthy = true
	n := len(f.recv.got)
	mu.Unlock()
	run(t, storetest.Reopen(t, f.st), webhook.WorkerConfig{}) // a new process
	all := f.recv.waitFor(t, n+1)
	ids := map[string]int{}
	for _, r := range all {
		ids[r.delivery]++
		if string(r.body) != string(all[0].body) || !webhook.Verify(f.hook.Secret, r.body, r.signature) {
			t.Fatalf("retry changed the body or signature: %q vs %q", r.body, all[0].body)
		}
	}
	if len(ids) != 1 || ids[d.ID] != len(all) {
		t.Fatalf("delivery IDs %v, want only %s", ids, d.ID)
	}
	waitDelivered(t, f)
}

func waitDelivered(t *testing.T, f *fixture) *stgypub.WebhookDelivery {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		list := f.deliveries(t)
		if len(list) > 0 && list[0].DeliveredAt != nil {
			return list[0]
		}
		if time.Now().After(deadline) {
			t.Fatalf("not delivered: %+v", list)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A process that dies mid-attempt (claimed, never recorded) leaves the
// delivery to another once its lease ends; a receiver that had answered
// a first copy whose answer was lost sees the same delivery ID again.
func TestWorkerLeaseAfterCrash(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "COMMENT_POSTED")
	c := &stgypub.Comment{ID: 42, PostID: f.post, Nickname: "Ann", Body: "Hi\n", Status: stgypub.CommentPending}
	if err := f.st.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: c}); err != nil {
		t.Fatal(err)
	}
	// The dead process: claimed with a short lease, then nothing.
	now := time.Now()
	claims, err := f.st.Webhooks.ClaimWebhookDeliveries(ctx, now, now.Add(300*time.Millisecond), 10)
	if err != nil || len(claims) != 1 {
		t.Fatalf("claim: %v, %v", claims, err)
	}
	run(t, storetest.Reopen(t, f.st), webhook.WorkerConfig{})
	got := f.recv.waitFor(t, 1)[0]
	if got.delivery != claims[0].Delivery.ID || decode(t, got.body).CommentID != "000000000000002A" {
		t.Fatalf("redelivered %s %q, want %s", got.delivery, got.body, claims[0].Delivery.ID)
	}
	if d := waitDelivered(t, f); d.Attempts != 2 {
		t.Fatalf("attempts %d, want 2 (the dead one counts)", d.Attempts)
	}
}

// A scheduled post fires POST_PUBLISHED when it falls due, once, through
// the poller (no owner action happens then).
func TestWorkerScheduledPost(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "POST_PUBLISHED")
	due := time.Now().Add(700 * time.Millisecond)
	if _, err := f.owner.SetPublication(ctx, f.user, f.post, &due); err != nil {
		t.Fatal(err)
	}
	if list := f.deliveries(t); len(list) != 0 {
		t.Fatalf("queued before due: %+v", list)
	}
	run(t, f.st, webhook.WorkerConfig{})
	run(t, storetest.Reopen(t, f.st), webhook.WorkerConfig{}) // two processes poll
	got := f.recv.waitFor(t, 1)[0]
	if time.Now().Before(due) {
		t.Fatal("delivered before the post fell due")
	}
	if b := decode(t, got.body); b.Event != stgypub.EventPostPublished || b.PostID != f.post.String() || b.Title != "Hello hooks" {
		t.Fatalf("scheduled delivery %+v", b)
	}
	waitDelivered(t, f)
	if list := f.deliveries(t); len(list) != 1 {
		t.Fatalf("%d deliveries, want 1", len(list))
	}
}

// A receiver failing for longer than RetryFor is given up.
func TestWorkerGivesUp(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "POST_UPDATED")
	f.recv.fail = func(int) int { return http.StatusInternalServerError }
	if _, err := f.owner.SetPublication(ctx, f.user, f.post, new(time.Now())); err != nil {
		t.Fatal(err)
	}
	if _, err := f.owner.UpdatePost(ctx, f.user, f.post, owner.PostInput{Content: "# Edited"}); err != nil {
		t.Fatal(err)
	}
	run(t, f.st, webhook.WorkerConfig{RetryFor: 200 * time.Millisecond, RetryMax: 40 * time.Millisecond})
	deadline := time.Now().Add(60 * time.Second)
	for {
		d := f.deliveries(t)[0]
		if d.FailedAt != nil {
			if d.DeliveredAt != nil || d.Attempts < 2 || d.LastStatus != 500 {
				t.Fatalf("given up: %+v", d)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("never given up: %+v", d)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
