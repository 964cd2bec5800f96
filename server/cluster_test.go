package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/internal/apptest"
	"github.com/stgy/stgypub/internal/wiring"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/server"
	"github.com/stgy/stgypub/store"
)

// cluster is app servers as cmd/stgy-pub wires them (apptest's Wire:
// internal/wiring.New), sharing one database and one Redis key prefix:
// each node has its own page cache, Versions (listening for
// announcements), counter and GraphQL API, as separate processes would.
// The store (shared: one database) announces through node 0's Versions,
// as the process that wrote would.
type cluster struct {
	t      testing.TB
	app    *apptest.App
	st     *store.Store
	rdb    redis.UniversalClient
	prefix string
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
	a := apptest.New(t, baseTime)
	if rdb != nil {
		a.Redis, a.Prefix = rdb, prefix
	}
	c := &cluster{t: t, app: a, st: a.Store, rdb: a.Redis, prefix: a.Prefix, pageBytes: pageBytes}
	for range n {
		c.nodes = append(c.nodes, c.newNode())
	}
	c.st.Changes = c.nodes[0].versions
	ctx := context.Background()
	u, err := auth.CreateUser(ctx, c.st.Users, "alice", "Alice", "correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	c.owner = u.ID
	sess, err := auth.New(c.st.Users, c.st.Users, auth.Config{}).Login(ctx, "alice", "correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	c.token = sess.Token
	c.waitTrusted()
	return c
}

func (c *cluster) clock() time.Time { return c.app.Clock.Now() }

// advance moves every clock (store, caches, servers) by d.
func (c *cluster) advance(d time.Duration) { c.app.Clock.Add(d) }

// newNode wires one more app server on c's store and Redis prefix, as
// serve does with the nodes' settings: loopback is a trusted proxy (so
// load tests can rotate client addresses with X-Forwarded-For), the
// counter reuses answers for counter.DefaultMemoTTL, archives are
// bounded to testArchiveMax.
func (c *cluster) newNode() *node {
	loopback := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	w := c.app.Wire(c.t, baseURL, func(cfg *wiring.Config) {
		cfg.Pages.MaxBytes = c.pageBytes
		cfg.Counter.MemoTTL = counter.DefaultMemoTTL
		cfg.ArchiveMax = testArchiveMax
		cfg.Server.TrustedProxies = loopback
		cfg.API.TrustedProxies = loopback
	})
	apptest.Listen(c.t, w)
	return &node{pages: w.Pages, versions: w.Versions, counter: w.Counter, srv: w.Server}
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
