package graph

import (
	"context"
	"slices"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/stgy/stgypub"
)

// Prefetching (lookahead): a resolver that returns posts or a site reads,
// in one call each, what the selection below it will ask the loaders for
// (view counts, prev/next, owners with their settings) and primes the
// request's loaders with it. The fields below then find their values in
// the loaders' caches and never wait for a batch window: Post and Site
// resolve their fields on one goroutine (internal/generate), so a wait
// there would be paid field after field. What a selection does not ask
// for is not read; what was not primed (an error, a nested list) still
// loads through the batching loaders.

// postNeeds is what a selection asks of the posts it reaches.
type postNeeds struct {
	viewCount, adjacent, identity, title bool
}

// wrapperFields lead from the type a resolver returns to its posts:
// PostConnection.nodes/items/edges, PostEdge.node, SearchConnection.items,
// SearchHit.post (none of them is a Post field).
var wrapperFields = map[string]bool{"nodes": true, "items": true, "edges": true, "node": true, "post": true}

// prefetchTypes are the type conditions a fragment on the way to a post
// may carry.
var prefetchTypes = []string{"Post", "PostConnection", "PostEdge", "SearchConnection", "SearchHit"}

// siteIdentityFields are the Site fields that read the owner and their
// settings (the identities loader).
var siteIdentityFields = map[string]bool{"name": true, "author": true, "introduction": true, "owner": true, "config": true}

// collect adds what sel asks of posts, through wrapperFields.
func (n *postNeeds) collect(oc *graphql.OperationContext, sel ast.SelectionSet) {
	for _, f := range graphql.CollectFields(oc, sel, prefetchTypes) {
		switch {
		case wrapperFields[f.Name]:
			n.collect(oc, f.Selections)
		case f.Name == "viewCount":
			n.viewCount = true
		case f.Name == "prev" || f.Name == "next":
			n.adjacent = true
		case f.Name == "owner":
			n.identity = true
		case f.Name == "site":
			n.identity = n.identity || asksIdentity(oc, f.Selections)
		case f.Name == "title":
			n.title = true
		}
	}
}

// asksIdentity reports whether a Site selection reads siteIdentityFields.
func asksIdentity(oc *graphql.OperationContext, sel ast.SelectionSet) bool {
	for _, f := range graphql.CollectFields(oc, sel, []string{"Site"}) {
		if siteIdentityFields[f.Name] {
			return true
		}
	}
	return false
}

// selection is the current field's selection set and operation, nil
// outside an executing field (direct calls in tests).
func selection(ctx context.Context) (*graphql.OperationContext, ast.SelectionSet) {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || !graphql.HasOperationContext(ctx) {
		return nil, nil
	}
	return graphql.GetOperationContext(ctx), fc.Field.Selections
}

// prefetchPosts primes the loaders for posts (nil ones skipped), which
// the current field returns (itself or through wrapperFields), as its
// selection asks: one Counter.ViewCounts per owner, one
// AdjacentPublishedMany, one SiteIdentities. A failing read primes
// nothing (the fields load and report it themselves).
func (r *Resolver) prefetchPosts(ctx context.Context, posts ...*stgypub.Post) {
	oc, sel := selection(ctx)
	if oc == nil {
		return
	}
	if slices.Contains(posts, nil) { // publishedPostsByIds' missing IDs
		posts = slices.DeleteFunc(slices.Clone(posts), func(p *stgypub.Post) bool { return p == nil })
	}
	if len(posts) == 0 {
		return
	}
	var n postNeeds
	n.collect(oc, sel)
	l := r.loaders(ctx)
	if n.title && !n.identity {
		n.identity = slices.ContainsFunc(posts, func(p *stgypub.Post) bool { return r.texts(p).Summary.Title == "" })
	}
	if n.identity {
		r.primeIdentities(ctx, ownersOf(posts))
	}
	if n.adjacent {
		if adj, err := r.Posts.AdjacentPublishedMany(ctx, posts); err == nil {
			for i, p := range posts {
				l.adjacent.Prime(p, adj[i])
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
			}
		}
	}
}

// prefetchSites primes the identities loader for sites whose selection
// reads siteIdentityFields (one SiteIdentities).
func (r *Resolver) prefetchSites(ctx context.Context, ids ...stgypub.ID) {
	if oc, sel := selection(ctx); oc != nil && asksIdentity(oc, sel) {
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
