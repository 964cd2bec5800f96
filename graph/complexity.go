package graph

import (
	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/graph/model"
)

// setComplexity makes list fields cost their limit times their children, so
// FixedComplexityLimit bounds the rows a query can ask for
// (docs/ARCHITECTURE.md "GraphQL"). Scalar fields cost nothing (the API
// sets complexity.WithFixedScalarValue(0)) except those that do work per
// item: Post.html (a rendering) and Post.viewCount (a counter read) cost
// 1, Post.viewToken 1; objects cost 1 each; prev/next cost a statement
// each (5). So the HTML Plain view's 200 titles with dates and URLs are
// one request (about 400), and 200 posts with their prev and next are not
// (over 2,000).
func setComplexity(c *ComplexityRoot) {
	c.Site.Posts = func(child int, _ *model.PostOrder, _ *string, first *int, _ *string, _ *int, limit *int) int {
		if first == nil {
			first = limit
		}
		return 1 + child*pageLimit(first, 20, maxPostsPage)
	}
	c.PostConnection.Items = func(child int) int { return 1 + child }
	c.PostConnection.Nodes = func(child int) int { return 1 + child }
	c.PostConnection.Edges = func(child int) int { return 1 + child }
	c.Site.Search = func(child int, _ string, _ *model.PostOrder, _ *int, limit *int) int {
		return 5 + child*pageLimit(limit, 20, maxPageLimit)
	}
	c.Site.Recent = func(child int, limit *int, _ *stgypub.ID) int {
		return 1 + child*pageLimit(limit, 5, stgypub.SidePostsMax)
	}
	c.Site.Popular = func(child int, limit *int, _, _ *stgypub.ID) int {
		return 2 + child*pageLimit(limit, 5, stgypub.SidePostsMax)
	}
	c.Post.HTML = func(int) int { return 1 }
	c.Post.ViewCount = func(int) int { return 1 }
	c.Post.ViewToken = func(int) int { return 1 }
	c.Query.Sites = func(child int, limit *int) int { return 1 + child*pageLimit(limit, 50, maxSites) }
	c.Query.PublishedPostsByIds = func(child int, ids []stgypub.ID) int { return 1 + child*max(len(ids), 1) }
	c.Query.PubRanking = func(child int, _ stgypub.ID, limit, _ *int) int {
		return 1 + child*pageLimit(limit, 5, stgypub.SidePostsMax)
	}
	c.Query.SiteRanking = func(child int, _, limit *int) int {
		return 2 + child*pageLimit(limit, stgypub.SiteRankingLimit, stgypub.SidePostsMax)
	}
	c.Query.MyPosts = func(child int, _ *int, limit *int) int { return 1 + child*pageLimit(limit, 20, 100) }
	c.Query.PubStats = func(child int, _ stgypub.ID) int { return 10 + child }
	// An owner has at most STGY_WEBHOOK_MAX_PER_OWNER hooks (10 by default).
	c.Query.Webhooks = func(child int) int { return 1 + child*10 }
	c.Webhook.Deliveries = func(child int, first *int) int { return 1 + child*pageLimit(first, 20, 100) }
	c.Post.Prev = func(child int) int { return 5 + child }
	c.Post.Next = func(child int) int { return 5 + child }
	c.Stats.Posts = func(child int) int { return child * 50 } // up to 1000 rows; charged as a page
	c.Stats.PostsPage = func(child int, first *int, _ *string, _ *model.PostStatsSort, _ *int, last *int, _ *string) int {
		if last != nil {
			first = last
		}
		return 1 + child*pageLimit(first, defaultStatsPage, maxStatsPage)/4
	}
}

// pageLimit is the effective limit of a list argument: def when absent,
// clamped to 1-maxLimit (bad values are rejected by the resolver).
func pageLimit(limit *int, def, maxLimit int) int {
	n := def
	if limit != nil {
		n = *limit
	}
	return min(max(n, 1), maxLimit)
}
