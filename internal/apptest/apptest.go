// Package apptest is the tests' one fixture of the app's parts (as
// goatcounter's gctest): a migrated throwaway database of its own
// (store/storetest), a Redis key prefix of its own (internal/redistest),
// one settable clock (internal/testclock) the store reads, and the app
// built by the wiring cmd/stgy-pub serves (internal/wiring; Wire).
// Everything is dropped at the test's cleanup.
package apptest

import (
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub/captcha"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/internal/testclock"
	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/store/storetest"
)

// App is one test's store, Redis prefix and clock.
type App struct {
	Store  *store.Store
	Redis  redis.UniversalClient
	Prefix string           // every key of this test starts with it
	Clock  *testclock.Clock // nil on the wall clock (NewRealTime)
	// Now is the clock the store and the wired services read: Clock.Now,
	// or time.Now.
	Now func() time.Time
}

// New is an App whose clock reads now; the store decides what is
// published and stamps what it writes with that clock.
func New(t testing.TB, now time.Time) *App {
	t.Helper()
	r := redistest.New(t)
	a := &App{Store: storetest.New(t), Redis: r.Client, Prefix: r.Prefix, Clock: testclock.New(now)}
	a.Now = a.Clock.Now
	a.Store.Now = a.Now
	return a
}

// NewRealTime is an App on the wall clock (no Clock): for tests whose
// times come from time.Now.
func NewRealTime(t testing.TB) *App {
	t.Helper()
	r := redistest.New(t)
	a := &App{Store: storetest.New(t), Redis: r.Client, Prefix: r.Prefix, Now: time.Now}
	a.Store.Now = a.Now
	return a
}

// Comments is the comment stack on a's store, Redis prefix and clock,
// built as serve builds it (comment.NewStack); cfg.Now is a's clock
// unless set.
func (a *App) Comments(gcfg captcha.Config, cfg comment.Config) comment.Stack {
	if cfg.Now == nil {
		cfg.Now = a.Now
	}
	return comment.NewStack(a.Store.Comments, a.Redis, a.Prefix, gcfg, cfg)
}
