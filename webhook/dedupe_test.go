package webhook_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/owner"
	"github.com/stgy/stgypub/store/storetest"
	"github.com/stgy/stgypub/webhook"
)

// dedupingReceiver is a receiver as docs/WEBHOOKS.md "Verifying a
// delivery" asks for: it checks the signature over the raw body, acts on
// a delivery ID the first time it sees it and answers later copies
// without acting. Its answers get lost: the first copy of each delivery
// is acted on and then its connection is cut before any answer, the
// second is answered 200 only after the sender timed out; from the third
// on it answers 200 at once.
type dedupingReceiver struct {
	srv    *httptest.Server
	secret string

	mu       sync.Mutex
	copies   map[string]int // requests per delivery ID
	acted    []webhook.Body // each delivery once, in arrival order
	bad      int            // requests whose signature did not verify
	progress chan struct{}
}

func newDedupingReceiver(t *testing.T) *dedupingReceiver {
	t.Helper()
	r := &dedupingReceiver{copies: map[string]int{}, progress: make(chan struct{}, 1000)}
	r.srv = httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *dedupingReceiver) serve(w http.ResponseWriter, req *http.Request) {
	defer func() { r.progress <- struct{}{} }()
	body, err := io.ReadAll(io.LimitReader(req.Body, 1<<20))
	r.mu.Lock()
	secret := r.secret
	if err != nil || !webhook.Verify(secret, body, req.Header.Get(webhook.HeaderSignature)) {
		r.bad++
		r.mu.Unlock()
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	id := req.Header.Get(webhook.HeaderDelivery)
	r.copies[id]++
	n := r.copies[id]
	if n == 1 { // seen for the first time: act on it
		var b webhook.Body
		if decodeErr := json.Unmarshal(body, &b); decodeErr == nil && b.DeliveryID == id {
			r.acted = append(r.acted, b)
		} else {
			r.bad++
		}
	}
	r.mu.Unlock()
	switch n {
	case 1: // acted on, then the connection is cut before any answer
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
	case 2: // the answer comes after the sender gave up
		<-req.Context().Done()
		w.WriteHeader(http.StatusOK)
	default: // a copy of one already handled
		w.WriteHeader(http.StatusOK)
	}
}

// TestReceiverDedupesLostAnswers: every event reaches a deduping
// receiver exactly once although the answers to the first two copies of
// each delivery were lost (a cut connection, a timeout): the lost
// answers are failed attempts, the delivery is sent again with the same
// ID, body and valid signature, and the receiver drops the copies.
func TestReceiverDedupesLostAnswers(t *testing.T) {
	ctx := context.Background()
	recv := newDedupingReceiver(t)
	f := newFixture(t, stgypub.WebhookEvents...)
	// Re-point the fixture's hook at the deduping receiver.
	if err := f.svc.Delete(ctx, f.user, f.hook.ID); err != nil {
		t.Fatal(err)
	}
	hook, err := f.svc.Create(ctx, f.user, recv.srv.URL+"/hook", stgypub.WebhookEvents)
	if err != nil {
		t.Fatal(err)
	}
	recv.mu.Lock()
	recv.secret = hook.Secret
	recv.mu.Unlock()

	// Every event, queued before any worker runs.
	if _, err := f.owner.SetPublication(ctx, f.user, f.post, new(time.Now())); err != nil {
		t.Fatal(err)
	}
	if _, err := f.owner.UpdatePost(ctx, f.user, f.post, owner.PostInput{Content: "# Hello again"}); err != nil {
		t.Fatal(err)
	}
	c := &stgypub.Comment{PostID: f.post, Nickname: "Ann", Body: "Hi\n", Status: stgypub.CommentPending}
	if err := f.st.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: c}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.st.Comments.ApproveComment(ctx, c.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.owner.SetPublication(ctx, f.user, f.post, nil); err != nil {
		t.Fatal(err)
	}
	gone, err := f.owner.CreatePost(ctx, f.user, owner.PostInput{Content: "# Short-lived"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.owner.SetPublication(ctx, f.user, gone.ID, new(time.Now())); err != nil {
		t.Fatal(err)
	}
	if err := f.owner.DeletePost(ctx, f.user, gone.ID); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"POST_PUBLISHED " + f.post.String(), "POST_UPDATED " + f.post.String(),
		"COMMENT_POSTED " + f.post.String(), "COMMENT_APPROVED " + f.post.String(),
		"POST_UNPUBLISHED " + f.post.String(),
		"POST_PUBLISHED " + gone.ID.String(), "POST_UNPUBLISHED " + gone.ID.String(),
	}

	// A sender whose attempts time out after a second (the second copy).
	client := webhook.NewClient(webhook.ClientConfig{AllowLoopback: true, Timeout: time.Second})
	st2 := storetest.Reopen(t, f.st)
	w := webhook.NewWorker(webhook.Stores{Hooks: st2.Webhooks, Posts: st2.Posts, Users: st2.Users}, client, webhook.WorkerConfig{
		BaseURL: "https://pub.example", Poll: 20 * time.Millisecond, RetryBase: 10 * time.Millisecond,
	})
	wctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { w.Run(wctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })

	deadline := time.After(120 * time.Second)
	for !recv.settled(len(want)) {
		select {
		case <-recv.progress:
		case <-deadline:
			recv.mu.Lock()
			t.Fatalf("receiver: acted on %d, copies %v", len(recv.acted), recv.copies)
		}
	}
	recv.mu.Lock()
	defer recv.mu.Unlock()
	if recv.bad != 0 {
		t.Fatalf("%d requests with a bad signature or body", recv.bad)
	}
	var got []string
	for _, b := range recv.acted {
		got = append(got, string(b.Event)+" "+b.PostID)
		if b.PostID == gone.ID.String() && b.Event == stgypub.EventPostUnpublished && (!b.Deleted || b.Title != "") {
			t.Errorf("the deleted post's POST_UNPUBLISHED: %+v", b)
		}
		if b.PostID == f.post.String() && b.Deleted {
			t.Errorf("a live post's delivery says deleted: %+v", b)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("acted on %v, want each of %v once", got, want)
	}
	for id, n := range recv.copies {
		if n < 3 {
			t.Errorf("delivery %s sent %d times, want at least 3 (two lost answers)", id, n)
		}
	}
	recv.mu.Unlock()
	// The queue shows each delivered, after at least three attempts.
	for {
		list, err := f.st.Webhooks.WebhookDeliveries(ctx, hook.ID, 50)
		if err != nil || len(list) != len(want) {
			t.Fatalf("deliveries %d, %v", len(list), err)
		}
		delivered := 0
		for _, d := range list {
			if d.DeliveredAt != nil && d.Attempts >= 3 {
				delivered++
			}
		}
		if delivered == len(want) {
			break
		}
		select {
		case <-deadline:
			t.Fatalf("not all delivered: %+v", list)
		case <-time.After(10 * time.Millisecond):
		}
	}
	recv.mu.Lock()
}

// settled reports whether n deliveries were acted on and each was
// answered at once at least once (its third copy), so the sender has seen
// every delivery through.
func (r *dedupingReceiver) settled(n int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.acted) < n {
		return false
	}
	for _, c := range r.copies {
		if c < 3 {
			return false
		}
	}
	return true
}
