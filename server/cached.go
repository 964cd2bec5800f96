package server

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/visitor"
)

// PageVersions reads the owners' page versions (pagecache.Versions
// implements it): Key is the Redis key a guarded view checks, Version its
// current value (0 when none).
type PageVersions interface {
	Key(owner stgypub.ID) string
	Version(ctx context.Context, owner stgypub.ID) (int64, error)
}

// guardedRecorder records a view only while the integer at guardKey is at
// most max, in one Redis round trip (counter.Counter implements it).
type guardedRecorder interface {
	RecordViewGuarded(ctx context.Context, v stgypub.View, guardKey string, max int64) (int64, bool, error)
}

// builder builds one page for the cache.
type builder func(ctx context.Context) (pagecache.Page, error)

// load returns the entry of key from the page cache (building it once on
// a miss), or builds an entry that is not kept when there is no cache.
func (s *Server) load(ctx context.Context, key pagecache.Key, build builder) (*pagecache.Entry, error) {
	if s.deps.Pages == nil {
		p, err := build(ctx)
		if err != nil {
			return nil, err
		}
		return pagecache.Build(p), nil
	}
	return s.deps.Pages.Load(ctx, key, build)
}

// cached returns key's valid entry, nil on a miss. An owner page whose
// version was last confirmed Recheck ago or more is confirmed in Redis
// first (one GET), which catches an announcement this server missed; a
// failed check keeps the entry (the cache's lease says Redis was heard
// from within SafetyTTL).
func (s *Server) cached(ctx context.Context, key pagecache.Key, now time.Time) *pagecache.Entry {
	c := s.deps.Pages
	if c == nil {
		return nil
	}
	e := c.Get(key)
	if e == nil || e.Owner == 0 || s.deps.Versions == nil || !c.Recheck(e, now) {
		return e
	}
	if s.stale(ctx, e) {
		c.Remove(key)
		return nil
	}
	c.Confirm(e, now)
	return e
}

// stale reads e's owner version: true when it moved past e.Version.
func (s *Server) stale(ctx context.Context, e *pagecache.Entry) bool {
	v, err := s.deps.Versions.Version(ctx, e.Owner)
	if err != nil {
		s.warn(ctx, "page cache: version check failed", err)
		return false
	}
	return v > e.Version
}

// serve answers a page that records no view: from the cache, or built
// once and written.
func (s *Server) serve(w http.ResponseWriter, r *http.Request, key pagecache.Key, build builder) error {
	now := s.now()
	e := s.cached(r.Context(), key, now)
	if e == nil {
		var err error
		if e, err = s.load(r.Context(), key, build); err != nil {
			return err
		}
	}
	e.Write(w, r, now)
	return nil
}

// servePub answers /pub: on a hit the view is recorded by the same
// script run that checks the entry's owner version (a reader's request
// costs one Redis round trip); requests that record no view (bots, HEAD,
// no client address) check the version with one GET. A stale entry is
// dropped and rebuilt, and the view recorded after the build.
func (s *Server) servePub(w http.ResponseWriter, r *http.Request, key pagecache.Key, build builder) error {
	ctx := r.Context()
	now := s.now()
	var e *pagecache.Entry
	recorded := false
	if c := s.deps.Pages; c != nil {
		if e = c.Get(key); e != nil {
			fresh := true
			fresh, recorded = s.checkPub(ctx, r, e)
			if !fresh {
				c.Remove(key)
				e = nil
			}
		}
	}
	if e == nil {
		var err error
		if e, err = s.load(ctx, key, build); err != nil {
			return err
		}
	}
	if !recorded {
		if v, ok := s.viewOf(r, e); ok {
			s.record(ctx, v)
		}
	}
	e.Write(w, r, now)
	return nil
}

// checkPub checks a cached article's version, recording the view in the
// same script run when the request is a view and the recorder can.
func (s *Server) checkPub(ctx context.Context, r *http.Request, e *pagecache.Entry) (fresh, recorded bool) {
	if s.deps.Versions == nil {
		return true, false
	}
	v, isView := s.viewOf(r, e)
	gr, guarded := s.deps.Views.(guardedRecorder)
	if !isView || !guarded {
		return !s.stale(ctx, e), false
	}
	_, ok, err := gr.RecordViewGuarded(ctx, v, s.deps.Versions.Key(e.Owner), e.Version)
	if err != nil {
		s.log.LogAttrs(ctx, slog.LevelWarn, "record view failed",
			slog.String("request_id", RequestID(ctx)), slog.String("post", v.PostID.String()), slog.String("error", err.Error()))
		return true, true
	}
	if ok {
		s.deps.Pages.Confirm(e, s.now())
	}
	return ok, ok
}

// viewOf is the page view r makes of the article in e
// (docs/SPEC.md#bot-exclusion, docs/SPEC.md#fingerprints): none for HEAD, for
// self-declared bots and browsers' prefetch/prerender requests
// (visitor.IsSpeculative), without a client address or without a recorder.
// The raw IP is reduced to the 4-byte HMAC fingerprint here and never kept.
func (s *Server) viewOf(r *http.Request, e *pagecache.Entry) (stgypub.View, bool) {
	if s.deps.Views == nil || e.View == nil || r.Method != http.MethodGet ||
		visitor.IsBot(r.UserAgent()) || visitor.IsSpeculative(r.Header) {
		return stgypub.View{}, false
	}
	ip := visitor.ClientIP(r, s.cfg.TrustedProxies)
	if !ip.IsValid() {
		return stgypub.View{}, false
	}
	v := *e.View
	v.Fingerprint = visitor.Fingerprint(s.cfg.ViewSecret, ip)
	return v, true
}

// record counts one view; errors are logged and never fail the page.
func (s *Server) record(ctx context.Context, v stgypub.View) {
	if _, err := s.deps.Views.RecordView(ctx, v); err != nil {
		s.log.LogAttrs(ctx, slog.LevelWarn, "record view failed",
			slog.String("request_id", RequestID(ctx)), slog.String("post", v.PostID.String()), slog.String("error", err.Error()))
	}
}

// now is the server's clock (Config.Now).
func (s *Server) now() time.Time { return s.cfg.Now() }
