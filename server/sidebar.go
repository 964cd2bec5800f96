package server

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/prerender"
)

// recentPosts is the sidebar's Recent posts: the owner's n newest
// published posts other than current (fetch n+1, drop current).
func (s *Server) recentPosts(ctx context.Context, ownerID, current stgypub.ID, n int) ([]*stgypub.Post, error) {
	posts, err := s.deps.Posts.PublishedByUser(ctx, ownerID, stgypub.PostQuery{Order: stgypub.OrderNewest, Limit: n + 1})
	if err != nil {
		return nil, fmt.Errorf("server: recent posts of %s: %w", ownerID, err)
	}
	return dropPost(posts, current, n), nil
}

// popularPosts is the sidebar's Popular entries: the one rule
// stgypub.PopularEntries without the current article, its posts looked
// up through the page-data cache. Any failure is logged and leaves the
// list empty; the page still renders.
func (s *Server) popularPosts(ctx context.Context, ownerID, current stgypub.ID, n int) []*stgypub.Post {
	if s.deps.Ranker == nil {
		return nil
	}
	ranked, err := stgypub.PopularEntries(ctx, s.deps.Ranker, popularLookup{s}, ownerID, current, n)
	if err != nil {
		s.warn(ctx, "popular entries unavailable", err)
		return nil
	}
	return stgypub.RankedPosts(ranked)
}

// popularLookup is PublishedByIDs through the page-data cache, keyed by
// the ranked IDs.
type popularLookup struct{ s *Server }

func (l popularLookup) PublishedByIDs(ctx context.Context, ids []stgypub.ID) ([]*stgypub.Post, error) {
	var key popularKey
	copy(key[:], ids)
	return l.s.popularData.get(key, func() ([]*stgypub.Post, error) { return l.s.deps.Posts.PublishedByIDs(ctx, ids) })
}

// popularKey is the ranked IDs of a Popular list (zero-padded), the key
// of its cached PublishedByIDs result.
type popularKey [stgypub.SidePostsMax]stgypub.ID

func dropPost(posts []*stgypub.Post, id stgypub.ID, n int) []*stgypub.Post {
	out := posts[:0:0]
	for _, p := range posts {
		if p.ID != id && len(out) < n {
			out = append(out, p)
		}
	}
	return out
}

// sideCards renders Recent and Popular the same way: title, date and
// description from the snippet.
func (s *Server) sideCards(posts []*stgypub.Post, site siteIdentity) []prerender.Card {
	cards := make([]prerender.Card, len(posts))
	for i, p := range posts {
		cards[i] = s.withFragment(s.card(p, site, false, false), p, prerender.SideCard, false)
	}
	return cards
}

// card builds one list entry; rich adds the rendered snippet.
func (s *Server) card(p *stgypub.Post, site siteIdentity, vertical, rich bool) prerender.Card {
	parts := s.snippetParts(p, vertical, rich)
	date, iso := s.dates(p.PublishedAt)
	c := prerender.Card{
		URL:         "/pub/" + p.ID.String(),
		Title:       parts.title,
		Description: parts.description,
		Author:      site.author,
		Date:        date,
		DateISO:     iso,
	}
	if rich {
		c.HTML = trustedHTML(parts.rich)
	}
	return c
}

// linkCard is a previous/next link; nil for no post.
func (s *Server) linkCard(p *stgypub.Post) *prerender.Card {
	if p == nil {
		return nil
	}
	parts := s.snippetParts(p, false, false)
	date, iso := s.dates(p.PublishedAt)
	return &prerender.Card{URL: "/pub/" + p.ID.String(), Title: parts.title, Date: date, DateISO: iso}
}

func (s *Server) warn(ctx context.Context, msg string, err error) {
	s.log.LogAttrs(ctx, slog.LevelWarn, msg,
		slog.String("request_id", RequestID(ctx)), slog.String("error", err.Error()))
}
