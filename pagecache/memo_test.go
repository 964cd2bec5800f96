package pagecache

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestMemo: a value is built once and kept until an announcement for one
// of its owners (not another's), a flush, its Until, or the Recheck after
// its build; a value not to keep is built on every Load; nothing is kept
// while the cache is not trusted.
func TestMemo(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	c, err := New(Config{Local: true, Now: clock, Recheck: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMemo(c, 0)
	if err != nil {
		t.Fatal(err)
	}
	builds := 0
	load := func(key string, v MemoValue) {
		t.Helper()
		got, err := m.Load(context.Background(), key, func(context.Context) (MemoValue, error) { builds++; return v, nil })
		if err != nil || got != v.V {
			t.Fatalf("Load = %v, %v", got, err)
		}
	}
	const alice, bob stgypub.ID = 1, 2
	expect := func(name string, key string, v MemoValue, want int) {
		t.Helper()
		builds = 0
		load(key, v)
		if builds != want {
			t.Errorf("%s: %d builds, want %d", name, builds, want)
		}
	}
	v := MemoValue{V: "a", Owners: []stgypub.ID{alice}, Keep: true}
	expect("first", "k", v, 1)
	expect("kept", "k", v, 0)
	c.Invalidate(bob)
	expect("another owner's announcement", "k", v, 0)
	c.Invalidate(alice)
	expect("the owner's announcement", "k", v, 1)
	c.Flush()
	expect("flush", "k", v, 1)
	advance(time.Second)
	expect("after Recheck", "k", v, 1)
	expect("kept again", "k", v, 0)

	until := MemoValue{V: "u", Owners: []stgypub.ID{alice}, Keep: true, Until: clock().Add(100 * time.Millisecond)}
	expect("until: first", "u", until, 1)
	advance(100 * time.Millisecond)
	expect("until passed", "u", until, 1)

	every := MemoValue{V: "e", Keep: true}
	expect("every site: first", "e", every, 1)
	c.Invalidate(bob)
	expect("every site: any announcement", "e", every, 1)

	skip := MemoValue{V: "s", Owners: []stgypub.ID{alice}}
	expect("not kept", "s", skip, 1)
	expect("not kept, again", "s", skip, 1)

	remote, err := New(Config{Now: clock}) // never heard from Redis
	if err != nil {
		t.Fatal(err)
	}
	if m, err = NewMemo(remote, 0); err != nil {
		t.Fatal(err)
	}
	expect("untrusted", "k", v, 1)
	expect("untrusted, again", "k", v, 1)
}
