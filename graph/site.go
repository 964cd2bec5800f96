package graph

import (
	"context"
	"strings"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/graph/model"
	"github.com/stgy/stgypub/markdown"
)

// KWIC fragment shape of site.search.
const (
	kwicRadius    = 40 // code points of context each side
	kwicFragments = 3  // fragments per hit
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
		for _, f := range markdown.KWIC(p.PlainText, query, kwicRadius, kwicFragments) {
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

// sitePopular ranks from Redis and loads the posts by IDs (seed 001
// "Popular entries"), like publishedRanking: the top SidePostsMax, the
// unpublished ones dropped, then cut to limit. A failing ranking leaves
// the list empty rather than failing the page.
func (r *Resolver) sitePopular(ctx context.Context, userID stgypub.ID, limit *int) ([]*stgypub.Post, error) {
	n, err := sideLimit(limit)
	if err != nil || n == 0 {
		return []*stgypub.Post{}, err
	}
	entries, err := r.Counter.Ranking(ctx, userID, stgypub.SidePostsMax)
	if err != nil {
		r.Logger.ErrorContext(ctx, "popular entries: ranking failed", "user", userID.String(), "err", err)
		return []*stgypub.Post{}, nil
	}
	ids := make([]stgypub.ID, 0, len(entries))
	for _, e := range entries {
		ids = append(ids, e.ID)
	}
	if len(ids) == 0 {
		return []*stgypub.Post{}, nil
	}
	posts, err := r.Posts.PublishedByIDs(ctx, ids[:min(len(ids), maxByIDs)])
	if err != nil {
		return nil, err
	}
	return posts[:min(len(posts), n)], nil
}

// publishedRanking is pubRanking: the counter's top stgypub.SidePostsMax
// entries, keeping only posts PublishedByIDs returns (one query), cut to
// limit. The counter ranks every post viewed in the window, and IDs and
// PVs of unpublished or scheduled posts must not reach anonymous callers;
// filtering before cutting keeps limit entries when enough are published.
func (r *Resolver) publishedRanking(ctx context.Context, userID stgypub.ID, limit int) ([]*stgypub.RankingEntry, error) {
	entries, err := r.Counter.Ranking(ctx, userID, stgypub.SidePostsMax)
	if err != nil || len(entries) == 0 {
		return []*stgypub.RankingEntry{}, err
	}
	ids := make([]stgypub.ID, len(entries))
	for i, e := range entries {
		ids[i] = e.ID
	}
	posts, err := r.Posts.PublishedByIDs(ctx, ids[:min(len(ids), maxByIDs)])
	if err != nil {
		return nil, err
	}
	published := make(map[stgypub.ID]bool, len(posts))
	for _, p := range posts {
		published[p.ID] = true
	}
	out := make([]*stgypub.RankingEntry, 0, limit)
	for i := range entries {
		if published[entries[i].ID] && len(out) < limit {
			out = append(out, &entries[i])
		}
	}
	return out, nil
}
