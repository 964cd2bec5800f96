package api_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/internal/redisguard"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/server/api"
)

// TestRecordPubViewPending: with the counter's Redis frozen (the test's
// own redis-server), recordPubView answers at once after its wait with
// pending true and recorded false, HTTP 200 and no error; after the thaw
// the queued view is counted (a second reader then gets pv 2), and a
// healthy answer says pending false.
func TestRecordPubViewPending(t *testing.T) {
	srv := redistest.Start(t)
	e := newEnv(t, nil)
	p := e.post(t, e.owner, "# Pending\n\nbody", ago(time.Hour))
	opt := &redis.Options{Addr: srv.Addr}
	redisguard.Tune(opt)
	rc := redis.NewClient(opt)
	t.Cleanup(func() { rc.Close() })
	ctr := counter.New(rc, e.st.Checkpoints, counter.Config{Budget: 150 * time.Millisecond, RecordWait: 2 * time.Second,
		BatchTimeout: 300 * time.Millisecond, RetryMax: 200 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)})
	e.deps.Resolver.Counter = ctr
	e.h = api.New(e.cfg, e.deps)
	const q = `mutation($p: ID!, $f: String!, $s: String!) { recordPubView(postId: $p, fingerprint: $f, signature: $s) { recorded pending pv } }`
	srv.Freeze()
	t.Cleanup(srv.Thaw)
	r := e.do(t, req{query: q, variables: signedView(p.ID, "01020304")})
	if got := string(r.Data["recordPubView"]); r.status != 200 || len(r.Errors) != 0 || got != `{"recorded":false,"pending":true,"pv":0}` {
		t.Fatalf("with Redis frozen: %d %s", r.status, r.raw)
	}
	srv.Thaw()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := ctr.WaitRecorded(ctx); err != nil {
		t.Fatal(err)
	}
	r = e.do(t, req{query: q, variables: signedView(p.ID, "01020305")})
	if got := string(r.Data["recordPubView"]); got != `{"recorded":true,"pending":false,"pv":2}` {
		t.Fatalf("after the thaw: %s (the pending view must have been counted)", r.raw)
	}
}
