package counter

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
)

// TestDailyRotation: with RotationSecret, a reader is counted once per
// UTC day (a repeat the same day is not a new view; the next day is),
// the LRU never holds the fingerprint the caller passed, two app servers
// share the day's key, and once the day's salt is gone the same secret
// and address give another fingerprint (a stored one cannot be recomputed
// or linked by someone holding the secret).
func TestDailyRotation(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 1, Config{RotationSecret: []byte("rotation-secret")})
	post := f.posts[0]
	if n := f.view(t, post, 7); n != 1 {
		t.Fatalf("first view: %d", n)
	}
	if n := f.view(t, post, 7); n != 0 {
		t.Fatalf("same reader, same day: %d", n)
	}
	other := New(f.rdb, f.cs, f.c.cfg) // a second app server
	if n, _ := other.RecordView(ctx, stgypub.View{PostID: post, OwnerID: f.owner, Fingerprint: fp(7)}); n != 0 {
		t.Fatalf("same reader on another server: %d", n)
	}
	lru := f.lruBytes(t, post)
	raw := fp(7)
	if len(lru) != 4 || strings.Contains(lru, string(raw[:])) {
		t.Fatalf("LRU %x holds the caller's fingerprint %x", lru, raw)
	}
	f.clk.Set(testNow.AddDate(0, 0, 1))
	if n := f.view(t, post, 7); n != 1 {
		t.Fatalf("same reader the next day: %d, want a new view", n)
	}
	lru2 := f.lruBytes(t, post)
	if len(lru2) != 8 || lru2[:4] != lru || lru2[4:] == lru {
		t.Fatalf("LRU after day 2 = %x: the reader's two days must differ", lru2)
	}
	// The day's salt expires shortly after the day (here: deleted); a
	// counter holding the same secret then derives another key.
	day := testNow.AddDate(0, 0, 1).Format(dayLayout)
	key := f.c.cfg.Prefix + dayKeyKind + day + "}"
	ttl, err := f.rdb.PTTL(ctx, key).Result()
	if err != nil || ttl <= 0 || ttl > 24*time.Hour+dayKeyGrace {
		t.Fatalf("salt TTL %s (err %v)", ttl, err)
	}
	f.rdb.Del(ctx, key)
	later := New(f.rdb, f.cs, f.c.cfg)
	got, err := later.rot.rotate(ctx, f.c.cal.today(), raw)
	if err != nil || string(got[:]) == lru2[4:] {
		t.Fatalf("after the salt expired the same secret gives %x (err %v), the stored %x", got, err, lru2[4:])
	}
}

func (f *fixture) lruBytes(t *testing.T, post stgypub.ID) string {
	t.Helper()
	s, err := f.rdb.Get(context.Background(), f.c.keys.lruKey(f.owner, post)).Result()
	if err != nil && err != redis.Nil {
		t.Fatal(err)
	}
	return s
}
