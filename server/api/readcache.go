package api

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/pagecache"
)

// ReadCache is the API's read-through cache of published data (issue
// 18): a published post, a site's post lists and count, prev/next and
// users with their settings are read from PostgreSQL once and kept in a
// pagecache.Memo under the page cache's owner epochs, so a write
// announced for the owner (on any server) drops them as it drops the
// pages, and an uncached query of a warm site runs no statement for
// them. Values that change without a write are bounded: lists, counts,
// neighbours and settings (whose language is the newest post's) end at
// the next scheduled publication of any site; a missing post or user is
// never kept (a publication or a new account is no write of its owner's
// site that an entry could have recorded). Other reads go straight to
// the store.
type ReadCache struct {
	stgypub.PubPostStore
	stgypub.PubUserStore
	memo *pagecache.Memo
}

// NewReadCache returns a ReadCache over the published-post and user
// reads of one store (store.Store's Posts and Users) whose values live under c's epochs.
func NewReadCache(posts stgypub.PubPostStore, users stgypub.PubUserStore, c *pagecache.Cache) (*ReadCache, error) {
	m, err := pagecache.NewMemo(c, 0)
	if err != nil {
		return nil, err
	}
	return &ReadCache{PubPostStore: posts, PubUserStore: users, memo: m}, nil
}

// withReadCache puts a ReadCache in front of deps.Resolver's Posts and
// Configs when both are set (the parts of one store, store.Store.Posts
// and store.Store.Users: the writes its epochs follow are that store's)
// and responses are cached (Deps.Responses gives the epochs).
func withReadCache(deps Deps) {
	r := deps.Resolver
	if deps.Responses == nil || r == nil || r.Posts == nil || r.Configs == nil {
		return
	}
	rc, err := NewReadCache(r.Posts, r.Configs, deps.Responses)
	if err != nil {
		return // otter refuses only invalid options
	}
	r.Posts, r.Configs = rc, rc
}

// load is Memo.Load typed.
func load[T any](ctx context.Context, rc *ReadCache, key string, build pagecache.MemoBuild) (T, error) {
	v, err := rc.memo.Load(ctx, key, build)
	if err != nil {
		var zero T
		return zero, err
	}
	return v.(T), nil
}

// nextPublication is the store's NextPublication, itself kept until any
// announcement (scheduling a post is a write of its owner) or until it
// passes.
func (rc *ReadCache) nextPublication(ctx context.Context) (time.Time, error) {
	return load[time.Time](ctx, rc, "next", func(ctx context.Context) (pagecache.MemoValue, error) {
		t, err := rc.PubPostStore.NextPublication(ctx)
		return pagecache.MemoValue{V: t, Until: t, Keep: true}, err
	})
}

// PublishedPost is the store's, kept for the post's owner.
func (rc *ReadCache) PublishedPost(ctx context.Context, id stgypub.ID) (*stgypub.Post, error) {
	return load[*stgypub.Post](ctx, rc, "post:"+id.String(), func(ctx context.Context) (pagecache.MemoValue, error) {
		p, err := rc.PubPostStore.PublishedPost(ctx, id)
		if err != nil {
			return pagecache.MemoValue{}, err
		}
		return pagecache.MemoValue{V: p, Owners: []stgypub.ID{p.OwnedBy}, Keep: true, Bytes: postBytes(p)}, nil
	})
}

// PublishedByIDs is the store's, kept for the posts' owners when every
// ID was found once (a missing one could be published, or fall due,
// with no write that the entry could have recorded).
func (rc *ReadCache) PublishedByIDs(ctx context.Context, ids []stgypub.ID) ([]*stgypub.Post, error) {
	var key strings.Builder
	key.WriteString("ids")
	for _, id := range ids {
		key.WriteString(":" + id.String())
	}
	return load[[]*stgypub.Post](ctx, rc, key.String(), func(ctx context.Context) (pagecache.MemoValue, error) {
		ps, err := rc.PubPostStore.PublishedByIDs(ctx, ids)
		if err != nil {
			return pagecache.MemoValue{}, err
		}
		var owners []stgypub.ID
		for _, p := range ps {
			if !containsID(owners, p.OwnedBy) {
				owners = append(owners, p.OwnedBy)
			}
		}
		return pagecache.MemoValue{V: ps, Owners: owners, Keep: len(ps) == len(ids) && len(owners) > 0, Bytes: postsBytes(ps)}, nil
	})
}

// ownerRead is a read of owners' data that the next scheduled
// publication may change.
// read returns the value, whether it may be kept and about how many
// bytes it holds.
func ownerRead[T any](ctx context.Context, rc *ReadCache, key string, owners []stgypub.ID, read func(ctx context.Context) (T, bool, int, error)) (T, error) {
	return load[T](ctx, rc, key, func(ctx context.Context) (pagecache.MemoValue, error) {
		next, err := rc.nextPublication(ctx)
		if err != nil {
			return pagecache.MemoValue{}, err
		}
		v, keep, n, err := read(ctx)
		return pagecache.MemoValue{V: v, Owners: owners, Until: next, Keep: keep, Bytes: n}, err
	})
}

// PublishedByUser is the store's, kept for the user.
func (rc *ReadCache) PublishedByUser(ctx context.Context, userID stgypub.ID, q stgypub.PostQuery) ([]*stgypub.Post, error) {
	return ownerRead(ctx, rc, "list:"+userID.String()+":"+queryKey(q), []stgypub.ID{userID}, func(ctx context.Context) ([]*stgypub.Post, bool, int, error) {
		ps, err := rc.PubPostStore.PublishedByUser(ctx, userID, q)
		return ps, true, postsBytes(ps), err
	})
}

// CountPublishedByUser is the store's, kept for the user.
func (rc *ReadCache) CountPublishedByUser(ctx context.Context, userID stgypub.ID) (int, error) {
	return ownerRead(ctx, rc, "count:"+userID.String(), []stgypub.ID{userID}, func(ctx context.Context) (int, bool, int, error) {
		n, err := rc.PubPostStore.CountPublishedByUser(ctx, userID)
		return n, true, 0, err
	})
}

// AdjacentPublishedMany is the store's, kept for the posts' owners.
func (rc *ReadCache) AdjacentPublishedMany(ctx context.Context, ps []*stgypub.Post) ([][2]*stgypub.Post, error) {
	var key strings.Builder
	key.WriteString("adjacent")
	owners := make([]stgypub.ID, 0, 1)
	for _, p := range ps {
		key.WriteString(":" + p.ID.String() + "/" + strconv.FormatInt(p.PublishedAt.UnixNano(), 36))
		if !containsID(owners, p.OwnedBy) {
			owners = append(owners, p.OwnedBy)
		}
	}
	return ownerRead(ctx, rc, key.String(), owners, func(ctx context.Context) ([][2]*stgypub.Post, bool, int, error) {
		out, err := rc.PubPostStore.AdjacentPublishedMany(ctx, ps)
		n := 0
		for _, a := range out {
			n += postBytes(a[0]) + postBytes(a[1])
		}
		return out, true, n, err
	})
}

// SiteIdentities is the store's, kept for the users when all of them
// exist.
func (rc *ReadCache) SiteIdentities(ctx context.Context, ids []stgypub.ID) ([]*stgypub.User, []*stgypub.PubConfig, error) {
	type identities struct {
		users   []*stgypub.User
		configs []*stgypub.PubConfig
	}
	var key strings.Builder
	key.WriteString("identities")
	for _, id := range ids {
		key.WriteString(":" + id.String())
	}
	v, err := ownerRead(ctx, rc, key.String(), ids, func(ctx context.Context) (identities, bool, int, error) {
		us, cs, err := rc.PubUserStore.SiteIdentities(ctx, ids)
		n := 0
		for i, u := range us {
			n += len(u.Nickname) + len(u.Introduction) + len(cs[i].Introduction) + len(cs[i].Extensions.String()) + 512
		}
		return identities{us, cs}, len(us) == len(ids), n, err
	})
	return v.users, v.configs, err
}

// postBytes is about how much memory p's text holds (nil: 0).
func postBytes(p *stgypub.Post) int {
	if p == nil {
		return 0
	}
	return len(p.Content) + len(p.PlainText) + len(p.Snippet) + 512
}

func postsBytes(ps []*stgypub.Post) int {
	n := 0
	for _, p := range ps {
		n += postBytes(p)
	}
	return n
}

// queryKey is q as part of a cache key.
func queryKey(q stgypub.PostQuery) string {
	k := string(q.Order) + ":" + strconv.Itoa(q.Offset) + ":" + strconv.Itoa(q.Limit) + ":" + strconv.Quote(q.Tag)
	if q.After != nil {
		k += ":" + strconv.FormatInt(q.After.PublishedAt.UnixNano(), 36) + "/" + q.After.ID.String()
	}
	return k
}

func containsID(ids []stgypub.ID, id stgypub.ID) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
