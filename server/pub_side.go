package server

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/stgy/stgypub"
)

// degradedTTL is how long a page built without part of its counter data
// (Popular entries or the view count unavailable, or an empty ranking,
// which the counter never caches) is kept before it is built again.
const degradedTTL = 10 * time.Second

// sideData is the counter-backed part of an article page and until when
// it holds: the ranking cache's expiry for Popular entries, ViewCountTTL
// for the view count, degradedTTL for what could not be read.
type sideData struct {
	popular []*stgypub.Post
	views   int64
	viewsOK bool
	until   time.Time
}

// readSide reads Popular entries (Ranker, then PublishedByIDs; n 0 skips
// them) and the post's view count in parallel. Failures leave the part
// empty (see popularPosts, viewCount); the page still renders.
func (s *pageHandlers) readSide(ctx context.Context, owner, post stgypub.ID, n int) *sideData {
	var (
		d                      sideData
		wg                     sync.WaitGroup
		popularUntil, viewsTil time.Time
	)
	now := s.now()
	if n > 0 {
		wg.Go(func() { d.popular, popularUntil = s.popularPosts(ctx, owner, post, n) })
	}
	if s.counts != nil {
		wg.Go(func() {
			d.views, d.viewsOK = s.viewCount(ctx, owner, post)
			viewsTil = now.Add(s.viewCountTTL)
			if !d.viewsOK {
				viewsTil = now.Add(degradedTTL)
			}
		})
	}
	wg.Wait()
	d.until = earliest(popularUntil, viewsTil)
	return &d
}

// viewCount is the post's PV over the retention window; ok is false when
// the counter fails (the line is then hidden).
func (s *pageHandlers) viewCount(ctx context.Context, owner, post stgypub.ID) (int64, bool) {
	m, err := s.counts.ViewCounts(ctx, owner, []stgypub.ID{post})
	if err != nil {
		s.log.LogAttrs(ctx, slog.LevelWarn, "view counts unavailable",
			slog.String("request_id", RequestID(ctx)), slog.String("post", post.String()), slog.String("error", err.Error()))
		return 0, false
	}
	return m[post], true
}

// earliest is the earliest of the non-zero times (zero when none).
func earliest(ts ...time.Time) time.Time {
	var out time.Time
	for _, t := range ts {
		if !t.IsZero() && (out.IsZero() || t.Before(out)) {
			out = t
		}
	}
	return out
}
