package api_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/server/api"
)

type viewsToday struct {
	UserID stgypub.ID `json:"userId"`
	Day    string     `json:"day"`
	Total  int        `json:"total"`
	Posts  []struct {
		PostID stgypub.ID `json:"postId"`
		Views  int        `json:"views"`
	} `json:"posts"`
}

func (m liveMsg) views(t testing.TB) viewsToday {
	t.Helper()
	var v viewsToday
	if err := json.Unmarshal(m.Data["pubViewsToday"], &v); err != nil || m.code() != "" {
		t.Fatalf("not a views event: %+v (%v)", m, err)
	}
	return v
}

// TestLiveViewsToday: the owner's and an admin's subscription on server 0
// get a snapshot at once, then the counts after views recorded by server
// 1; a burst of batches coalesces to at most one event a second.
func TestLiveViewsToday(t *testing.T) {
	le := newLiveEnv(t, stgypub.CommentsOpen, api.LiveLimits{}, nil)
	vars := map[string]any{"u": le.owner.ID.String()}
	owner := le.sse(t, 0, liveAs{login: "owner"}, viewsTodayQ, vars)
	admin := le.sse(t, 0, liveAs{bearer: "admin", origin: "-"}, viewsTodayQ, vars)
	for _, s := range []*stream{owner, admin} {
		if v := s.next(t).views(t); v.Total != 0 || v.UserID != le.owner.ID || v.Day != time.Now().UTC().Format(time.DateOnly) {
			t.Fatalf("snapshot %+v", v)
		}
	}
	le.waitSubscribers(t, 2, 0)
	p := le.post
	record := func(fp byte) {
		t.Helper()
		if _, err := le.counters[1].RecordView(t.Context(), stgypub.View{PostID: p.ID, OwnerID: p.OwnedBy, PublishedAt: *p.PublishedAt, Fingerprint: [4]byte{fp}}); err != nil {
			t.Fatal(err)
		}
	}
	record(1)
	for _, s := range []*stream{owner, admin} {
		v := s.next(t).views(t)
		if v.Total != 1 || len(v.Posts) != 1 || v.Posts[0].PostID != p.ID || v.Posts[0].Views != 1 {
			t.Fatalf("after one view: %+v", v)
		}
	}
	// 30 views, each its own batch: events are paced, not one per batch.
	start := time.Now()
	for i := range 30 {
		record(byte(10 + i))
	}
	events := 0
	for {
		v := owner.next(t).views(t)
		events++
		if v.Total == 31 {
			break
		}
	}
	elapsed := time.Since(start)
	if limit := 1 + int(elapsed/time.Second) + 1; events > limit {
		t.Fatalf("%d events in %s: more than one a second", events, elapsed)
	}
	t.Logf("30 recorded batches gave %d events in %s", events, elapsed)
}
