package counter

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestStatsCache checks that a cache hit returns exactly the computed
// Stats, and that a cache of another format is recomputed.
func TestStatsCache(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 3, Config{})
	a, b := f.posts[0], f.posts[1]
	f.seedDaily(t, map[int]map[stgypub.ID]int64{0: {a: 7, b: 2}, -14: {a: 1}, -6: {b: 40}})
	f.rdb.Set(ctx, f.c.keys.metaKey(f.owner, a), `{"publishedAt":"2026-08-06T12:22:58.000Z","digest":"<a> & \"b\""}`, time.Hour)
	computed, err := f.c.Stats(ctx, f.owner)
	if err != nil {
		t.Fatal(err)
	}
	if now := f.c.cfg.Now().UTC().Truncate(time.Millisecond); !computed.UpdatedAt.Equal(now) {
		t.Fatalf("UpdatedAt = %v, want the clock's %v", computed.UpdatedAt, now)
	}
	want, _ := json.Marshal(computed)
	tests := []struct {
		name  string
		cache string // stored before the call; "" keeps what Stats cached
		total int64
	}{
		{"hit equals computed", "", 50},
		{"old format is a miss", `{"ownerId":"` + f.owner.String() + `","days":15,"totalPv":999,"daily":[],"posts":[]}`, 50},
		{"wrong series length is a miss", `{"v":1,"totalPv":999,"dates":["20260310"],"daily":[1],"posts":[{"id":"0000000000000001","daily":[1,2]}]}`, 50},
		{"garbage is a miss", `not json`, 50},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.cache != "" {
				f.rdb.Set(ctx, f.c.keys.statsKey(f.owner), tt.cache, time.Minute)
			}
			got, err := f.c.Stats(ctx, f.owner)
			if err != nil {
				t.Fatal(err)
			}
			if g, _ := json.Marshal(got); string(g) != string(want) || got.TotalPV != tt.total {
				t.Fatalf("got  %s\nwant %s", g, want)
			}
		})
	}
	if calls := f.cs.Calls(); calls["OwnerCheckpoints"] != 4 {
		t.Fatalf("computed %d times, want 4 (first call and three misses)", calls["OwnerCheckpoints"])
	}
}

// TestDecodeStatsCacheOnce: identical cached bytes decode once (the same
// Stats is returned), other bytes under the same key decode again, and a
// bad format is still a miss.
func TestDecodeStatsCacheOnce(t *testing.T) {
	mk := func(pv int64) []byte {
		st := &stgypub.Stats{OwnerID: 7, Days: 1, TotalPV: pv, Daily: []stgypub.DayPV{{Date: "2026-12-01", PV: pv}},
			Posts: []stgypub.PostStats{{ID: 9, PV: pv, Daily: []stgypub.DayPV{{Date: "2026-12-01", PV: pv}}}}}
		b, err := encodeStatsCache(st)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	key := "test:stats:{7}"
	a1, err := decodeStatsCacheOnce(key, mk(3))
	if err != nil || a1.TotalPV != 3 {
		t.Fatalf("%+v %v", a1, err)
	}
	if a2, _ := decodeStatsCacheOnce(key, mk(3)); a2 != a1 {
		t.Error("identical bytes decoded again")
	}
	for _, pv := range []int64{4, 5, 3} {
		if b, _ := decodeStatsCacheOnce(key, mk(pv)); b.TotalPV != pv || b.Posts[0].PV != pv {
			t.Errorf("new bytes under the same key: %+v, want %d", b, pv)
		}
	}
	if _, err := decodeStatsCacheOnce(key, []byte(`{"v":1}`)); err == nil {
		t.Error("an old format is not a miss")
	}
}
