package api_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/server/api"
)

// TestLiveHeartbeats: an idle SSE stream carries ": ping" comment lines
// and an idle WebSocket graphql-transport-ws pings, every KeepAlive.
func TestLiveHeartbeats(t *testing.T) {
	le := newLiveEnv(t, stgypub.CommentsOpen, api.LiveLimits{KeepAlive: 100 * time.Millisecond}, nil)
	body, _ := json.Marshal(map[string]any{"query": commentAddedQ, "variables": map[string]any{"p": le.post.ID.String()}})
	r, _ := http.NewRequest(http.MethodPost, le.srvs[1].URL+"/graphql", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "text/event-stream")
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	pings := make(chan struct{}, 8)
	go func() {
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), ": ping") {
				pings <- struct{}{}
			}
		}
	}()
	for range 2 {
		select {
		case <-pings:
		case <-time.After(10 * time.Second):
			t.Fatal("no SSE heartbeat in 10 s")
		}
	}
	w, err := le.dialWS(t, 0, liveAs{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "WebSocket pings", func() bool { return w.pings.Load() >= 2 })
}
