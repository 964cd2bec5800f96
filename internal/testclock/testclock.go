// Package testclock is the one settable clock of the tests: a Clock is
// handed to the store, the services and the server as their Now, and the
// test moves it (Set, Add) instead of sleeping. It imports only the
// standard library, so any package's own tests can use it.
package testclock

import (
	"sync"
	"time"
)

// Clock is a settable clock, safe for concurrent use. The zero Clock
// reads the zero time.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// New is a Clock reading t.
func New(t time.Time) *Clock { return &Clock{t: t} }

// Now is the clock's time; pass c.Now where a func() time.Time is wanted.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Set moves the clock to t (backwards too).
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// Add moves the clock by d (negative: backwards).
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}
