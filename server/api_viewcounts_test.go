package server_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestAPIViewCountsChange: an uncached POST shows a new page view at once
// on the server that recorded it, and on another server within the
// counter's MemoTTL (counter.DefaultMemoTTL, far inside the pages'
// five-minute display latency); the test waits for it, bounded well
// below that latency.
func TestAPIViewCountsChange(t *testing.T) {
	c := newCluster(t, 2, nil, "")
	p := c.createPost("# Counted\n\nText.", at(-time.Hour))
	body := map[string]any{"query": `query($id: ID!) { publishedPost(id: $id) { viewCount } }`, "variables": map[string]any{"id": p.String()}}
	count := func(i int) string {
		t.Helper()
		r := c.apiPost(i, body)
		if r.Code != 200 {
			t.Fatalf("node %d: %d %s", i, r.Code, r.Body.String())
		}
		return r.Body.String()
	}
	for i := range 2 {
		if got := count(i); !strings.Contains(got, `"viewCount":0`) {
			t.Fatalf("node %d before any view: %s", i, got)
		}
	}
	v := stgypub.View{PostID: p, OwnerID: c.owner, PublishedAt: (*at(-time.Hour)).UTC(), Fingerprint: [4]byte{1, 2, 3, 4}}
	if n, err := c.nodes[0].counter.RecordView(context.Background(), v); err != nil || n != 1 {
		t.Fatalf("RecordView: %d, %v", n, err)
	}
	if got := count(0); !strings.Contains(got, `"viewCount":1`) {
		t.Fatalf("the recording server: %s, want the view at once", got)
	}
	deadline := time.Now().Add(time.Minute) // MemoTTL is 1s; the display latency 5 minutes
	for got := count(1); !strings.Contains(got, `"viewCount":1`); got = count(1) {
		if time.Now().After(deadline) {
			t.Fatalf("the other server still shows %s", got)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
