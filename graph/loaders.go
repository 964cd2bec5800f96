package graph

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vikstrous/dataloadgen"

	"github.com/stgy/stgypub"
)

// Loaders batch the lookups that list fields repeat per item (no N+1):
// post owners, site settings and view counts. They are built per request
// (NewLoaders, WithLoaders) so nothing is cached across requests.
type Loaders struct {
	viewCounts *dataloadgen.Loader[viewKey, int64]
	adjacent   *dataloadgen.Loader[*stgypub.Post, [2]*stgypub.Post]
	titles     *dataloadgen.Loader[stgypub.ID, string]
	// identities serves users and their settings in one batch
	// (PubUserStore.SiteIdentities): Site.name and author read both,
	// Post.owner the user, so a request reads a list's owners in one
	// statement, not two.
	identities *dataloadgen.Loader[stgypub.ID, identity]
	// primed are the users whose identity a prefetch already read or
	// found missing (prefetch.go), so a later one does not read them
	// again.
	primedMu sync.Mutex
	primed   map[stgypub.ID]bool
	// covered are the loads a prefetch primed for each post (guarded by
	// primedMu), which decide whether a list is marshaled in order
	// (lists.go); inOrder and concurrent count those decisions.
	covered             map[*stgypub.Post]coverage
	inOrder, concurrent atomic.Int32
}

// coverage is what a prefetch primed for one post: its view count, its
// prev/next, and whether those neighbours have titles of their own.
type coverage struct {
	viewCount, adjacent, neighborsTitled bool
}

// cover records that a prefetch primed cov[i] for posts[i].
func (l *Loaders) cover(posts []*stgypub.Post, cov []coverage) {
	l.primedMu.Lock()
	defer l.primedMu.Unlock()
	if l.covered == nil {
		l.covered = make(map[*stgypub.Post]coverage, len(posts))
	}
	for i, p := range posts {
		c := l.covered[p]
		c.viewCount = c.viewCount || cov[i].viewCount
		if cov[i].adjacent {
			c.adjacent, c.neighborsTitled = true, cov[i].neighborsTitled
		}
		l.covered[p] = c
	}
}

// covers reports whether every load that n makes for p is primed, so
// that resolving p's selection waits for no batch window; the caller
// holds primedMu.
func (l *Loaders) covers(p *stgypub.Post, n postLoads) bool {
	c, owner := l.covered[p], l.primed[p.OwnedBy]
	switch {
	case n.viewCount && !c.viewCount, n.adjacent && !c.adjacent, n.identity && !owner:
		return false
	case n.title && !owner && untitled(p), n.neighborTitle && !owner && !c.neighborsTitled:
		return false
	}
	return true
}

// Lists returns how many lists of objects this request's response
// marshaled in order on one goroutine and how many concurrently, one
// goroutine per item (lists.go).
func (l *Loaders) Lists() (inOrder, concurrent int) {
	return int(l.inOrder.Load()), int(l.concurrent.Load())
}

type viewKey struct{ owner, post stgypub.ID }

// identity is one user with their settings (SiteIdentities).
type identity struct {
	user   *stgypub.User
	config *stgypub.PubConfig
}

// loaderWait is how long a loader gathers keys before fetching. gqlgen
// resolves a list's items concurrently, so their loads arrive within
// microseconds; dataloadgen's 16ms default would add its full wait to
// every nesting level of a request.
const loaderWait = time.Millisecond

// NewLoaders returns fresh per-request loaders over r's stores.
func (r *Resolver) NewLoaders() *Loaders {
	return &Loaders{
		identities: dataloadgen.NewMappedLoader(func(ctx context.Context, ids []stgypub.ID) (map[stgypub.ID]identity, error) {
			us, cs, err := r.Configs.SiteIdentities(ctx, ids)
			m := make(map[stgypub.ID]identity, len(us))
			for i, u := range us {
				m[u.ID] = identity{u, cs[i]}
			}
			return m, err
		}, dataloadgen.WithWait(loaderWait)),
		viewCounts: dataloadgen.NewLoader(r.fetchViewCounts, dataloadgen.WithWait(loaderWait)),
		titles: dataloadgen.NewMappedLoader(func(ctx context.Context, ids []stgypub.ID) (map[stgypub.ID]string, error) {
			if r.Titles == nil {
				return map[stgypub.ID]string{}, nil
			}
			return r.Titles.PostTitles(ctx, ids)
		}, dataloadgen.WithWait(loaderWait)),
		adjacent: dataloadgen.NewLoader(func(ctx context.Context, ps []*stgypub.Post) ([][2]*stgypub.Post, []error) {
			out, err := r.Posts.AdjacentPublishedMany(ctx, ps)
			errs := make([]error, len(ps))
			if err != nil {
				for i := range errs {
					errs[i] = err
				}
				out = make([][2]*stgypub.Post, len(ps))
			}
			return out, errs
		}, dataloadgen.WithWait(loaderWait)),
	}
}

// fetchViewCounts calls Counter.ViewCounts once per owner among keys.
func (r *Resolver) fetchViewCounts(ctx context.Context, keys []viewKey) ([]int64, []error) {
	byOwner := map[stgypub.ID][]stgypub.ID{}
	for _, k := range keys {
		byOwner[k.owner] = append(byOwner[k.owner], k.post)
	}
	counts := map[viewKey]int64{}
	failed := map[stgypub.ID]error{}
	for o, posts := range byOwner {
		m, err := r.Counter.ViewCounts(ctx, o, posts)
		if err != nil {
			failed[o] = degrade("view counts", err)
			continue
		}
		for id, n := range m {
			counts[viewKey{o, id}] = n
		}
	}
	out := make([]int64, len(keys))
	errs := make([]error, len(keys))
	for i, k := range keys {
		out[i], errs[i] = counts[k], failed[k.owner]
	}
	return out, errs
}

type loadersKey struct{}

// WithLoaders returns ctx carrying l.
func WithLoaders(ctx context.Context, l *Loaders) context.Context {
	return context.WithValue(ctx, loadersKey{}, l)
}

// loaders returns ctx's loaders, or fresh ones when the caller did not go
// through WithLoaders (tests, direct execution).
func (r *Resolver) loaders(ctx context.Context) *Loaders {
	if l, ok := ctx.Value(loadersKey{}).(*Loaders); ok {
		return l
	}
	return r.NewLoaders()
}

// user loads one user through the loader; nil, nil when it does not exist.
func (r *Resolver) user(ctx context.Context, id stgypub.ID) (*stgypub.User, error) {
	idt, err := r.loaders(ctx).identities.Load(ctx, id)
	if errors.Is(err, dataloadgen.ErrNotFound) {
		return nil, nil
	}
	return idt.user, err // idt.user is nil for a user a prefetch found missing
}

// config loads one user's settings; NOT_FOUND for an unknown user.
func (r *Resolver) config(ctx context.Context, id stgypub.ID) (*stgypub.PubConfig, error) {
	idt, err := r.loaders(ctx).identities.Load(ctx, id)
	if errors.Is(err, dataloadgen.ErrNotFound) || (err == nil && idt.user == nil) {
		return nil, stgypub.Errorf(stgypub.CodeNotFound, "user not found")
	}
	return idt.config, err
}

// title loads one post's title for Stats; "" for a deleted post.
func (r *Resolver) title(ctx context.Context, id stgypub.ID) (string, error) {
	t, err := r.loaders(ctx).titles.Load(ctx, id)
	if errors.Is(err, dataloadgen.ErrNotFound) {
		return "", nil
	}
	return t, err
}

// displayTitle is stgypub.Post.DisplayTitle in the site's time zone: only
// an untitled post loads the owner's settings for it (batched).
func (r *Resolver) displayTitle(ctx context.Context, p *stgypub.Post) (string, error) {
	if t := r.texts(p).Summary.Title; t != "" { // decoded once per snippet
		return t, nil
	}
	c, err := r.config(ctx, p.OwnedBy)
	if err != nil {
		return "", err
	}
	return p.DisplayTitle(c.Location()), nil
}
