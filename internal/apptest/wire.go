package apptest

import (
	"context"
	"net/url"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/stgy/stgypub/internal/wiring"
)

// TestViewSecret is the view secret (and address secret) of the apps
// Wire builds.
var TestViewSecret = []byte("test-secret")

// Config is the wiring.Config of a test app at base (an absolute URL)
// on a's Redis prefix and clock: the store, page cache, owner, comment
// service, server and API read a's clock; the counter reuses no answer
// (MemoTTL 0, every read fresh); no webhook worker, no federation.
func (a *App) Config(t testing.TB, base string) wiring.Config {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil || !u.IsAbs() {
		t.Fatalf("apptest: base URL %q: %v", base, err)
	}
	cfg := wiring.Config{BaseURL: u, ViewSecret: TestViewSecret, RedisPrefix: a.Prefix, Now: a.Now}
	cfg.Pages.Now = a.Now
	cfg.Counter.Prefix = a.Prefix
	cfg.API.BaseURL, cfg.API.RedisPrefix, cfg.API.AddressSecret = base, a.Prefix, TestViewSecret
	cfg.Server.BaseURL, cfg.Server.ViewSecret, cfg.Server.Now = u, TestViewSecret, a.Now
	cfg.Comments.Now = a.Now
	return cfg
}

// Wire builds the app on a's store and Redis with cmd/stgy-pub's wiring
// (wiring.New) from a.Config(t, base) changed by opt (nil: none), with a
// metrics registry of its own. The app's Versions becomes the store's
// Changes. The counter's queue is drained at cleanup; nothing listens to
// the announcements unless the test calls Listen.
func (a *App) Wire(t testing.TB, base string, opt func(*wiring.Config)) *wiring.App {
	t.Helper()
	cfg := a.Config(t, base)
	if opt != nil {
		opt(&cfg)
	}
	w, err := wiring.New(cfg, wiring.Deps{Store: a.Store, Redis: a.Redis, Registry: prometheus.NewRegistry()})
	if err != nil {
		t.Fatalf("wiring.New: %v", err)
	}
	t.Cleanup(w.Counter.Wait) // before the Redis client closes (cleanups run last first)
	return w
}

// Listen applies the site-change announcements to w's page cache until
// the test's cleanup, as serve does (pagecache.Versions.Listen); it
// returns at once, before the cache has subscribed (Pages.Trusted).
func Listen(t testing.TB, w *wiring.App) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); w.Versions.Listen(ctx, w.Pages) }()
	t.Cleanup(func() { cancel(); <-done })
}
