package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/archive"
	"github.com/stgy/stgypub/article"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/graph"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/owner"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/server"
	"github.com/stgy/stgypub/server/api"
	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/store/storetest"
)

// cluster is app servers as cmd/stgy-pub wires them, sharing one database
// and one Redis key prefix: each node has its own page cache, Versions
// (listening for announcements), counter and GraphQL API, as separate
// processes would. The store (shared: one database) announces through
// node 0's Versions, as the process that wrote would.
type cluster struct {
	t      testing.TB
	st     *store.Store
	rdb    redis.UniversalClient
	prefix string
	mu     sync.Mutex
	now    time.Time
	nodes  []*node
	token  string // owner's session
	owner  stgypub.ID
	// pageBytes bounds each node's page cache (0: the default); set by
	// newClusterBytes before the nodes start.
	pageBytes int64
}

// testArchiveMax is the nodes' STGY_ARCHIVE_MAX_BYTES: 1 MiB, so a test
// can send more without allocating hundreds of megabytes.
const testArchiveMax = 1 << 20

type node struct {
	pages    *pagecache.Cache
	versions *pagecache.Versions
	counter  *counter.Counter
	srv      *server.Server
}

// newCluster starts n nodes on a fresh database and key prefix (rdb and
// prefix from redistest unless given) and an owner "alice" with a
// session, and waits until every node's cache is trusted.
func newCluster(t testing.TB, n int, rdb redis.UniversalClient, prefix string) *cluster {
	t.Helper()
	return newClusterBytes(t, n, rdb, prefix, 0)
}

// newClusterBytes is newCluster with each node's page cache bounded to
// pageBytes (0: the default).
func newClusterBytes(t testing.TB, n int, rdb redis.UniversalClient, prefix string, pageBytes int64) *cluster {
	t.Helper()
	if rdb == nil {
		r := redistest.New(t)
		rdb, prefix = r.Client, r.Prefix
	}
	c := &cluster{t: t, st: storetest.New(t), rdb: rdb, prefix: prefix, now: baseTime, pageBytes: pageBytes}
	c.st.Now = c.clock
	for range n {
		c.nodes = append(c.nodes, c.newNode())
	}
	c.st.Changes = c.nodes[0].versions
	ctx := context.Background()
	u, err := auth.CreateUser(ctx, c.st, "alice", "Alice", "correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	c.owner = u.ID
	sess, err := auth.New(c.st, c.st, auth.Config{}).Login(ctx, "alice", "correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	c.token = sess.Token
	c.waitTrusted()
	return c
}

func (c *cluster) clock() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

// advance moves every clock (store, caches, servers) by d.
func (c *cluster) advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

func (c *cluster) newNode() *node {
	t := c.t
	nd := &node{versions: pagecache.NewVersions(c.rdb, c.prefix, nil)}
	var err error
	if nd.pages, err = pagecache.New(pagecache.Config{Now: c.clock, MaxBytes: c.pageBytes}); err != nil {
		t.Fatal(err)
	}
	nd.counter = counter.New(c.rdb, c.st, counter.Config{Prefix: c.prefix, MemoTTL: counter.DefaultMemoTTL}) // as serve wires it
	authSvc := auth.New(c.st, c.st, auth.Config{})
	apiHandler := api.New(api.Config{BaseURL: baseURL, RedisPrefix: c.prefix}, api.Deps{
		Resolver: &graph.Resolver{
			Posts: c.st, Users: c.st, Configs: c.st, Counter: nd.counter,
			Owner: owner.New(c.st, c.st, c.st, c.clock), Auth: authSvc, ViewSecret: []byte("test-secret"), Titles: c.st,
			Comments: comment.New(c.st, nil, comment.NewPublicCache(c.rdb, c.prefix, nil), comment.Config{Now: c.clock}),
			Articles: article.New(c.st, article.Config{}), // as cmd/stgy-pub wires it
		},
		Auth: authSvc, Redis: c.rdb, Responses: nd.pages, Versions: nd.versions,
	})
	base, _ := url.Parse(baseURL)
	// Loopback is a trusted proxy, so load tests can rotate client
	// addresses with X-Forwarded-For.
	loopback := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	nd.srv, err = server.New(server.Config{BaseURL: base, ViewSecret: []byte("test-secret"), Now: c.clock, TrustedProxies: loopback}, server.Deps{
		Posts: c.st, Users: c.st, Configs: c.st,
		Views: nd.counter, Ranker: nd.counter, Counts: nd.counter,
		API: apiHandler, Pages: nd.pages, Versions: nd.versions,
		StatsExport:   &server.StatsExport{Auth: authSvc, Stats: nd.counter, Titles: c.st},
		ArchiveExport: &server.ArchiveExport{Auth: authSvc, Site: archive.Stores{Users: c.st, Accounts: c.st, Posts: c.st, Comments: c.st, Checkpoints: c.st, Counts: nd.counter}},
		ArchiveRestore: &server.ArchiveRestore{Auth: authSvc, Importer: archive.Importer{
			MaxBytes: testArchiveMax, Restore: c.st.RestoreSite,
			RaiseViews: func(ctx context.Context, owner stgypub.ID, views []stgypub.Checkpoint) (archive.CountersRaised, error) {
				res, skipped, err := nd.counter.RestoreViews(ctx, owner, views)
				return archive.CountersRaised{Raised: res.Raised, Unchanged: res.Unchanged, Skipped: skipped}, err
			},
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); nd.versions.Listen(ctx, nd.pages) }()
	// Registered after the Redis client's cleanup, so it runs first.
	t.Cleanup(func() { cancel(); <-done; nd.counter.Wait() })
	return nd
}

// waitTrusted waits (real time, at most 5 s) until every node has
// subscribed.
func (c *cluster) waitTrusted() {
	c.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for _, nd := range c.nodes {
		for !nd.pages.Trusted() {
			if time.Now().After(deadline) {
				c.t.Fatal("page cache never subscribed to the announcements")
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// get requests path from node i as a browser at client address ip.
func (c *cluster) get(i int, path string, hdr ...string) *httptest.ResponseRecorder {
	c.t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.RemoteAddr = "203.0.113.7:5555"
	req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0")
	for j := 0; j+1 < len(hdr); j += 2 {
		req.Header.Set(hdr[j], hdr[j+1])
	}
	rec := httptest.NewRecorder()
	c.nodes[i].srv.ServeHTTP(rec, req)
	return rec
}

// graphql runs a mutation as the owner through node i's API and fails the
// test on any error.
func (c *cluster) graphql(i int, query string, vars map[string]any) map[string]json.RawMessage {
	c.t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", baseURL)
	req.AddCookie(&http.Cookie{Name: auth.CookieName, Value: c.token})
	rec := httptest.NewRecorder()
	c.nodes[i].srv.ServeHTTP(rec, req)
	var out struct {
		Data   map[string]json.RawMessage `json:"data"`
		Errors []any                      `json:"errors"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || len(out.Errors) > 0 || rec.Code != 200 {
		c.t.Fatalf("graphql %s: status %d, %s", query, rec.Code, rec.Body.String())
	}
	return out.Data
}

// createPost creates a post through node 0's API and publishes it at pub
// (nil: a draft); it returns the post's ID.
func (c *cluster) createPost(md string, pub *time.Time) stgypub.ID {
	c.t.Helper()
	data := c.graphql(0, `mutation($in: PostInput!) { createPost(input: $in) { id } }`,
		map[string]any{"in": map[string]any{"content": md, "locale": "en"}})
	var p struct{ ID stgypub.ID }
	if err := json.Unmarshal(data["createPost"], &p); err != nil {
		c.t.Fatal(err)
	}
	if pub != nil {
		c.graphql(0, `mutation($id: ID!, $at: Time) { setPostPublication(id: $id, publishedAt: $at) { id } }`,
			map[string]any{"id": p.ID.String(), "at": pub.Format(time.RFC3339Nano)})
	}
	return p.ID
}
