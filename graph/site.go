package graph

import (
	"context"
	"strings"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/graph/model"
	"github.com/stgy/stgypub/markdown"
)

func (r *Resolver) sitePosts(ctx context.Context, userID stgypub.ID, order *model.PostOrder, offset, limit *int) (*model.PostConnection, error) {
	q, err := pageQuery(order, offset, limit)
	if err != nil {
		return nil, err
	}
	posts, err := r.Posts.PublishedByUser(ctx, userID, q)
	if err != nil {
		return nil, err
	}
	total, err := r.Posts.CountPublishedByUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	return &model.PostConnection{Items: posts, TotalCount: total}, nil
}

func (r *Resolver) siteSearch(ctx context.Context, userID stgypub.ID, query string, offset, limit *int) (*model.SearchConnection, error) {
	query = strings.TrimSpace(query)
	if err := stgypub.CheckText("query", query, maxSearchChars); err != nil {
		return nil, err
	}
	if query == "" {
		return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "query must not be empty")
	}
	q, err := pageQuery(nil, offset, limit)
	if err != nil {
		return nil, err
	}
	posts, total, err := r.Posts.SearchPublished(ctx, userID, query, q)
	if err != nil {
		return nil, err
	}
	hits := make([]*model.SearchHit, len(posts))
	for i, p := range posts {
		hits[i] = &model.SearchHit{Post: p, Fragments: []*model.SearchFragment{}}
		for _, f := range markdown.KWIC(stgypub.SearchContext(p), query, stgypub.KWICRadius, stgypub.KWICFragments) {
			hits[i].Fragments = append(hits[i].Fragments, &model.SearchFragment{Before: f.Before, Match: f.Match, After: f.After})
		}
	}
	return &model.SearchConnection{Items: hits, TotalCount: total}, nil
}

func (r *Resolver) siteRecent(ctx context.Context, userID stgypub.ID, limit *int) ([]*stgypub.Post, error) {
	n, err := sideLimit(limit)
	if err != nil || n == 0 {
		return []*stgypub.Post{}, err
	}
	return r.Posts.PublishedByUser(ctx, userID, stgypub.PostQuery{Order: stgypub.OrderNewest, Limit: n})
}

// sitePopular is site.popular: stgypub.PopularEntries, the rule the /pub
// sidebar uses too (exclude leaves out the article being shown, as the
// sidebar does). A failing ranking leaves the list empty rather than
// failing the query.
func (r *Resolver) sitePopular(ctx context.Context, userID stgypub.ID, limit *int, exclude *stgypub.ID) ([]*stgypub.Post, error) {
	n, err := sideLimit(limit)
	if err != nil || n == 0 {
		return []*stgypub.Post{}, err
	}
	var skip stgypub.ID
	if exclude != nil {
		skip = *exclude
	}
	ranked, err := stgypub.PopularEntries(ctx, r.Counter, r.Posts, userID, skip, n)
	if err != nil {
		r.Logger.ErrorContext(ctx, "popular entries unavailable", "user", userID.String(), "err", err)
		return []*stgypub.Post{}, nil
	}
	return stgypub.RankedPosts(ranked), nil
}

// publishedRanking is pubRanking: the counter's top stgypub.SidePostsMax
// entries over the last days days (0: the whole window) through
// stgypub.PublishedRanking, the rule that keeps only published posts (one
// query) and cuts to limit: IDs and PVs of unpublished or scheduled posts
// must not reach anonymous callers.
func (r *Resolver) publishedRanking(ctx context.Context, userID stgypub.ID, days, limit int) ([]*stgypub.RankingEntry, error) {
	entries, err := r.Counter.RankingDays(ctx, userID, days, stgypub.SidePostsMax)
	if err != nil || len(entries) == 0 {
		return []*stgypub.RankingEntry{}, err
	}
	ranked, err := stgypub.PublishedRanking(ctx, r.Posts, entries, limit)
	if err != nil {
		return nil, err
	}
	out := make([]*stgypub.RankingEntry, len(ranked))
	for i, p := range ranked {
		out[i] = &stgypub.RankingEntry{ID: p.Post.ID, PV: p.PV}
	}
	return out, nil
}
