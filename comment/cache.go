package comment

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
)

// Public cache TTLs, chosen by the post's creation time (its ID), not its
// publication time (docs/SPEC.md "Public comment cache").
const (
	freshPostAge = 7 * 24 * time.Hour
	freshTTL     = 180 * time.Second
	staleTTL     = 60 * time.Second
	// genTTL keeps a post's invalidation counter long enough to outlive
	// any read that started before the invalidation.
	genTTL = 10 * time.Minute
)

// PublicTTL is the cache TTL of post's comment pages at now: 180 s for
// posts created within seven days, 60 s for older ones.
func PublicTTL(post *stgypub.Post, now time.Time) time.Duration {
	if now.Sub(post.CreatedAt()) <= freshPostAge {
		return freshTTL
	}
	return staleTTL
}

// PublicCache is the page-granularity read-through cache of the comment
// lists ordinary readers see: one Redis Hash per post,
// post-pub-comments:public:{POST}, with fields such as newest:1 and
// oldest:2 holding one page each (empty pages included). The Hash expires
// PublicTTL after its first page was stored; Invalidate deletes it
// whole. A page read before an invalidation is never stored after it: a
// per-post counter (post-pub-comments:gen:{POST}, same hash tag) is read
// with the page and checked by the script that stores it. Redis failures
// are logged and read through to PostgreSQL.
type PublicCache struct {
	rdb    redis.UniversalClient
	prefix string
	log    *slog.Logger
}

// NewPublicCache returns a cache whose keys start with prefix; nil rdb
// gives a cache that always reads through.
func NewPublicCache(rdb redis.UniversalClient, prefix string, log *slog.Logger) *PublicCache {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &PublicCache{rdb: rdb, prefix: prefix, log: log}
}

// Key is the post's Hash key.
func (c *PublicCache) Key(post stgypub.ID) string {
	return c.prefix + "post-pub-comments:public:{" + post.String() + "}"
}

func (c *PublicCache) genKey(post stgypub.ID) string {
	return c.prefix + "post-pub-comments:gen:{" + post.String() + "}"
}

// Field names a page in the Hash: "newest:1", "oldest:2".
func Field(order stgypub.Order, page int) string { return string(order) + ":" + strconv.Itoa(page) }

// storeScript stores page ARGV[1] = ARGV[2] in Hash KEYS[1] unless the
// post's counter KEYS[2] moved from ARGV[4] since the read, and starts
// the Hash's TTL (ARGV[3] ms) when it has none.
var storeScript = redis.NewScript(`
if (redis.call('GET', KEYS[2]) or '0') ~= ARGV[4] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 1
`)

// cachedPage is a page as stored in the Hash.
type cachedPage struct {
	Total int             `json:"t"`
	Items []cachedComment `json:"c"`
}

type cachedComment struct {
	ID       stgypub.ID `json:"i"`
	Nickname string     `json:"n"`
	Body     string     `json:"b"`
	IsAuthor bool       `json:"a,omitempty"`
}

// Page returns the published comments' page of post in order, from the
// Hash when present, else from load (stored for the next reader).
func (c *PublicCache) Page(ctx context.Context, post *stgypub.Post, order stgypub.Order, page int, now time.Time,
	load func() (*stgypub.CommentPage, error)) (*stgypub.CommentPage, error) {
	if c == nil || c.rdb == nil {
		return load()
	}
	key, field := c.Key(post.ID), Field(order, page)
	var hit *redis.StringCmd
	var gen *redis.StringCmd
	_, err := c.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		hit = p.HGet(ctx, key, field)
		gen = p.Get(ctx, c.genKey(post.ID))
		return nil
	})
	if err != nil && !errors.Is(err, redis.Nil) {
		c.log.WarnContext(ctx, "comment cache unavailable; reading PostgreSQL", "post", post.ID.String(), "err", err)
		return load()
	}
	if b, err := hit.Bytes(); err == nil {
		var cp cachedPage
		if json.Unmarshal(b, &cp) == nil {
			return cp.toDomain(post.ID), nil
		}
	}
	seen := "0"
	if g, err := gen.Result(); err == nil {
		seen = g
	}
	out, err := load()
	if err != nil {
		return nil, err
	}
	b, _ := json.Marshal(toCached(out))
	err = storeScript.Run(ctx, c.rdb, []string{key, c.genKey(post.ID)}, field, b,
		PublicTTL(post, now).Milliseconds(), seen).Err()
	if err != nil {
		c.log.WarnContext(ctx, "comment cache store failed", "post", post.ID.String(), "err", err)
	}
	return out, nil
}

// Invalidate deletes the post's whole Hash (every order and page) and
// moves its counter, so reads in flight do not store stale pages. A Redis
// failure is logged and returned; callers do not fail their mutation.
func (c *PublicCache) Invalidate(ctx context.Context, post stgypub.ID) error {
	if c == nil || c.rdb == nil {
		return nil
	}
	_, err := c.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Del(ctx, c.Key(post))
		p.Incr(ctx, c.genKey(post))
		p.Expire(ctx, c.genKey(post), genTTL)
		return nil
	})
	if err != nil {
		c.log.WarnContext(ctx, "comment cache invalidation failed", "post", post.String(), "err", err)
		return fmt.Errorf("comment: invalidate cache of %s: %w", post, err)
	}
	return nil
}

func toCached(p *stgypub.CommentPage) cachedPage {
	cp := cachedPage{Total: p.TotalCount, Items: make([]cachedComment, len(p.Items))}
	for i, c := range p.Items {
		cp.Items[i] = cachedComment{ID: c.ID, Nickname: c.Nickname, Body: c.Body, IsAuthor: c.IsAuthor}
	}
	return cp
}

func (cp *cachedPage) toDomain(post stgypub.ID) *stgypub.CommentPage {
	out := &stgypub.CommentPage{TotalCount: cp.Total, Items: make([]*stgypub.Comment, len(cp.Items))}
	for i, c := range cp.Items {
		out.Items[i] = &stgypub.Comment{ID: c.ID, PostID: post, Nickname: c.Nickname, Body: c.Body,
			Status: stgypub.CommentPublished, IsAuthor: c.IsAuthor}
	}
	return out
}
