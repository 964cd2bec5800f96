package graph

import (
	"context"
	"strings"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/graph/model"
	"github.com/stgy/stgypub/markdown"
)

// sitePosts is Site.posts as a Relay connection (docs/API.md "Cursors"):
// first (or its old name limit) posts after the cursor after (or the old
// offset), one more fetched to know hasNextPage.
func (r *Resolver) sitePosts(ctx context.Context, userID stgypub.ID, a postsArgs) (*model.PostConnection, error) {
	q, err := a.query()
	if err != nil {
		return nil, err
	}
	if a.tag != nil {
		tags, err := stgypub.NormalizeTags([]string{*a.tag})
		if err != nil {
			return nil, stgypub.FieldErrorf("tag", "tag must be 1-%d characters without control characters", stgypub.TagMaxLen)
		}
		q.Tag = stgypub.TagKey(tags[0])
	}
	n := q.Limit
	q.Limit++
	posts, err := r.Posts.PublishedByUser(ctx, userID, q)
	if err != nil {
		return nil, err
	}
	c := &model.PostConnection{UserID: userID, Tag: q.Tag, PageInfo: &model.PageInfo{
		HasNextPage:     len(posts) > n,
		HasPreviousPage: q.After != nil || q.Offset > 0,
	}}
	c.Nodes = posts[:min(len(posts), n)]
	if k := len(c.Nodes); k > 0 {
		first, last := encodeCursor(c.Nodes[0]), encodeCursor(c.Nodes[k-1])
		c.PageInfo.StartCursor, c.PageInfo.EndCursor = &first, &last
	}
	r.prefetchPosts(ctx, c.Nodes...)
	return c, nil
}

// postEdges is PostConnection.edges: c's nodes with their cursors.
func postEdges(c *model.PostConnection) []*model.PostEdge {
	edges := make([]*model.PostEdge, len(c.Nodes))
	for i, p := range c.Nodes {
		edges[i] = &model.PostEdge{Cursor: encodeCursor(p), Node: p}
	}
	return edges
}

// postsArgs are Site.posts' arguments.
type postsArgs struct {
	order                *model.PostOrder
	first, offset, limit *int
	after                *string
	tag                  *string
}

// query validates the arguments: first and limit name one size (both
// given must agree), default 20, below 1 BAD_USER_INPUT, clamped to
// maxPostsPage; offset >= 0 and not with after; after a cursor of
// encodeCursor.
func (a postsArgs) query() (stgypub.PostQuery, error) {
	size := a.first
	if a.limit != nil {
		if size != nil && *size != *a.limit {
			return stgypub.PostQuery{}, stgypub.FieldErrorf("first", "first and limit are one argument under two names; give one")
		}
		size = a.limit
	}
	q, err := pageQuery(a.order, a.offset, size, maxPostsPage)
	if err != nil || a.after == nil {
		return q, err
	}
	if q.Offset != 0 {
		return q, stgypub.FieldErrorf("after", "after and offset cannot be combined")
	}
	q.After, err = decodeCursor(*a.after)
	return q, err
}

func (r *Resolver) siteSearch(ctx context.Context, userID stgypub.ID, query string, order *model.PostOrder, offset, limit *int) (*model.SearchConnection, error) {
	query = strings.TrimSpace(query)
	if err := stgypub.CheckText("query", query, stgypub.MaxSearchQuery); err != nil {
		return nil, err
	}
	if query == "" {
		return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "query must not be empty")
	}
	q, err := pageQuery(order, offset, limit, maxPageLimit)
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
	r.prefetchPosts(ctx, posts...)
	return &model.SearchConnection{Items: hits, TotalCount: total}, nil
}

// siteRecent is Site.recent: stgypub.RecentPosts over the n+1 newest
// published posts, the rule of the /pub sidebar (the article shown left
// out).
func (r *Resolver) siteRecent(ctx context.Context, userID stgypub.ID, limit *int, exclude *stgypub.ID) ([]*stgypub.Post, error) {
	n, err := sideLimit(limit)
	if err != nil || n == 0 {
		return []*stgypub.Post{}, err
	}
	posts, err := r.Posts.PublishedByUser(ctx, userID, stgypub.PostQuery{Order: stgypub.OrderNewest, Limit: n + 1})
	if err != nil {
		return nil, err
	}
	var skip stgypub.ID
	if exclude != nil {
		skip = *exclude
	}
	out := stgypub.RecentPosts(posts, skip, n)
	r.prefetchPosts(ctx, out...)
	return out, nil
}

// sitePopular is site.popular: stgypub.PopularEntries, the rule the /pub
// sidebar uses too (exclude leaves out the article being shown, as the
// sidebar does). A failing ranking leaves the list empty rather than
// failing the query.
func (r *Resolver) sitePopular(ctx context.Context, userID stgypub.ID, limit *int, exclude, old *stgypub.ID) ([]*stgypub.Post, error) {
	if exclude == nil {
		exclude = old // the deprecated name
	}
	n, err := sideLimit(limit)
	if err != nil || n == 0 {
		return []*stgypub.Post{}, err
	}
	var skip stgypub.ID
	if exclude != nil {
		skip = *exclude
	}
	ranked, err := stgypub.PopularEntries(ctx, degradingRanker{r.Counter, "popular entries"}, r.Posts, userID, skip, n)
	if err != nil {
		return degradedList[*stgypub.Post](ctx, nil, err)
	}
	out := stgypub.RankedPosts(ranked)
	r.prefetchPosts(ctx, out...)
	return out, nil
}

// publishedRanking is pubRanking: the counter's top stgypub.SidePostsMax
// entries over the last days days (0: the whole window) through
// stgypub.PublishedRanking, the rule that keeps only published posts (one
// query) and cuts to limit: IDs and PVs of unpublished or scheduled posts
// must not reach anonymous callers.
func (r *Resolver) publishedRanking(ctx context.Context, userID stgypub.ID, days, limit int) ([]*stgypub.RankingEntry, error) {
	entries, err := r.Counter.RankingDays(ctx, userID, days, stgypub.SidePostsMax)
	if err != nil || len(entries) == 0 {
		return degradedList(ctx, []*stgypub.RankingEntry{}, degrade("rankings", err))
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
