package server

import (
	"context"
	"log/slog"
	"sync"

	"github.com/stgy/stgypub"
)

// sideHint is what an earlier request learned about a post: its owner and
// the owner's Popular count. With it the next request reads Popular
// entries and the view count while the article statement runs, instead
// of after it. A hint is only a guess, kept per process: its results are
// used only when the fetched post and settings confirm it, otherwise they
// are read again.
type sideHint struct {
	owner   stgypub.ID
	popular int // PubConfig.SidePopular()
}

// sideHintEntries bounds the hint cache (about 40 bytes an entry).
const sideHintEntries = 1 << 16

// sideData is the counter-backed part of an article page.
type sideData struct {
	popular []*stgypub.Post
	views   int64
	viewsOK bool
}

// loadSide reads Popular entries (Ranker, then PublishedByIDs; n 0 skips
// them) and the post's view count in parallel, or takes them from the
// PageDataTTL cache. Failures leave the part empty (see popularPosts,
// viewCount); the page still renders.
func (s *Server) loadSide(ctx context.Context, owner, post stgypub.ID, n int) *sideData {
	d, _ := s.sideCache.get(sideKey{owner, post, n}, func() (*sideData, error) {
		return s.readSide(ctx, owner, post, n), nil
	})
	return d
}

// sideKey identifies a cached sideData (Config.PageDataTTL).
type sideKey struct {
	owner, post stgypub.ID
	n           int
}

func (s *Server) readSide(ctx context.Context, owner, post stgypub.ID, n int) *sideData {
	var (
		d  sideData
		wg sync.WaitGroup
	)
	if n > 0 {
		wg.Go(func() { d.popular = s.popularPosts(ctx, owner, post, n) })
	}
	if s.deps.Counts != nil {
		wg.Go(func() { d.views, d.viewsOK = s.viewCount(ctx, owner, post) })
	}
	wg.Wait()
	return &d
}

// speculateSide starts loadSide for post from its hint, if any, and
// returns a function giving the result when it matches want (nil
// otherwise) and keeping want as the next hint. The function must be
// called once; a zero want (the post was not found) forgets the hint.
func (s *Server) speculateSide(ctx context.Context, post stgypub.ID) func(want sideHint) *sideData {
	remember := func(want sideHint) {
		if want.owner == 0 {
			s.hints.Remove(post)
		} else {
			s.hints.Add(post, want)
		}
	}
	hint, ok := s.hints.Get(post)
	if !ok {
		return func(want sideHint) *sideData { remember(want); return nil }
	}
	if d, ok := s.sideCache.peek(sideKey{hint.owner, post, hint.popular}); ok {
		return func(want sideHint) *sideData {
			if want != hint {
				remember(want)
				return nil
			}
			return d
		}
	}
	ch := make(chan *sideData, 1)
	go func() { ch <- s.loadSide(ctx, hint.owner, post, hint.popular) }()
	return func(want sideHint) *sideData {
		d := <-ch
		if want != hint {
			remember(want)
			return nil
		}
		return d
	}
}

// viewCount is the post's PV over the retention window; ok is false when
// the counter fails (the line is then hidden).
func (s *Server) viewCount(ctx context.Context, owner, post stgypub.ID) (int64, bool) {
	m, err := s.deps.Counts.ViewCounts(ctx, owner, []stgypub.ID{post})
	if err != nil {
		s.log.LogAttrs(ctx, slog.LevelWarn, "view counts unavailable",
			slog.String("request_id", RequestID(ctx)), slog.String("post", post.String()), slog.String("error", err.Error()))
		return 0, false
	}
	return m[post], true
}
