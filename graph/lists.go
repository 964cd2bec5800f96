package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/graph/model"
)

// Lists in order. gqlgen marshals a list of objects with one goroutine
// per item (graphql.MarshalSliceConcurrently), so that the loads the
// items make meet in one loader batch. When an item's selection makes no
// load, or only loads that a prefetch already primed for that item
// (prefetch.go), nothing would wait and the goroutines are pure cost
// (their start, wake-ups and stack growth were a quarter of an uncached
// site listing's CPU; docs/API.md "Benchmarks"). marshalSlice, which
// internal/generate calls in generated.go in place of gqlgen's function,
// then marshals the items one after another on the calling goroutine.
// Anything else (a field that reads a store or Redis on its own, a load
// no prefetch primed, a list of a type not in fieldLoads) keeps gqlgen's
// concurrent marshaling, so its loads still batch across the list.

// load is what resolving a field may wait for.
type load uint8

const (
	computed      load = iota // from the object itself: never waits
	viewCountLoad             // the viewCounts loader
	adjacentLoad              // the adjacent loader (prev/next)
	identityLoad              // the identities loader (the owner, their settings)
	titleLoad                 // computed, but an untitled post's title loads its owner's settings
	waits                     // a read of its own (store, Redis, renderer) that no prefetch primes
)

// fieldLoad is one field's rule: what it loads and, when the selection
// below it is walked too, the GraphQL type it returns ("": a scalar, or
// an object computed whole from what the field loaded).
type fieldLoad struct {
	load  load
	below string
}

// fieldLoads are the rules of the types whose lists may be marshaled in
// order and of the wrappers prefetch reads through. A field missing from
// its type's table waits (TestFieldLoadsCoverTheSchema makes every new
// field of these types a decision).
var fieldLoads = map[string]map[string]fieldLoad{
	"Post": {
		"__typename": {}, "id": {}, "ownerId": {}, "url": {}, "publishedAt": {}, "updatedAt": {},
		"createdAt": {}, "locale": {}, "allowLikes": {}, "allowReplies": {}, "snippet": {},
		"description": {}, "featuredImage": {}, "readingTimeMinutes": {}, "tags": {}, "digest": {},
		"viewToken": {},
		"title":     {load: titleLoad},
		"viewCount": {load: viewCountLoad},
		"prev":      {load: adjacentLoad, below: "Post"},
		"next":      {load: adjacentLoad, below: "Post"},
		"owner":     {load: identityLoad},
		"site":      {below: "Site"},
		"html":      {load: waits}, "shareCounts": {load: waits}, "fediverseCounts": {load: waits},
	},
	"Site": {
		"__typename": {}, "id": {}, "url": {},
		"name": {load: identityLoad}, "author": {load: identityLoad}, "introduction": {load: identityLoad},
		"owner": {load: identityLoad}, "config": {load: identityLoad},
		"posts": {load: waits}, "search": {load: waits}, "recent": {load: waits}, "popular": {load: waits},
	},
	"PostConnection": {
		"__typename": {}, "pageInfo": {},
		"nodes": {below: "Post"}, "items": {below: "Post"}, "edges": {below: "PostEdge"},
		"totalCount": {load: waits},
	},
	"PostEdge":         {"__typename": {}, "cursor": {}, "node": {below: "Post"}},
	"SearchConnection": {"__typename": {}, "totalCount": {}, "items": {below: "SearchHit"}},
	"SearchHit":        {"__typename": {}, "fragments": {}, "post": {below: "Post"}},
	"SearchFragment":   {"__typename": {}, "before": {}, "match": {}, "after": {}},
	"PubComment": {
		"__typename": {}, "id": {}, "postId": {}, "nickname": {}, "body": {}, "status": {},
		"isAuthor": {}, "createdAt": {}, "viewerCanEdit": {}, "viewerCanModerate": {}, "version": {},
		"postTitle": {load: waits},
	},
}

// postLoads is what a selection loads for the posts it reaches.
type postLoads struct {
	viewCount, adjacent, identity, title bool
	// neighborTitle: the title of a post's prev or next (an untitled one
	// loads the owner's settings, the same owner's as the post's).
	neighborTitle bool
	// waits: some field below waits on a read no prefetch primes.
	waits bool
}

// walk adds what sel, a selection on typ, loads; neighbor is set below
// a post's prev or next, whose own loads no prefetch primes (only their
// owner is the post's).
func (n *postLoads) walk(oc *graphql.OperationContext, typ string, sel ast.SelectionSet, neighbor bool) {
	rules := fieldLoads[typ]
	for _, f := range graphql.CollectFields(oc, sel, []string{typ}) {
		rule, ok := rules[f.Name]
		if !ok {
			n.waits = true
			continue
		}
		switch rule.load {
		case viewCountLoad, adjacentLoad:
			if neighbor {
				n.waits = true
			} else if rule.load == viewCountLoad {
				n.viewCount = true
			} else {
				n.adjacent = true
			}
		case identityLoad:
			n.identity = true
		case titleLoad:
			if neighbor {
				n.neighborTitle = true
			} else {
				n.title = true
			}
		case waits:
			n.waits = true
		}
		if rule.below != "" {
			n.walk(oc, rule.below, f.Selections, neighbor || rule.load == adjacentLoad)
		}
	}
}

// marshalSlice has graphql.MarshalSliceConcurrently's signature and
// result: it marshals the list the current field resolved in order, on
// the calling goroutine, when inOrder allows it (each item with its own
// field context and, unless omitPanicHandler, its panics recovered as
// that item's error), and through gqlgen's function otherwise.
func marshalSlice(ctx context.Context, length int, workerLimit int64, omitPanicHandler bool, marshalElement func(ctx context.Context, i int) graphql.Marshaler) graphql.Array {
	if length < 2 || !inOrder(ctx) {
		return graphql.MarshalSliceConcurrently(ctx, length, workerLimit, omitPanicHandler, marshalElement)
	}
	ret := make(graphql.Array, length)
	for i := range ret {
		ret[i] = marshalItem(ctx, i, omitPanicHandler, marshalElement)
	}
	return ret
}

func marshalItem(ctx context.Context, i int, omitPanicHandler bool, marshalElement func(ctx context.Context, i int) graphql.Marshaler) (m graphql.Marshaler) {
	ctx = graphql.WithFieldContext(ctx, &graphql.FieldContext{Index: &i})
	if !omitPanicHandler {
		defer func() {
			if r := recover(); r != nil {
				graphql.AddError(ctx, graphql.Recover(ctx, r))
				m = graphql.Null
			}
		}()
	}
	return marshalElement(ctx, i)
}

// inOrder reports whether the list the current field resolved may be
// marshaled in order: its items are of a type in fieldLoads, their
// selection waits on nothing of its own, and every load it makes was
// primed for every item (Loaders.covers). It counts the decision in the
// request's Loaders (Loaders.Lists).
func inOrder(ctx context.Context) bool {
	l, _ := ctx.Value(loadersKey{}).(*Loaders)
	fc := graphql.GetFieldContext(ctx)
	if l == nil || fc == nil || !graphql.HasOperationContext(ctx) {
		return false
	}
	ok := l.listInOrder(graphql.GetOperationContext(ctx), fc.Field.Selections, fc.Result)
	if ok {
		l.inOrder.Add(1)
	} else {
		l.concurrent.Add(1)
	}
	return ok
}

func (l *Loaders) listInOrder(oc *graphql.OperationContext, sel ast.SelectionSet, items any) bool {
	var typ string
	var posts func(yield func(*stgypub.Post) bool)
	var sites []*model.Site
	switch v := items.(type) {
	case []*stgypub.Post:
		typ, posts = "Post", eachPost(v, func(p *stgypub.Post) *stgypub.Post { return p })
	case []*model.PostEdge:
		typ, posts = "PostEdge", eachPost(v, func(e *model.PostEdge) *stgypub.Post {
			if e == nil {
				return nil
			}
			return e.Node
		})
	case []*model.SearchHit:
		typ, posts = "SearchHit", eachPost(v, func(h *model.SearchHit) *stgypub.Post {
			if h == nil {
				return nil
			}
			return h.Post
		})
	case []*model.Site:
		typ, sites = "Site", v
	case []*model.SearchFragment:
		typ = "SearchFragment"
	case []*comment.Item:
		typ = "PubComment"
	default:
		return false
	}
	var n postLoads
	n.walk(oc, typ, sel, false)
	if n.waits {
		return false
	}
	l.primedMu.Lock() // once for the list, not per item
	defer l.primedMu.Unlock()
	for _, s := range sites {
		if s != nil && n.identity && !l.primed[s.ID] {
			return false
		}
	}
	if posts == nil {
		return true
	}
	ok := true
	posts(func(p *stgypub.Post) bool {
		ok = l.covers(p, n)
		return ok
	})
	return ok
}

// eachPost yields the non-nil posts of items.
func eachPost[T any](items []T, post func(T) *stgypub.Post) func(yield func(*stgypub.Post) bool) {
	return func(yield func(*stgypub.Post) bool) {
		for _, it := range items {
			if p := post(it); p != nil && !yield(p) {
				return
			}
		}
	}
}
