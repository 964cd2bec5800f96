package graph

import (
	"context"
	"strings"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
)

// botStats is Query.pubBotStats: self or admin, then the counter's
// report (never cached); without Resolver.Insight, none.
func (r *Resolver) botStats(ctx context.Context, userID stgypub.ID, days int) ([]*stgypub.PostBotStats, error) {
	if _, err := auth.RequireSelfOrAdmin(ctx, userID); err != nil {
		return nil, err
	}
	out := []*stgypub.PostBotStats{}
	if r.Insight == nil {
		return out, nil
	}
	rows, err := r.Insight.BotStats(ctx, userID, days)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		out = append(out, &rows[i])
	}
	return out, nil
}

// shareCounts is Post.shareCounts: null unless the viewer may act for the
// post's owner (stgypub.CanActFor); the services' names as the
// ShareService enum spells them.
func (r *Resolver) shareCounts(ctx context.Context, post *stgypub.Post) ([]*stgypub.NameCount, error) {
	if r.Insight == nil || !stgypub.CanActFor(r.viewer(ctx), post.OwnedBy) {
		return nil, nil
	}
	counts, err := r.Insight.ShareCounts(ctx, post.OwnedBy, post.ID)
	if err != nil {
		return nil, err
	}
	out := make([]*stgypub.NameCount, len(counts))
	for i, c := range counts {
		out[i] = &stgypub.NameCount{Name: strings.ToUpper(c.Name), Count: c.Count}
	}
	return out, nil
}
