package server_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
)

// apiGet sends an anonymous GET of query with vars to node i's API.
func (c *cluster) apiGet(i int, query string, vars map[string]any, hdr ...string) *httptest.ResponseRecorder {
	c.t.Helper()
	v := url.Values{"query": {query}}
	if vars != nil {
		b, _ := json.Marshal(vars)
		v.Set("variables", string(b))
	}
	return c.apiDo(i, httptest.NewRequest(http.MethodGet, "/graphql?"+v.Encode(), nil), hdr...)
}

// apiPost sends a POST of body (a GraphQL request object) to node i's API.
func (c *cluster) apiPost(i int, body map[string]any, hdr ...string) *httptest.ResponseRecorder {
	c.t.Helper()
	b, _ := json.Marshal(body)
	req := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	return c.apiDo(i, req, hdr...)
}

func (c *cluster) apiDo(i int, req *http.Request, hdr ...string) *httptest.ResponseRecorder {
	req.RemoteAddr = "203.0.113.9:4000"
	for j := 0; j+1 < len(hdr); j += 2 {
		req.Header.Set(hdr[j], hdr[j+1])
	}
	rec := httptest.NewRecorder()
	c.nodes[i].srv.ServeHTTP(rec, req)
	return rec
}

// apiBuilds is node i's count of cache builds (pages and responses).
func (c *cluster) apiBuilds(i int) int64 { return c.nodes[i].pages.Stats().Builds }

// secondOwner creates "bob" with a published post and returns his ID, a
// bearer token and the post.
func (c *cluster) secondOwner(md string) (stgypub.ID, string, stgypub.ID) {
	c.t.Helper()
	ctx := context.Background()
	u, err := auth.CreateUser(ctx, c.st.Users, "bob", "Bob", "another horse battery")
	if err != nil {
		c.t.Fatal(err)
	}
	_, token, err := auth.New(c.st.Users, c.st.Users, auth.Config{}).CreateAPIToken(ctx, u.ID, "test")
	if err != nil {
		c.t.Fatal(err)
	}
	data := c.graphqlAs(token, `mutation($in: PostInput!) { createPost(input: $in) { id } }`,
		map[string]any{"in": map[string]any{"content": md, "locale": "en"}})
	var p struct{ ID stgypub.ID }
	_ = json.Unmarshal(data["createPost"], &p)
	c.graphqlAs(token, `mutation($id: ID!, $at: Time) { setPostPublication(id: $id, publishedAt: $at) { id } }`,
		map[string]any{"id": p.ID.String(), "at": at(-time.Hour).Format(time.RFC3339Nano)})
	return u.ID, token, p.ID
}

// graphqlAs runs a mutation with a bearer token through node 0.
func (c *cluster) graphqlAs(token, query string, vars map[string]any) map[string]json.RawMessage {
	c.t.Helper()
	rec := c.apiPost(0, map[string]any{"query": query, "variables": vars}, "Authorization", "Bearer "+token)
	var out struct {
		Data   map[string]json.RawMessage `json:"data"`
		Errors []any                      `json:"errors"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || len(out.Errors) > 0 || rec.Code != 200 {
		c.t.Fatalf("graphql %s: status %d, %s", query, rec.Code, rec.Body.String())
	}
	return out.Data
}

const articleQuery = `query Article($id: ID!) { publishedPost(id: $id) {
  title html publishedAt prev { id title } next { id title }
  site { name author config { siteName } recent(limit: 5, excludeId: $id) { id title } popular(limit: 5, excludeId: $id) { id title } } } }`

// TestAPIResponseCacheWriteOnOtherServer: an anonymous GET of the article
// query is answered from node 1's response cache (no new build, same
// ETag, 304 on If-None-Match), and the very next request after an edit
// made through node 0 shows it; as does a persisted-query POST and the
// comment list after a comment is published.
func TestAPIResponseCacheWriteOnOtherServer(t *testing.T) {
	c := newCluster(t, 2, nil, "")
	a := c.createPost("# Older\n\nFirst.", at(-2*time.Hour))
	b := c.createPost("# Newer title\n\n"+strings.Repeat("A paragraph long enough to be compressed. ", 30), at(-time.Hour))
	vars := map[string]any{"id": b.String()}
	first := c.apiGet(1, articleQuery, vars)
	if first.Code != 200 || !strings.Contains(first.Body.String(), `"title":"Newer title"`) || !strings.Contains(first.Body.String(), `"title":"Older"`) {
		t.Fatalf("first: %d %s", first.Code, first.Body.String())
	}
	if cc := first.Header().Get("Cache-Control"); !strings.HasPrefix(cc, "public") {
		t.Errorf("Cache-Control %q", cc)
	}
	builds := c.apiBuilds(1)
	// The same document laid out differently, variables in another form: one entry.
	again := c.apiGet(1, strings.ReplaceAll(articleQuery, "\n", " \n # comment\n"), vars)
	if c.apiBuilds(1) != builds || again.Body.String() != first.Body.String() || again.Header().Get("ETag") != first.Header().Get("ETag") {
		t.Fatalf("second request not from the cache (builds %d→%d)", builds, c.apiBuilds(1))
	}
	if nm := c.apiGet(1, articleQuery, vars, "If-None-Match", first.Header().Get("ETag")); nm.Code != http.StatusNotModified {
		t.Errorf("If-None-Match: %d", nm.Code)
	}
	if gz := c.apiGet(1, articleQuery, vars, "Accept-Encoding", "gzip"); gz.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("gzip variant: Content-Encoding %q", gz.Header().Get("Content-Encoding"))
	}
	c.graphql(0, `mutation($id: ID!, $in: PostInput!) { updatePost(id: $id, input: $in) { id } }`,
		map[string]any{"id": a.String(), "in": map[string]any{"content": "# Older, edited\n\nFirst."}})
	if got := c.apiGet(1, articleQuery, vars).Body.String(); !strings.Contains(got, `"title":"Older, edited"`) {
		t.Fatalf("after the edit on node 0, node 1 answers %s", got)
	}

	// A persisted query by hash over POST (registered once with its text).
	q := `query($id: ID!) { publishedPost(id: $id) { title } }`
	sum := sha256.Sum256([]byte(q))
	ext := map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hex.EncodeToString(sum[:])}}
	c.apiPost(1, map[string]any{"query": q, "variables": vars, "extensions": ext})
	byHash := map[string]any{"variables": vars, "extensions": ext}
	if r := c.apiPost(1, byHash); !strings.Contains(r.Body.String(), `"Newer title"`) {
		t.Fatalf("by hash: %s", r.Body.String())
	}
	builds = c.apiBuilds(1)
	if r := c.apiPost(1, byHash); c.apiBuilds(1) != builds || r.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("persisted POST: builds %d→%d, Cache-Control %q", builds, c.apiBuilds(1), r.Header().Get("Cache-Control"))
	}
	c.graphql(0, `mutation($id: ID!, $in: PostInput!) { updatePost(id: $id, input: $in) { id } }`,
		map[string]any{"id": b.String(), "in": map[string]any{"content": "# Newer, edited\n\nSecond."}})
	if r := c.apiPost(1, byHash); !strings.Contains(r.Body.String(), `"Newer, edited"`) {
		t.Errorf("persisted POST after the edit: %s", r.Body.String())
	}
}

// TestAPIResponseCacheMixedOwners: a response reading two owners' sites
// is dropped when either of them writes, on another server.
func TestAPIResponseCacheMixedOwners(t *testing.T) {
	c := newCluster(t, 2, nil, "")
	c.createPost("# Alice one\n\nA.", at(-time.Hour))
	bob, bobToken, bobPost := c.secondOwner("# Bob one\n\nB.")
	q := `query($a: ID!, $b: ID!) { a: site(userId: $a) { name posts { nodes { title } } } b: site(userId: $b) { name posts { nodes { title } } } }`
	vars := map[string]any{"a": c.owner.String(), "b": bob.String()}
	get := func() string { return c.apiGet(1, q, vars).Body.String() }
	if got := get(); !strings.Contains(got, "Alice one") || !strings.Contains(got, "Bob one") {
		t.Fatalf("mixed: %s", got)
	}
	builds := c.apiBuilds(1)
	get()
	if c.apiBuilds(1) != builds {
		t.Fatal("mixed response not cached")
	}
	c.graphqlAs(bobToken, `mutation($id: ID!, $in: PostInput!) { updatePost(id: $id, input: $in) { id } }`,
		map[string]any{"id": bobPost.String(), "in": map[string]any{"content": "# Bob edited\n\nB."}})
	if got := get(); !strings.Contains(got, "Bob edited") {
		t.Fatalf("after the second owner's edit: %s", got)
	}
	get()
	c.graphql(0, `mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { siteName } }`,
		map[string]any{"u": c.owner.String(), "in": map[string]any{"siteName": "Alice renamed"}})
	if got := get(); !strings.Contains(got, "Alice renamed") {
		t.Fatalf("after the first owner's settings change: %s", got)
	}
}

// TestAPIResponseCacheNeverCredentialedOrMutation: a request with a
// bearer token or a cookie never reads or fills the response cache, nor
// does a mutation sent by persisted hash; a root object that was missing
// appears on the next request once published.
func TestAPIResponseCacheNeverCredentialedOrMutation(t *testing.T) {
	c := newCluster(t, 1, nil, "")
	p := c.createPost("# Public\n\nText.", at(-time.Hour))
	q := `query($u: ID!) { site(userId: $u) { name posts { nodes { id title } } } }`
	vars := map[string]any{"u": c.owner.String()}
	anon := c.apiGet(0, q, vars)
	if anon.Code != 200 {
		t.Fatal(anon.Body.String())
	}
	nd := c.nodes[0]
	for _, hdr := range [][]string{
		{"Authorization", "Bearer " + c.token},
		{"Cookie", auth.CookieName + "=" + c.token, "Sec-Fetch-Site", "same-origin"},
	} {
		before := nd.pages.Stats()
		r := c.apiGet(0, q, vars, hdr...)
		after := nd.pages.Stats()
		if after.Hits != before.Hits || after.Misses != before.Misses || r.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("%s: cache looked up (hits %d→%d, misses %d→%d), Cache-Control %q",
				hdr[0], before.Hits, after.Hits, before.Misses, after.Misses, r.Header().Get("Cache-Control"))
		}
	}
	// A mutation by hash (registered with its text first): each run counts.
	m := `mutation($t: String!) { recordPubViewToken(token: $t) { recorded } }`
	sum := sha256.Sum256([]byte(m))
	ext := map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hex.EncodeToString(sum[:])}}
	vars2 := map[string]any{"t": "not-a-token"}
	c.apiPost(0, map[string]any{"query": m, "variables": vars2, "extensions": ext}, "Origin", baseURL)
	entries := nd.pages.Len()
	for range 2 {
		r := c.apiPost(0, map[string]any{"variables": vars2, "extensions": ext}, "Origin", baseURL)
		if !strings.Contains(r.Body.String(), `"errors"`) {
			t.Fatalf("mutation by hash: %s", r.Body.String())
		}
	}
	if nd.pages.Len() != entries {
		t.Errorf("a mutation's response was kept (%d → %d entries)", entries, nd.pages.Len())
	}
	// publishedPost of a draft is null; publishing it shows at once.
	draft := c.createPost("# Draft\n\nLater.", nil)
	pq := `query($id: ID!) { publishedPost(id: $id) { title } }`
	if r := c.apiGet(0, pq, map[string]any{"id": draft.String()}); !strings.Contains(r.Body.String(), `"publishedPost":null`) {
		t.Fatalf("draft: %s", r.Body.String())
	}
	c.apiGet(0, pq, map[string]any{"id": draft.String()})
	c.graphql(0, `mutation($id: ID!, $at: Time) { setPostPublication(id: $id, publishedAt: $at) { id } }`,
		map[string]any{"id": draft.String(), "at": at(-time.Minute).Format(time.RFC3339Nano)})
	if r := c.apiGet(0, pq, map[string]any{"id": draft.String()}); !strings.Contains(r.Body.String(), `"Draft"`) {
		t.Errorf("published draft still null: %s", r.Body.String())
	}
	_ = p
}

// TestAPIResponseCacheViewCountsExpire: a response showing view counts
// lives at most the view-count TTL (5 minutes), as the pages do.
func TestAPIResponseCacheViewCountsExpire(t *testing.T) {
	c := newCluster(t, 1, nil, "")
	p := c.createPost("# Counted\n\nText.", at(-time.Hour))
	q := `query($id: ID!) { publishedPost(id: $id) { viewCount } }`
	vars := map[string]any{"id": p.String()}
	c.apiGet(0, q, vars)
	builds := c.apiBuilds(0)
	c.apiGet(0, q, vars)
	if c.apiBuilds(0) != builds {
		t.Fatal("not cached")
	}
	c.advance(5*time.Minute + time.Second)
	c.waitTrusted() // the lease runs on the moved clock from the next pong
	c.apiGet(0, q, vars)
	if c.apiBuilds(0) != builds+1 {
		t.Errorf("a response with view counts outlived the view-count TTL (builds %d→%d)", builds, c.apiBuilds(0))
	}
	// Without view counts it stays (until a write or MaxAge).
	q2 := `query($id: ID!) { publishedPost(id: $id) { title } }`
	c.apiGet(0, q2, vars)
	builds = c.apiBuilds(0)
	c.apiGet(0, q2, vars)
	if c.apiBuilds(0) != builds {
		t.Fatal("not cached")
	}
	c.advance(5*time.Minute + time.Second)
	c.waitTrusted()
	c.apiGet(0, q2, vars)
	if c.apiBuilds(0) != builds {
		t.Errorf("a response without volatile fields expired after 5 minutes")
	}
}

// TestAPIResponseCacheMemoryBound: anonymous responses share the page
// cache's byte bound: filled with far more responses than fit, the
// cache's weight stays within the bound and the heap grows by no more
// than the bound and 25 %.
func TestAPIResponseCacheMemoryBound(t *testing.T) {
	if inOwnProcess(t) {
		return
	}
	const bound = 1 << 20
	c := newClusterBytes(t, 1, nil, "", bound)
	p := c.createPost("# Long\n\n"+strings.Repeat("Some words of a long article body, repeated. ", 200), at(-time.Hour))
	vars := map[string]any{"id": p.String()}
	const n = 400
	fill := func() {
		for i := range n {
			q := "query Q" + strconv.Itoa(i) + `($id: ID!) { publishedPost(id: $id) { title html } }`
			for _, ae := range []string{"gzip", "br"} {
				if r := c.apiGet(0, q, vars, "Accept-Encoding", ae); r.Code != 200 {
					t.Fatalf("%d: %s", r.Code, r.Body.String())
				}
			}
		}
	}
	nd := c.nodes[0]
	fill() // parsed-query and normalization caches
	var weight int64
	growth := heapGrowth(func() {
		nd.pages.Settle()
		nd.pages.Flush()
		nd.pages.Bytes()
	}, func() {
		fill()
		nd.pages.Settle() // no compressor still in flight
		weight = nd.pages.Bytes()
	}, func(g int64) bool { return g <= bound*5/4 })
	t.Logf("%d responses requested, %d kept; weight %d, heap growth %d, bound %d", n, nd.pages.Len(), weight, growth, bound)
	if weight > bound || weight < bound*9/10 {
		t.Errorf("weight %d for a bound of %d (not full, or over)", weight, bound)
	}
	if growth > bound*5/4 {
		t.Errorf("heap grew %d bytes for a cache bounded to %d (%.2f×)", growth, bound, float64(growth)/bound)
	}
	runtime.KeepAlive(nd.pages)
}

// TestAPIResponseCacheCommentList: an anonymous comment list is cached
// and shows a comment published through the store (another process's
// write) on the very next request to the other server.
func TestAPIResponseCacheCommentList(t *testing.T) {
	c := newCluster(t, 2, nil, "")
	p := c.createPost("# Commented\n\nText.", at(-time.Hour))
	c.graphql(0, `mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { siteName } }`,
		map[string]any{"u": c.owner.String(), "in": map[string]any{"extensions": map[string]any{"comments": map[string]any{"mode": "open"}}}})
	add := func(nick string) {
		cm := &stgypub.Comment{PostID: p, Nickname: nick, Body: "Hello from " + nick + "\n", Status: stgypub.CommentPublished}
		if err := c.st.Comments.InsertComment(context.Background(), &stgypub.NewComment{Comment: cm}); err != nil {
			t.Fatal(err)
		}
	}
	add("Ann")
	q := `query($p: ID!) { pubComments(postId: $p) { totalCount items { nickname body } } }`
	vars := map[string]any{"p": p.String()}
	if r := c.apiGet(1, q, vars); !strings.Contains(r.Body.String(), "Ann") {
		t.Fatalf("comments: %s", r.Body.String())
	}
	builds := c.apiBuilds(1)
	c.apiGet(1, q, vars)
	if c.apiBuilds(1) != builds {
		t.Fatal("comment list not cached")
	}
	add("Ben")
	if r := c.apiGet(1, q, vars); !strings.Contains(r.Body.String(), "Ben") {
		t.Errorf("after a new comment: %s", r.Body.String())
	}
}
