package server

import (
	"context"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/templates"
)

// homeRanking is the home page's "Popular this week": the site-wide
// ranking of the week (Deps.SiteRanker, cached 5 minutes) through
// stgypub.PublishedRanking, the rule the API's siteRanking applies, with
// each site's displayed name and author. It also returns the latest time
// a cached copy of the page may be served: the embedded ranking's cache
// expiry, or now when the ranking could not be read (the page without it
// must not be kept), or zero without Deps.SiteRanker. Any failure is logged
// and leaves the section out; the page still renders.
func (s *homeHandlers) homeRanking(ctx context.Context, lang string) (*templates.HomeRanking, time.Time) {
	if s.siteRanker == nil {
		return nil, time.Time{}
	}
	rk, err := s.siteRanker.SiteRanking(ctx, 0)
	if err != nil {
		warn(ctx, s.log, "home: site ranking unavailable", err)
		return nil, time.Now()
	}
	ranked, err := stgypub.PublishedRanking(ctx, s.posts, rk.Entries, stgypub.SiteRankingLimit)
	if err != nil {
		warn(ctx, s.log, "home: ranked posts unavailable", err)
		return nil, time.Now()
	}
	if len(ranked) == 0 {
		return nil, rk.ExpiresAt
	}
	sites, err := s.siteIdentities(ctx, ranked, lang)
	if err != nil {
		warn(ctx, s.log, "home: ranked sites unavailable", err)
		return nil, time.Now()
	}
	text := templates.TextFor(lang)
	out := &templates.HomeRanking{Heading: rankingHeading(text, rk.Days)}
	for i, r := range ranked {
		site, ok := sites[r.Post.OwnedBy]
		if !ok {
			continue
		}
		title := stgypub.TitleOrDate(s.snippetParts(r.Post, false, false).title, r.Post, site.loc)
		e := templates.RankedEntry{
			Rank: i + 1, Title: title, URL: "/pub/" + r.Post.ID.String(),
			SiteName: site.name, SiteURL: "/sites/" + r.Post.OwnedBy.String(),
			Views: text.N("RankingViews", r.PV),
		}
		if site.author != site.name {
			e.Author = site.author
		}
		out.Entries = append(out.Entries, e)
	}
	return out, rk.ExpiresAt
}

// siteIdentities loads the owners and settings of ranked posts (one
// query each) as the names their sites show.
func (s *homeHandlers) siteIdentities(ctx context.Context, ranked []stgypub.RankedPost, lang string) (map[stgypub.ID]siteIdentity, error) {
	ids := make([]stgypub.ID, 0, len(ranked))
	seen := map[stgypub.ID]bool{}
	for _, r := range ranked {
		if !seen[r.Post.OwnedBy] {
			seen[r.Post.OwnedBy] = true
			ids = append(ids, r.Post.OwnedBy)
		}
	}
	users, err := s.users.UsersByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	cfgs, err := s.configs.PubConfigs(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[stgypub.ID]*stgypub.PubConfig, len(cfgs))
	for _, c := range cfgs {
		byID[c.UserID] = c
	}
	out := make(map[stgypub.ID]siteIdentity, len(users))
	for _, u := range users {
		c := byID[u.ID]
		if c == nil {
			c = stgypub.DefaultPubConfig(u.ID)
		}
		out[u.ID] = newSiteIdentity(u, c).in(lang)
	}
	return out, nil
}

// rankingHeading is the ranking's heading for a window of days UTC days:
// "Popular this week" for 7, "Popular today" for 1, else "Popular in the
// last N days" (in the page's chrome language).
func rankingHeading(text *templates.Text, days int) string {
	switch days {
	case 7:
		return text.T("RankingThisWeek")
	case 1:
		return text.T("RankingToday")
	}
	return text.T("RankingDays", "Days", days)
}
