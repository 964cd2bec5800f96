package comment_test

import (
	"context"
	"net/netip"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/captcha"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/internal/apptest"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/internal/testclock"
	"github.com/stgy/stgypub/store"
)

// env is one test's world: a database, a Redis prefix, the services, an
// owner, an administrator, a logged-in reader and a published post.
type env struct {
	t       testing.TB
	st      *store.Store
	rdb     redis.UniversalClient
	prefix  string
	clk     *testclock.Clock
	gate    *captcha.Service
	cache   *comment.PublicCache
	svc     *comment.Service
	owner   *stgypub.User
	admin   *stgypub.User
	reader  *stgypub.User
	post    stgypub.ID
	nextIP  int
	ipMutex sync.Mutex
}

func newEnv(t *testing.T, mode string) *env { t.Helper(); return newEnvTB(t, mode) }

func newEnvTB(t testing.TB, mode string) *env {
	t.Helper()
	a := apptest.New(t, time.Now().UTC().Truncate(time.Millisecond))
	c := a.Comments(captcha.Config{}, comment.Config{})
	e := &env{t: t, st: a.Store, rdb: a.Redis, prefix: a.Prefix, clk: a.Clock, gate: c.Gate, cache: c.Cache, svc: c.Service}
	e.owner = e.user("owner", false)
	e.admin = e.user("admin", true)
	e.reader = e.user("reader", false)
	e.post = e.newPost(e.owner.ID, 0, true)
	e.setMode(e.owner.ID, mode)
	return e
}

func (e *env) user(login string, admin bool) *stgypub.User {
	e.t.Helper()
	u := &stgypub.User{LoginName: login, Nickname: login, IsAdmin: admin}
	if err := e.st.Users.CreateUser(context.Background(), u); err != nil {
		e.t.Fatal(err)
	}
	return u
}

// importID is an ID an import accepts: dated a day before the clock,
// with sequence n.
func (e *env) importID(n int) stgypub.ID {
	return stgypub.IDFromTime(e.clk.Now().Add(-24*time.Hour), int64(n))
}

// newPost creates a post published an hour ago (id 0 mints one).
func (e *env) newPost(owner, id stgypub.ID, replies bool) stgypub.ID {
	e.t.Helper()
	pub := e.clk.Now().Add(-time.Hour)
	p := &stgypub.Post{ID: id, OwnedBy: owner, PublishedAt: &pub, Snippet: `{"title":"t"}`, Content: "x", AllowReplies: replies}
	if err := e.st.Posts.CreatePost(context.Background(), p); err != nil {
		e.t.Fatal(err)
	}
	return p.ID
}

func (e *env) setMode(owner stgypub.ID, mode string) {
	e.t.Helper()
	ctx := context.Background()
	cfg, err := e.st.Users.PubConfig(ctx, owner)
	if err != nil {
		e.t.Fatal(err)
	}
	if cfg.Extensions, err = stgypub.ParseExtensions(`{"comments":{"mode":"` + mode + `"}}`); err != nil {
		e.t.Fatal(err)
	}
	if err := e.st.Users.UpdatePubConfig(ctx, cfg); err != nil {
		e.t.Fatal(err)
	}
}

// ip hands out a fresh documentation address.
func (e *env) ip() netip.Addr {
	e.ipMutex.Lock()
	defer e.ipMutex.Unlock()
	e.nextIP++
	return netip.AddrFrom4([4]byte{198, 51, byte(e.nextIP >> 8), byte(e.nextIP)})
}

// client is the request context of a comment on post from ip with pass.
func (e *env) client(post stgypub.ID, ip netip.Addr, pass string) context.Context {
	return stgypub.WithCommentClient(context.Background(), stgypub.CommentClient{
		IP: ip, QueryHash: captcha.QueryHash(e.clk.Now(), post), MinuteHash: captcha.MinuteHash(e.clk.Now()), PassToken: pass,
	})
}

// pass solves a challenge from ip and returns the pass token.
func (e *env) pass(ip netip.Addr) string {
	e.t.Helper()
	ctx := context.Background()
	c := stgypub.CommentClient{IP: ip, MinuteHash: captcha.MinuteHash(e.clk.Now())}
	ch, err := e.gate.CreateChallenge(ctx, c)
	if err != nil {
		e.t.Fatal(err)
	}
	token, err := e.gate.Verify(ctx, c, ch.ID, e.answer(ch.ID))
	if err != nil {
		e.t.Fatal(err)
	}
	return token
}

// answer reads a challenge's answer from Redis, as the browser test does.
func (e *env) answer(id string) string {
	e.t.Helper()
	a, err := e.rdb.HGet(context.Background(), e.prefix+"stgy:captcha:challenge:{"+id+"}", "answer").Result()
	if err != nil {
		e.t.Fatalf("answer of %s: %v", id, err)
	}
	return a
}

// readerPost posts as an anonymous reader with a fresh pass and address.
func (e *env) readerPost(post stgypub.ID, nick string) (*comment.PostResult, error) {
	ip := e.ip()
	return e.svc.Post(e.client(post, ip, e.pass(ip)), nil, comment.PostInput{PostID: post, Nickname: nick, Body: nick + " was here"})
}

func (e *env) mustReaderPost(post stgypub.ID, nick string) *stgypub.Comment {
	e.t.Helper()
	r, err := e.readerPost(post, nick)
	if err != nil {
		e.t.Fatalf("reader post %s: %v", nick, err)
	}
	return r.Comment.Comment
}

func (e *env) as(viewer *stgypub.User, post stgypub.ID, nick string, asOwner *bool) (*comment.PostResult, error) {
	return e.svc.Post(e.client(post, e.ip(), ""), viewer, comment.PostInput{PostID: post, Nickname: nick, Body: "by " + nick, AsOwner: asOwner})
}

func code(err error) string { return stgypub.ErrorCode(err) }

func ptr[T any](v T) *T { return &v }

// ownRedis starts a private redis-server and returns a client to it that
// gives up quickly, and a function that stops the server.
func ownRedis(t *testing.T) (redis.UniversalClient, func()) {
	t.Helper()
	srv := redistest.Start(t)
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr, MaxRetries: -1, DialerRetries: 1,
		DialTimeout: 200 * time.Millisecond, ReadTimeout: 200 * time.Millisecond})
	t.Cleanup(func() { rdb.Close() })
	return rdb, srv.Stop
}

func (e *env) queryHash(post stgypub.ID) string { return captcha.QueryHash(e.clk.Now(), post) }
