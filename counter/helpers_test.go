package counter

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/store/storetest"
)

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

// countingStore counts calls to the real store's checkpoints part; it executes nothing itself.
type countingStore struct {
	*store.Checkpoints
	mu        sync.Mutex
	calls     map[string]int
	failClean int // fail this many DeleteCheckpointsBefore calls first
}

func (s *countingStore) count(name string) {
	s.mu.Lock()
	s.calls[name]++
	s.mu.Unlock()
}

func (s *countingStore) Calls() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int{}
	for k, v := range s.calls {
		out[k] = v
	}
	return out
}

func (s *countingStore) PostCheckpoints(ctx context.Context, id stgypub.ID, from, to time.Time) ([]stgypub.Checkpoint, error) {
	s.count("PostCheckpoints")
	return s.Checkpoints.PostCheckpoints(ctx, id, from, to)
}

func (s *countingStore) UpsertCheckpoints(ctx context.Context, cps []stgypub.Checkpoint) error {
	if len(cps) > 0 {
		s.count("UpsertCheckpoints")
	}
	return s.Checkpoints.UpsertCheckpoints(ctx, cps)
}

func (s *countingStore) OwnerCheckpoints(ctx context.Context, id stgypub.ID, from, to time.Time) ([]stgypub.Checkpoint, error) {
	s.count("OwnerCheckpoints")
	return s.Checkpoints.OwnerCheckpoints(ctx, id, from, to)
}

func (s *countingStore) EachOwnerCheckpoint(ctx context.Context, id stgypub.ID, from, to time.Time, f func(stgypub.ID, int, int64)) error {
	s.count("OwnerCheckpoints")
	return s.Checkpoints.EachOwnerCheckpoint(ctx, id, from, to, f)
}

func (s *countingStore) DeleteCheckpointsBefore(ctx context.Context, d time.Time) (int64, error) {
	s.count("DeleteCheckpointsBefore")
	s.mu.Lock()
	fail := s.failClean > 0
	if fail {
		s.failClean--
	}
	s.mu.Unlock()
	if fail {
		return 0, context.DeadlineExceeded
	}
	return s.Checkpoints.DeleteCheckpointsBefore(ctx, d)
}

func (s *countingStore) PostMetas(ctx context.Context, ids []stgypub.ID) ([]stgypub.PostMeta, error) {
	s.count("PostMetas")
	return s.Checkpoints.PostMetas(ctx, ids)
}

func (s *countingStore) SyncCheckpoints(ctx context.Context, id stgypub.ID, from, to time.Time, cps []stgypub.Checkpoint) ([]stgypub.Checkpoint, error) {
	s.count("SyncCheckpoints")
	return s.Checkpoints.SyncCheckpoints(ctx, id, from, to, cps)
}

// fixture is one test's Redis prefix, database, owner and posts.
type fixture struct {
	rdb   redis.UniversalClient
	st    *store.Store
	cs    *countingStore
	clk   *clock
	c     *Counter
	owner stgypub.ID
	posts []stgypub.ID
}

var testNow = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

func newFixture(t testing.TB, nposts int, cfg Config) *fixture {
	t.Helper()
	return newFixtureOn(t, redistest.Client(t, 0), nposts, cfg)
}

// newPrivateFixture is newFixture on a private redis-server of its own
// (redistest.Start), for tests that change a server's global state
// (SCRIPT FLUSH, restarts, freezes): never the shared Redis.
func newPrivateFixture(t testing.TB, nposts int, cfg Config) (*fixture, *redistest.Server) {
	t.Helper()
	srv := redistest.Start(t)
	return newFixtureOn(t, srv.Client, nposts, cfg), srv
}

func newFixtureOn(t testing.TB, rdb redis.UniversalClient, nposts int, cfg Config) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{rdb: rdb, st: storetest.New(t), clk: &clock{t: testNow}}
	f.cs = &countingStore{Checkpoints: f.st.Checkpoints, calls: map[string]int{}}
	u := &stgypub.User{LoginName: "owner", Nickname: "Owner"}
	if err := f.st.Users.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	f.owner = u.ID
	pub := testNow.Add(-48 * time.Hour)
	for range nposts {
		p := &stgypub.Post{OwnedBy: u.ID, PublishedAt: &pub, Snippet: `[{"T":"p","C":"from the database"}]`, Content: "x", PlainText: "x"}
		if err := f.st.Posts.CreatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
		f.posts = append(f.posts, p.ID)
	}
	cfg.Prefix = redistest.Prefix(t, f.rdb)
	if cfg.Now == nil {
		cfg.Now = f.clk.Now
	}
	f.c = New(f.rdb, f.cs, cfg)
	return f
}

func fp(i int) [4]byte { return [4]byte{byte(i >> 24), byte(i >> 16), byte(i >> 8), byte(i)} }

func (f *fixture) view(t testing.TB, post stgypub.ID, i int) int64 {
	t.Helper()
	n, err := f.c.RecordView(context.Background(), stgypub.View{PostID: post, OwnerID: f.owner, PublishedAt: testNow.Add(-48 * time.Hour), Fingerprint: fp(i)})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func (f *fixture) daily(t testing.TB, post stgypub.ID, day string) int64 {
	t.Helper()
	n, err := f.rdb.HGet(context.Background(), f.c.keys.dailyKey(f.owner, day), post.String()).Int64()
	if err != nil && err != redis.Nil {
		t.Fatal(err)
	}
	return n
}

func fps(i int) string { b := fp(i); return string(b[:]) }
