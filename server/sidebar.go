package server

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/templates"
)

// untilRanker passes Ranking through and keeps until when the ranking it
// read holds (the ranking cache's expiry), when the Ranker can say (a
// non-zero RankingUntil); otherwise until keeps its starting value.
type untilRanker struct {
	r     stgypub.Ranker
	until time.Time
}

func (u *untilRanker) Ranking(ctx context.Context, ownerID stgypub.ID, limit int) ([]stgypub.RankingEntry, error) {
	entries, _, err := u.RankingUntil(ctx, ownerID, limit)
	return entries, err
}

func (u *untilRanker) RankingUntil(ctx context.Context, ownerID stgypub.ID, limit int) ([]stgypub.RankingEntry, time.Time, error) {
	entries, until, err := u.r.RankingUntil(ctx, ownerID, limit)
	if !until.IsZero() {
		u.until = until
	}
	return entries, u.until, err
}

// popularPosts is the sidebar's Popular entries: the one rule
// stgypub.PopularEntries without the current article, and until when they
// hold (the ranking cache's expiry, ViewCountTTL when the Ranker cannot
// say, at least degradedTTL away). Any failure is logged and leaves the
// list empty for degradedTTL; the page still renders.
func (s *pageHandlers) popularPosts(ctx context.Context, ownerID, current stgypub.ID, n int) ([]*stgypub.Post, time.Time) {
	if s.ranker == nil {
		return nil, time.Time{}
	}
	now := s.now()
	ur := &untilRanker{r: s.ranker, until: now.Add(s.viewCountTTL)}
	ranked, err := stgypub.PopularEntries(ctx, ur, s.posts, ownerID, current, n)
	if err != nil {
		warn(ctx, s.log, "popular entries unavailable", err)
		return nil, now.Add(degradedTTL)
	}
	return stgypub.RankedPosts(ranked), maxTime(ur.until, now.Add(degradedTTL))
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

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
func (s *pageHandlers) sideCards(posts []*stgypub.Post, site siteIdentity) []templates.Card {
	cards := make([]templates.Card, len(posts))
	for i, p := range posts {
		cards[i] = s.withFragment(s.card(p, site, false, false), p, site, templates.SideCard, false)
	}
	return cards
}

// card builds one list entry; rich adds the rendered snippet.
func (s *pageHandlers) card(p *stgypub.Post, site siteIdentity, vertical, rich bool) templates.Card {
	parts := s.snippetParts(p, vertical, rich)
	date, iso := site.dates(p.PublishedAt)
	c := templates.Card{
		Lang:        otherLang(s.langTag(p.Locale), site.lang, p.Locale),
		URL:         "/pub/" + p.ID.String(),
		Title:       stgypub.TitleOrDate(parts.title, p, site.loc),
		Description: parts.description,
		Author:      site.author,
		Date:        date,
		DateISO:     iso,
	}
	if rich {
		c.HTML = trustedHTML(parts.rich)
		c.ReadingMinutes = p.Derived.ReadingMinutes
	}
	return c
}

// linkCard is a previous/next link; nil for no post.
func (s *pageHandlers) linkCard(p *stgypub.Post, site siteIdentity) *templates.Card {
	if p == nil {
		return nil
	}
	parts := s.snippetParts(p, false, false)
	date, iso := site.dates(p.PublishedAt)
	return &templates.Card{URL: "/pub/" + p.ID.String(), Title: stgypub.TitleOrDate(parts.title, p, site.loc), Date: date, DateISO: iso}
}

// warn logs a degraded read (the page still renders) with the request ID.
func warn(ctx context.Context, log *slog.Logger, msg string, err error) {
	log.LogAttrs(ctx, slog.LevelWarn, msg,
		slog.String("request_id", RequestID(ctx)), slog.String("error", err.Error()))
}

// otherLang is a list entry's language when the post has one and it is
// not the page's, else "" (the entry inherits the page's).
func otherLang(tag, page, locale string) string {
	if locale == "" || strings.EqualFold(tag, page) {
		return ""
	}
	return tag
}
