package counter

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	_ "time/tzdata" // Asia/Tokyo without the system zone database

	"github.com/stgy/stgypub"
)

func TestCheckpointSequence(t *testing.T) {
	want := []int64{4, 8, 12, 16, 20, 24, 28, 32, 38, 45, 54, 64, 76, 91, 108, 128, 152, 181, 215, 256}
	if got := Checkpoints(20); !slices.Equal(got, want) {
		t.Fatalf("Checkpoints(20) = %v, want %v", got, want)
	}
	for n := int64(-1); n <= 300; n++ {
		if got, w := CheckpointFor(n), slices.Contains(want, n); got != w {
			t.Errorf("CheckpointFor(%d) = %v, want %v", n, got, w)
		}
	}
	tests := []struct {
		name string
		n    int64
		want bool
	}{
		{"max int32 is the last", MaxCheckpoint, true},
		{"beyond int32", MaxCheckpoint + 1, false},
		{"huge", 1 << 40, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CheckpointFor(tt.n); got != tt.want {
				t.Fatalf("CheckpointFor(%d) = %v", tt.n, got)
			}
		})
	}
	if got := CheckpointsUpTo(10000); got != 41 {
		t.Errorf("CheckpointsUpTo(10000) = %d, want 41", got)
	}
}

func TestRecordViewConcurrency(t *testing.T) {
	f := newFixture(t, 2, Config{})
	t.Run("one fingerprint 200 times", func(t *testing.T) {
		var wg sync.WaitGroup
		results := make([]int64, 200)
		for i := range results {
			wg.Go(func() { results[i] = f.view(t, f.posts[0], 7) })
		}
		wg.Wait()
		slices.Sort(results)
		if results[199] != 1 || results[198] != 0 {
			t.Fatalf("results end %v, want one 1 and 199 zeros", results[195:])
		}
		if got := f.daily(t, f.posts[0], "20260310"); got != 1 {
			t.Fatalf("daily = %d, want 1", got)
		}
	})
	t.Run("N fingerprints", func(t *testing.T) {
		const n = 120
		var wg sync.WaitGroup
		results := make([]int64, n)
		for i := range results {
			wg.Go(func() { results[i] = f.view(t, f.posts[1], 1000+i) })
		}
		wg.Wait()
		slices.Sort(results)
		for i, r := range results {
			if r != int64(i+1) {
				t.Fatalf("results %v: every count 1..%d must be returned once", results, n)
			}
		}
	})
	f.c.Wait()
}

func TestLRU(t *testing.T) {
	f := newFixture(t, 3, Config{})
	ctx := context.Background()
	t.Run("evicted after 150 others", func(t *testing.T) {
		p := f.posts[0]
		if f.view(t, p, 1) != 1 {
			t.Fatal("first view not counted")
		}
		for i := 2; i <= 150; i++ { // 149 others: 1 is still the oldest kept
			f.view(t, p, i)
		}
		if n := f.view(t, p, 1); n != 0 {
			t.Fatalf("fingerprint among last 150 counted again: %d", n)
		}
		for i := 1000; i < 1150; i++ { // 150 others push it out
			f.view(t, p, i)
		}
		if n := f.view(t, p, 1); n != 301 {
			t.Fatalf("evicted fingerprint: got %d, want 301", n)
		}
		lru, _ := f.rdb.Get(ctx, f.c.keys.lruKey(f.owner, p)).Result()
		if len(lru) != LRUBytes || lru[len(lru)-4:] != fps(1) {
			t.Fatalf("LRU is %d bytes, newest %x", len(lru), lru[len(lru)-4:])
		}
	})
	t.Run("kept fresh never counts again", func(t *testing.T) {
		p := f.posts[1]
		f.view(t, p, 42)
		for i := range 1000 {
			f.view(t, p, 5000+i)
			if i%100 == 0 {
				if n := f.view(t, p, 42); n != 0 {
					t.Fatalf("refreshed fingerprint counted again at %d: %d", i, n)
				}
			}
		}
		if got := f.daily(t, p, "20260310"); got != 1001 {
			t.Fatalf("daily = %d, want 1001", got)
		}
	})
	t.Run("corrupt LRU discarded", func(t *testing.T) {
		p := f.posts[2]
		tests := []struct {
			name string
			lru  string
		}{
			{"odd length", fps(9) + "x"},
			{"over 600 bytes", strings.Repeat(fps(9), 151)},
		}
		for i, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				if err := f.rdb.Set(ctx, f.c.keys.lruKey(f.owner, p), tt.lru, 0).Err(); err != nil {
					t.Fatal(err)
				}
				// fp(9) is in the corrupt value, but the value is thrown away.
				if n := f.view(t, p, 9); n != int64(i+1) {
					t.Fatalf("view after corrupt LRU = %d, want %d", n, i+1)
				}
				if lru, _ := f.rdb.Get(ctx, f.c.keys.lruKey(f.owner, p)).Result(); lru != fps(9) {
					t.Fatalf("LRU = %x, want just the new fingerprint", lru)
				}
			})
		}
	})
	f.c.Wait()
}

func TestRecordViewKeysAndTTL(t *testing.T) {
	for _, days := range []int{15, 7} {
		t.Run(time.Duration(days*24*int(time.Hour)).String(), func(t *testing.T) {
			f := newFixture(t, 1, Config{RetentionDays: days})
			ctx := context.Background()
			p := f.posts[0]
			f.view(t, p, 1)
			want := time.Duration(days+1) * 24 * time.Hour
			for _, k := range []string{f.c.keys.dailyKey(f.owner, "20260310"), f.c.keys.lruKey(f.owner, p)} {
				ttl, err := f.rdb.TTL(ctx, k).Result()
				if err != nil || ttl > want || ttl < want-time.Minute {
					t.Errorf("TTL(%s) = %v, %v; want ≈ %v", k, ttl, err, want)
				}
			}
			// The post's Stats metadata comes from PostgreSQL: the view
			// writes no meta key (memory per viewed post, docs/SPEC.md).
			if n, err := f.rdb.Exists(ctx, f.c.keys.metaKey(f.owner, p)).Result(); err != nil || n != 0 {
				t.Errorf("meta key written (%d, %v)", n, err)
			}
			if !strings.Contains(f.c.keys.dailyKey(f.owner, "20260310"), "stgy:pub-views:daily:{"+f.owner.String()+"}:20260310") {
				t.Errorf("daily key %s", f.c.keys.dailyKey(f.owner, "20260310"))
			}
			// A duplicate refreshes the LRU's TTL but not the count.
			f.rdb.Expire(ctx, f.c.keys.lruKey(f.owner, p), time.Minute)
			if n := f.view(t, p, 1); n != 0 {
				t.Fatalf("duplicate counted: %d", n)
			}
			if ttl, _ := f.rdb.TTL(ctx, f.c.keys.lruKey(f.owner, p)).Result(); ttl < want-time.Minute {
				t.Errorf("duplicate view did not refresh the LRU's TTL: %v", ttl)
			}
		})
	}
}

func TestRecordViewUTCDate(t *testing.T) {
	tokyo, err := time.LoadLocation("Asia/Tokyo")
	if err != nil {
		t.Fatal(err) // time/tzdata is linked in: this cannot fail for want of a system zone database
	}
	saved := time.Local
	time.Local = tokyo
	defer func() { time.Local = saved }()
	f := newFixture(t, 1, Config{})
	p := f.posts[0]
	tests := []struct {
		name string
		now  time.Time
		day  string
	}{
		{"23:30 UTC is 08:30 next day in Tokyo", time.Date(2026, 3, 10, 23, 30, 0, 0, time.UTC), "20260310"},
		{"clock given in Tokyo time", time.Date(2026, 3, 11, 8, 59, 0, 0, tokyo), "20260310"},
		{"00:10 UTC", time.Date(2026, 3, 11, 0, 10, 0, 0, time.UTC), "20260311"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f.clk.Set(tt.now)
			before := f.daily(t, p, tt.day)
			f.view(t, p, 100+i)
			if got := f.daily(t, p, tt.day); got != before+1 {
				t.Fatalf("daily %s = %d, want %d", tt.day, got, before+1)
			}
		})
	}
	f.c.Wait()
}

// TestRecordViewAfterScriptFlush runs SCRIPT FLUSH on a private
// redis-server (never on the shared one: every other client of it would
// get NOSCRIPT): the next view is recorded all the same.
func TestRecordViewAfterScriptFlush(t *testing.T) {
	f, _ := newPrivateFixture(t, 1, Config{})
	ctx := context.Background()
	f.view(t, f.posts[0], 1)
	if err := f.rdb.ScriptFlush(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	if n := f.view(t, f.posts[0], 2); n != 2 {
		t.Fatalf("after SCRIPT FLUSH: %d, want 2", n)
	}
}

func TestRecordViewBadInput(t *testing.T) {
	f := newFixture(t, 1, Config{})
	_, err := f.c.RecordView(context.Background(), stgypub.View{PostID: f.posts[0]})
	if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
		t.Fatalf("missing owner: %v", err)
	}
}
