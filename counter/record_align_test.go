package counter

import (
	"context"
	"testing"

	"github.com/stgy/stgypub"
)

// TestLRUAlignment checks the plain string.find lookup: a fingerprint's
// bytes found across two neighbouring entries are not a match, while the
// same bytes as an entry after such a false match are.
func TestLRUAlignment(t *testing.T) {
	f := newFixture(t, 1, Config{})
	ctx := context.Background()
	p := f.posts[0]
	view := func(fp [4]byte) int64 {
		n, err := f.c.RecordView(ctx, stgypub.View{PostID: p, OwnerID: f.owner, Fingerprint: fp})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	steps := []struct {
		name string
		fp   [4]byte
		want int64
	}{
		{"first", [4]byte{0, 0, 0, 1}, 1},
		{"second", [4]byte{2, 3, 4, 5}, 2},
		{"straddling bytes 2-5 is new", [4]byte{0, 1, 2, 3}, 3},
		{"straddling bytes 3-6 is new", [4]byte{1, 2, 3, 4}, 4},
		// LRU is now 00000001 02030405 00010203 01020304: 00 01 02 03
		// occurs at byte 2 (unaligned) and at byte 8 (its own entry).
		{"own entry after an unaligned occurrence", [4]byte{0, 1, 2, 3}, 0},
		{"first again", [4]byte{0, 0, 0, 1}, 0},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			if n := view(s.fp); n != s.want {
				t.Fatalf("RecordView = %d, want %d", n, s.want)
			}
		})
	}
	lru, _ := f.rdb.Get(ctx, f.c.keys.lruKey(f.owner, p)).Result()
	if want := "\x02\x03\x04\x05\x01\x02\x03\x04\x00\x01\x02\x03\x00\x00\x00\x01"; lru != want {
		t.Fatalf("LRU %x, want %x", lru, want)
	}
	f.c.Wait()
}
