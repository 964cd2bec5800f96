package server_test

import (
	"strings"
	"testing"
	"time"
)

// TestAPIReadCacheWriteOnOtherServer: node 1 answers a repeated uncached
// POST of the article query from its read cache (api.ReadCache: no
// statement for the post, its neighbours, the site's lists or settings),
// and the very next POST after a write made through node 0 shows it: an
// edit of the previous post, new settings, an unpublication, and a
// scheduled post falling due (no write: the cached lists end at the next
// publication).
func TestAPIReadCacheWriteOnOtherServer(t *testing.T) {
	c := newCluster(t, 2, nil, "")
	log := &statementLog{}
	c.st.DB = c.st.DB.WithQueryHook(log)
	a := c.createPost("# Older\n\nFirst.", at(-2*time.Hour))
	b := c.createPost("# Newer\n\nSecond.", at(-time.Hour))
	vars := map[string]any{"id": b.String()}
	article := func() string {
		t.Helper()
		r := c.apiPost(1, map[string]any{"query": benchArticleQuery, "variables": vars})
		if r.Code != 200 || strings.Contains(r.Body.String(), `"errors"`) {
			t.Fatalf("%d %s", r.Code, r.Body.String())
		}
		return r.Body.String()
	}
	if got := article(); !strings.Contains(got, `"prev":{"id":"`+a.String()+`","title":"Older"`) {
		t.Fatalf("first: %s", got)
	}
	log.take()
	article()
	for _, q := range log.take() {
		for _, table := range []string{"user_pub_configs", "unnest(", "count(*)", "min(published_at)"} {
			if strings.Contains(q, table) {
				t.Errorf("warm POST read %s again: %.100s", table, q)
			}
		}
	}

	c.graphql(0, `mutation($id: ID!, $in: PostInput!) { updatePost(id: $id, input: $in) { id } }`,
		map[string]any{"id": a.String(), "in": map[string]any{"content": "# Older, edited\n\nFirst."}})
	if got := article(); !strings.Contains(got, `"title":"Older, edited"`) {
		t.Fatalf("after the edit on node 0, node 1 answers %s", got)
	}

	c.graphql(0, `mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { siteName } }`,
		map[string]any{"u": c.owner.String(), "in": map[string]any{"siteName": "Renamed site"}})
	if got := article(); !strings.Contains(got, `"siteName":"Renamed site"`) || !strings.Contains(got, `"name":"Renamed site"`) {
		t.Fatalf("after the settings change on node 0, node 1 answers %s", got)
	}

	// Due before the cache's Recheck (1 s of the frozen clock) ends the
	// values: only the next-publication bound can drop them.
	due := c.createPost("# Scheduled\n\nThird.", at(500*time.Millisecond))
	if got := article(); strings.Contains(got, due.String()) {
		t.Fatalf("scheduled post shown before it is due: %s", got)
	}
	c.advance(600 * time.Millisecond)
	if got := article(); !strings.Contains(got, `"next":{"id":"`+due.String()+`"`) {
		t.Fatalf("the scheduled post fell due, node 1 answers %s", got)
	}

	c.graphql(0, `mutation($id: ID!) { setPostPublication(id: $id, publishedAt: null) { id } }`, map[string]any{"id": b.String()})
	if got := article(); !strings.Contains(got, `"publishedPost":null`) {
		t.Fatalf("after the unpublication on node 0, node 1 answers %s", got)
	}
}
