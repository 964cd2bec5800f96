package stgypub

import "context"

// RankedPost is one published post of a ranking with its page views over
// the ranking's window.
type RankedPost struct {
	Post *Post
	PV   int64
}

// PublishedRanking is the one rule that turns ranked IDs into what readers
// see (docs/SPEC.md#popular-entries), for an owner's Popular entries and
// any other ranking alike: the first SidePostsMax entries are looked up
// with one PublishedByIDs; entries whose post is not published
// (unpublished, scheduled, deleted, unknown) are dropped; the rest keep
// their ranking order and are cut to limit (clamped to 0..SidePostsMax).
// Filtering before cutting keeps limit entries when enough of the top
// SidePostsMax are published: unpublished posts are ranked too, and their
// IDs and PVs must never reach readers. A repeated ID ranks once. Errors
// are the lookup's.
func PublishedRanking(ctx context.Context, posts PubPostStore, entries []RankingEntry, limit int) ([]RankedPost, error) {
	limit = min(max(limit, 0), SidePostsMax)
	entries = entries[:min(len(entries), SidePostsMax)]
	if limit == 0 || len(entries) == 0 {
		return []RankedPost{}, nil
	}
	ids := make([]ID, len(entries))
	for i, e := range entries {
		ids[i] = e.ID
	}
	found, err := posts.PublishedByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[ID]*Post, len(found))
	for _, p := range found {
		byID[p.ID] = p
	}
	out := make([]RankedPost, 0, min(limit, len(found)))
	for _, e := range entries {
		if p := byID[e.ID]; p != nil && len(out) < limit {
			out = append(out, RankedPost{Post: p, PV: e.PV})
			delete(byID, e.ID)
		}
	}
	return out, nil
}

// PopularEntries is an owner's Popular entries (docs/SPEC.md#popular-entries),
// the same for the /pub sidebar and the GraphQL site.popular and pubRanking
// fields: the Ranker's top SidePostsMax posts by page views over the
// retention window (Redis alone), without exclude (the article being shown;
// 0 for none), through PublishedRanking (unpublished dropped, then cut to
// limit). Errors are the ranker's or the lookup's; callers that only
// decorate a page show an empty list instead.
func PopularEntries(ctx context.Context, r Ranker, posts PubPostStore, ownerID, exclude ID, limit int) ([]RankedPost, error) {
	if limit <= 0 {
		return []RankedPost{}, nil
	}
	entries, err := r.Ranking(ctx, ownerID, SidePostsMax)
	if err != nil {
		return nil, err
	}
	if exclude != 0 {
		kept := make([]RankingEntry, 0, len(entries))
		for _, e := range entries {
			if e.ID != exclude {
				kept = append(kept, e)
			}
		}
		entries = kept
	}
	return PublishedRanking(ctx, posts, entries, limit)
}

// RankedPosts returns the posts of ranked, in order.
func RankedPosts(ranked []RankedPost) []*Post {
	out := make([]*Post, len(ranked))
	for i, r := range ranked {
		out[i] = r.Post
	}
	return out
}

// RecentPosts is the Recent posts rule (docs/SPEC.md#sidebar), for the
// /pub sidebar and Site.recent alike: the newest published posts (posts,
// newest first, at least limit+1 of them when there are) without exclude
// (the article being shown; 0 for none), at most limit.
func RecentPosts(posts []*Post, exclude ID, limit int) []*Post {
	out := make([]*Post, 0, min(len(posts), max(limit, 0)))
	for _, p := range posts {
		if p.ID != exclude && len(out) < limit {
			out = append(out, p)
		}
	}
	return out
}
