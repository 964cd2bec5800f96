package api_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/server/api"
)

// TestLiveRedisRestart: the events Redis (a private redis-server) is
// restarted empty under open subscriptions; both servers' hubs
// resubscribe, the streams stay open, and the next comment reaches them
// across servers. While Redis is down, a server's own subscribers still
// get its events.
func TestLiveRedisRestart(t *testing.T) {
	rs := redistest.Start(t)
	le := newLiveEnv(t, stgypub.CommentsOpen, api.LiveLimits{}, rs.Client)
	post := map[string]any{"p": le.post.ID.String()}
	far := le.sse(t, 1, liveAs{}, commentAddedQ, post)
	w, err := le.dialWS(t, 0, liveAs{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	near := w.subscribe(t, "1", commentAddedQ, post)
	le.waitSubscribers(t, 1, 1)
	owner := &browser{as: "owner", cookies: map[string]*http.Cookie{}, ip: "198.51.100.30"}
	comment := func(body string) {
		t.Helper()
		r := le.call(t, owner, query(le.post.ID), postQ, map[string]any{"in": map[string]any{"postId": le.post.ID.String(), "nickname": "owner", "body": body}})
		if r.code() != "" {
			t.Fatalf("post: %s", r.raw)
		}
	}

	rs.Stop()
	waitFor(t, "hubs to notice", func() bool { return !le.hubs[0].Listening() && !le.hubs[1].Listening() })
	comment("while down")
	if m := near.next(t).comment(t); m.Nickname != "owner" {
		t.Fatalf("server 0's own subscriber: %+v", m)
	}

	rs.Restart()
	shard := func() int64 {
		n, err := rs.Client.PubSubShardNumSub(context.Background(), le.hubs[0].Channel()).Result()
		if err != nil {
			return -1
		}
		return n[le.hubs[0].Channel()]
	}
	waitFor(t, "both hubs resubscribed", func() bool { return shard() == 2 && le.hubs[0].Listening() && le.hubs[1].Listening() })
	comment("after restart")
	for name, s := range map[string]*stream{"server 1 SSE": far, "server 0 WS": near} {
		if m := s.next(t).comment(t); m.Nickname != "owner" {
			t.Fatalf("%s: %+v", name, m)
		}
	}
}
