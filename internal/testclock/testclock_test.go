package testclock_test

import (
	"sync"
	"testing"
	"time"

	"github.com/stgy/stgypub/internal/testclock"
)

func TestClock(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	c := testclock.New(t0)
	if !c.Now().Equal(t0) {
		t.Fatalf("Now = %v, want %v", c.Now(), t0)
	}
	var wg sync.WaitGroup
	for range 100 {
		wg.Go(func() { c.Add(time.Second); _ = c.Now() })
	}
	wg.Wait()
	if want := t0.Add(100 * time.Second); !c.Now().Equal(want) {
		t.Errorf("after 100 concurrent Add(1s): %v, want %v", c.Now(), want)
	}
	c.Set(t0.Add(-time.Hour))
	if want := t0.Add(-time.Hour); !c.Now().Equal(want) {
		t.Errorf("after Set: %v, want %v", c.Now(), want)
	}
	var zero testclock.Clock
	if !zero.Now().IsZero() {
		t.Errorf("zero Clock reads %v", zero.Now())
	}
}
