package graph

import (
	"context"
	"slices"

	"github.com/99designs/gqlgen/graphql"

	"github.com/stgy/stgypub"
)

// Prefetching (lookahead): a resolver that returns posts or a site reads,
// in one call each, what the selection below it will ask the loaders for
// (view counts, prev/next, owners with their settings) and primes the
// request's loaders with it. The fields below then find their values in
// the loaders' caches and never wait for a batch window: Post and Site
// resolve their fields on one goroutine (internal/generate), so a wait
// there would be paid field after field, and a list whose items' loads
// were all primed is marshaled item after item too (lists.go). What a
// selection does not ask for is not read; what was not primed (an
// error, a nested list) still loads through the batching loaders.

// selection is what the current field's selection loads (postLoads.walk
// from the type the field returns), false outside an executing field
// (direct calls in tests).
func selection(ctx context.Context) (postLoads, bool) {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || fc.Field.Definition == nil || !graphql.HasOperationContext(ctx) {
		return postLoads{}, false
	}
	var n postLoads
	n.walk(graphql.GetOperationContext(ctx), fc.Field.Definition.Type.Name(), fc.Field.Selections, false)
	return n, true
}

// prefetchPosts primes the loaders for posts (nil ones skipped), which
// the current field returns (itself or through the wrappers of
// fieldLoads: connections, edges, search hits), as its selection asks: one Counter.ViewCounts per owner, one
// AdjacentPublishedMany, one SiteIdentities. A failing read primes
// nothing (the fields load and report it themselves).
func (r *Resolver) prefetchPosts(ctx context.Context, posts ...*stgypub.Post) {
	n, ok := selection(ctx)
	if !ok {
		return
	}
	if slices.Contains(posts, nil) { // publishedPostsByIds' missing IDs
		posts = slices.DeleteFunc(slices.Clone(posts), func(p *stgypub.Post) bool { return p == nil })
	}
	if len(posts) == 0 {
		return
	}
	l := r.loaders(ctx)
	if n.title && !n.identity {
		n.identity = slices.ContainsFunc(posts, untitled)
	}
	if n.identity {
		r.primeIdentities(ctx, ownersOf(posts))
	}
	cov := make([]coverage, len(posts))
	if n.adjacent {
		if adj, err := r.Posts.AdjacentPublishedMany(ctx, posts); err == nil {
			for i, p := range posts {
				l.adjacent.Prime(p, adj[i])
				cov[i].adjacent = true
				cov[i].neighborsTitled = (adj[i][0] == nil || !untitled(adj[i][0])) && (adj[i][1] == nil || !untitled(adj[i][1]))
			}
		}
	}
	if n.viewCount {
		keys := make([]viewKey, len(posts))
		for i, p := range posts {
			keys[i] = viewKey{p.OwnedBy, p.ID}
		}
		counts, errs := r.fetchViewCounts(ctx, keys)
		for i, k := range keys {
			if errs[i] == nil {
				l.viewCounts.Prime(k, counts[i])
				cov[i].viewCount = true
			}
		}
	}
	l.cover(posts, cov)
}

// prefetchSites primes the identities loader for sites whose selection
// reads the owner or their settings (one SiteIdentities).
func (r *Resolver) prefetchSites(ctx context.Context, ids ...stgypub.ID) {
	if n, ok := selection(ctx); ok && n.identity {
		r.primeIdentities(ctx, ids)
	}
}

// primeIdentities reads the users and settings of those of ids no
// prefetch of the request read yet, in one SiteIdentities, and primes the
// identities loader with them (a missing user as the zero identity,
// which user and config answer as not found). A failing read primes
// nothing.
func (r *Resolver) primeIdentities(ctx context.Context, ids []stgypub.ID) {
	l := r.loaders(ctx)
	l.primedMu.Lock()
	ids = slices.DeleteFunc(slices.Clone(ids), func(id stgypub.ID) bool { return l.primed[id] })
	l.primedMu.Unlock()
	if len(ids) == 0 {
		return
	}
	us, cs, err := r.Configs.SiteIdentities(ctx, ids)
	if err != nil {
		return
	}
	found := make(map[stgypub.ID]identity, len(us))
	for i, u := range us {
		found[u.ID] = identity{u, cs[i]}
	}
	for _, id := range ids {
		l.identities.Prime(id, found[id]) // a missing user as identity{}: not found
	}
	l.primedMu.Lock()
	if l.primed == nil {
		l.primed = map[stgypub.ID]bool{}
	}
	for _, id := range ids {
		l.primed[id] = true
	}
	l.primedMu.Unlock()
}

// ownersOf is the distinct owners of posts, in first-seen order.
func ownersOf(posts []*stgypub.Post) []stgypub.ID {
	var out []stgypub.ID
	for _, p := range posts {
		if !slices.Contains(out, p.OwnedBy) {
			out = append(out, p.OwnedBy)
		}
	}
	return out
}
