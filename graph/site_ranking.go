package graph

import (
	"context"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/graph/model"
)

// daysArg is a days argument: absent is 0 (the field's default window),
// below 1 BAD_USER_INPUT; the counter checks the upper bound.
func daysArg(days *int) (int, error) {
	if days == nil {
		return 0, nil
	}
	if *days < 1 {
		return 0, stgypub.Errorf(stgypub.CodeBadUserInput, "days must be at least 1")
	}
	return *days, nil
}

// siteRanking is siteRanking: the counter's site-wide ranking over days
// (cached 5 minutes per days value) through stgypub.PublishedRanking, the
// same rule as pubRanking, cut to limit (default 10, clamped to 20).
func (r *Resolver) siteRanking(ctx context.Context, days, limit *int) ([]*model.SiteRankingEntry, error) {
	d, err := daysArg(days)
	if err != nil {
		return nil, err
	}
	n := intOr(limit, stgypub.SiteRankingLimit)
	if n < 0 {
		return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "limit must not be negative")
	}
	rk, err := r.Counter.SiteRanking(ctx, d)
	if err != nil {
		return degradedList[*model.SiteRankingEntry](ctx, nil, degrade("rankings", err))
	}
	ranked, err := stgypub.PublishedRanking(ctx, r.Posts, rk.Entries, n)
	if err != nil {
		return nil, err
	}
	out := make([]*model.SiteRankingEntry, len(ranked))
	for i, p := range ranked {
		out[i] = &model.SiteRankingEntry{Rank: i + 1, Views: p.PV, Post: p.Post}
	}
	return out, nil
}

func (r *Resolver) entryAuthor(ctx context.Context, e *model.SiteRankingEntry) (string, error) {
	return r.siteDisplay(ctx, e.Post.OwnedBy, (*stgypub.PubConfig).DisplayAuthor)
}

func (r *Resolver) entrySiteName(ctx context.Context, e *model.SiteRankingEntry) (string, error) {
	return r.siteDisplay(ctx, e.Post.OwnedBy, (*stgypub.PubConfig).DisplaySiteName)
}

// postURL and siteURL are the canonical addresses of a post and a site.
func (r *Resolver) postURL(id stgypub.ID) string { return r.BaseURL + "/pub/" + id.String() }

func (r *Resolver) siteURL(id stgypub.ID) string { return r.BaseURL + "/sites/" + id.String() }
