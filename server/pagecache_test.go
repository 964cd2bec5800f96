package server_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redisguard"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/markdown"
	"github.com/stgy/stgypub/pagecache"
)

// warm requests each path twice from every node and checks the second
// answer came from the cache (no new build).
func (c *cluster) warm(paths ...string) {
	c.t.Helper()
	for i, nd := range c.nodes {
		for _, p := range paths {
			if rec := c.get(i, p); rec.Code != 200 {
				c.t.Fatalf("node %d %s: status %d", i, p, rec.Code)
			}
			before := nd.pages.Stats().Builds
			c.get(i, p)
			if after := nd.pages.Stats().Builds; after != before {
				c.t.Fatalf("node %d %s: second request built the page again (cache not warm)", i, p)
			}
		}
	}
}

// expect checks that path on every node answers status and contains want
// (and not notWant, when set).
func (c *cluster) expect(path string, status int, want, notWant string) {
	c.t.Helper()
	for i := range c.nodes {
		rec := c.get(i, path)
		body := rec.Body.String()
		if rec.Code != status || (want != "" && !strings.Contains(body, want)) || (notWant != "" && strings.Contains(body, notWant)) {
			c.t.Errorf("node %d %s: status %d (want %d), has %q: %v, has %q: %v",
				i, path, rec.Code, status, want, strings.Contains(body, want), notWant, notWant != "" && strings.Contains(body, notWant))
		}
	}
}

// TestEditVisibleOnEveryServerAtOnce: an edit through the API of one
// server is what the very next request to another server shows, on every
// page of the owner that shows the post: the article, the site list and
// the feed. Both servers had the old pages cached.
func TestEditVisibleOnEveryServerAtOnce(t *testing.T) {
	c := newCluster(t, 2, nil, "")
	first := c.createPost("# First post\n\nOld body text.", at(-2*time.Hour))
	second := c.createPost("# Second post\n\nNeighbour.", at(-time.Hour))
	pub, site, feed := "/pub/"+first.String(), "/sites/"+c.owner.String(), "/sites/"+c.owner.String()+"/feed.atom"
	c.warm(pub, "/pub/"+second.String(), site, feed)
	for n := range 3 {
		title := fmt.Sprintf("First post, edit %d", n)
		c.graphql(0, `mutation($id: ID!, $in: PostInput!) { updatePost(id: $id, input: $in) { id } }`,
			map[string]any{"id": first.String(), "in": map[string]any{"content": "# " + title + "\n\nNew body text " + fmt.Sprint(n) + "."}})
		c.expect(pub, 200, fmt.Sprintf("New body text %d.", n), "Old body text.")
		c.expect(site, 200, title, "")
		c.expect(feed, 200, title, "")
		c.expect("/pub/"+second.String(), 200, title, "") // previous/next link and Recent posts
	}
}

// TestSettingsChangeShowsOnEveryPage: a settings change through the API
// shows on every cached page of the owner, on every server: articles in
// every theme variant, list pages in every view, the feed.
func TestSettingsChangeShowsOnEveryPage(t *testing.T) {
	c := newCluster(t, 2, nil, "")
	a := c.createPost("# Alpha\n\nA.", at(-2*time.Hour))
	b := c.createPost("# Beta\n\nB.", at(-time.Hour))
	site := "/sites/" + c.owner.String()
	paths := []string{"/pub/" + a.String(), "/pub/" + b.String(), "/pub/" + a.String() + "?design=dark",
		site, site + "?view=plain", site + "?order=oldest", site + "/feed.atom"}
	c.warm(paths...)
	c.graphql(1, `mutation($u: ID!) { updatePubConfig(userId: $u, input: {siteName: "Renamed Site"}) { siteName } }`,
		map[string]any{"u": c.owner.String()})
	for _, p := range paths {
		c.expect(p, 200, "Renamed Site", "")
	}
	c.graphql(0, `mutation($u: ID!) { updateProfile(userId: $u, nickname: "Alice B.", introduction: "New introduction text") { id } }`,
		map[string]any{"u": c.owner.String()})
	for _, p := range paths[:4] {
		c.expect(p, 200, "New introduction text", "")
	}
}

// TestUnpublishedAndDeletedGone: unpublishing or deleting a post is a 404
// on the very next request to any server, and the post leaves the owner's
// list, feed and other articles' links at once.
func TestUnpublishedAndDeletedGone(t *testing.T) {
	c := newCluster(t, 2, nil, "")
	keep := c.createPost("# Keeper\n\nStays.", at(-3*time.Hour))
	gone := c.createPost("# Unpublished soon\n\nGoes.", at(-2*time.Hour))
	del := c.createPost("# Deleted soon\n\nGoes too.", at(-time.Hour))
	site := "/sites/" + c.owner.String()
	c.warm("/pub/"+keep.String(), "/pub/"+gone.String(), "/pub/"+del.String(), site, site+"/feed.atom", "/sitemap.xml", "/")

	c.graphql(0, `mutation($id: ID!) { setPostPublication(id: $id, publishedAt: null) { id } }`, map[string]any{"id": gone.String()})
	c.expect("/pub/"+gone.String(), 404, "", "Unpublished soon")
	for _, p := range []string{"/pub/" + keep.String(), site, site + "/feed.atom", "/sitemap.xml"} {
		c.expect(p, 200, "", gone.String())
	}
	c.graphql(1, `mutation($id: ID!) { deletePost(id: $id) }`, map[string]any{"id": del.String()})
	c.expect("/pub/"+del.String(), 404, "", "Deleted soon")
	for _, p := range []string{"/pub/" + keep.String(), site, site + "/feed.atom", "/sitemap.xml"} {
		c.expect(p, 200, "", del.String())
	}
}

// TestScheduledPostFallsDue: a post scheduled for later appears on the
// site list, the feed, the other articles (Recent) and the sitemap at its
// time, with no write in between: cached pages expire at the owner's next
// scheduled publication (the clock is injected).
func TestScheduledPostFallsDue(t *testing.T) {
	c := newCluster(t, 2, nil, "")
	old := c.createPost("# Already out\n\nOld.", at(-time.Hour))
	later := c.createPost("# Scheduled post\n\nLater.", at(90*time.Minute))
	site := "/sites/" + c.owner.String()
	paths := []string{"/pub/" + old.String(), site, site + "/feed.atom", "/sitemap.xml", "/"}
	c.warm(paths...)
	for _, p := range paths[:4] {
		c.expect(p, 200, "", later.String())
	}
	c.expect("/pub/"+later.String(), 404, "", "")
	c.advance(89 * time.Minute)
	c.expect(site, 200, "", later.String()) // still cached, still right
	c.advance(time.Minute)
	for _, p := range paths[:4] {
		c.expect(p, 200, later.String(), "")
	}
	c.expect("/pub/"+later.String(), 200, "Scheduled post", "")
}

// TestLostAnnouncementCaughtByVersion: a write whose announcement never
// reaches the servers (only the page version is stored in Redis, as after
// a dropped message or a server that was reconnecting) is still seen on
// every page within pagecache.DefaultRecheck: /pub (for readers and bots
// alike: the check is the page cache's own GET, not part of recording the
// view), list pages and the feed.
func TestLostAnnouncementCaughtByVersion(t *testing.T) {
	c := newCluster(t, 2, nil, "")
	p := c.createPost("# Versioned\n\nBefore.", at(-time.Hour))
	pub, site := "/pub/"+p.String(), "/sites/"+c.owner.String()
	c.warm(pub, site, site+"/feed.atom")
	lost := &versionsOnly{v: c.nodes[0].versions}
	c.st.Changes = lost
	for n, ua := range []string{"Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", "Googlebot/2.1 (+http://www.google.com/bot.html)"} {
		c.advance(time.Second) // a new site change time, and pagecache.DefaultRecheck since the pages were confirmed
		body := fmt.Sprintf("After %d.", n)
		post, err := c.st.Posts.Post(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		post.Content = "# Versioned " + fmt.Sprint(n) + "\n\n" + body
		post.Snippet = markdown.Convert(post.Content, markdown.Options{}).Snippet
		if err := c.st.Posts.UpdatePost(context.Background(), post); err != nil {
			t.Fatal(err)
		}
		if lost.calls == 0 {
			t.Fatal("the store did not store the version")
		}
		for i := range c.nodes {
			if rec := c.get(i, pub, "User-Agent", ua); !strings.Contains(rec.Body.String(), body) {
				t.Errorf("node %d, %s: /pub still shows the old page after a lost announcement", i, ua)
			}
		}
	}
	c.advance(pagecache.DefaultRecheck)
	c.expect(site, 200, "Versioned 1", "")
	c.expect(site+"/feed.atom", 200, "Versioned 1", "")
}

// versionsOnly stores page versions but loses every announcement.
type versionsOnly struct {
	v     *pagecache.Versions
	calls int
}

func (l *versionsOnly) SitesChanged(ctx context.Context, cs []stgypub.SiteChange) error {
	l.calls++
	return l.v.StoreVersions(ctx, cs)
}

// TestConcurrentMissesBuildOnce: many readers asking for the same cold
// page at once cause one build; every one of them gets the page and has
// its view recorded.
func TestConcurrentMissesBuildOnce(t *testing.T) {
	c := newCluster(t, 1, nil, "")
	p := c.createPost("# Popular at once\n\nEveryone reads this.", at(-time.Hour))
	pages := c.nodes[0].pages
	before := pages.Stats().Builds
	var wg sync.WaitGroup
	const readers = 24
	for i := range readers {
		wg.Go(func() {
			req := c.get(0, "/pub/"+p.String(), "X-Test", fmt.Sprint(i))
			if req.Code != 200 || !strings.Contains(req.Body.String(), "Everyone reads this.") {
				t.Errorf("reader %d: status %d", i, req.Code)
			}
		})
	}
	wg.Wait()
	if got := pages.Stats().Builds - before; got != 1 {
		t.Errorf("%d builds for %d concurrent misses, want 1", got, readers)
	}
}

// TestRedisDownStillServes: with Redis gone the pages are still served
// (built from PostgreSQL), but once the cache has not heard from Redis for
// SafetyTTL it keeps nothing and serves nothing from memory, so an edit
// made meanwhile shows on the next request; when Redis is back, the cache
// flushes and caches again.
func TestRedisDownStillServes(t *testing.T) {
	srv := redistest.Start(t)
	// No retries: a stopped Redis answers every call with a quick error.
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr, MaxRetries: -1, DialTimeout: 200 * time.Millisecond})
	t.Cleanup(func() { rdb.Close() })
	c := newCluster(t, 2, rdb, "down:")
	p := c.createPost("# Sturdy\n\nBefore the outage.", at(-time.Hour))
	pub, site := "/pub/"+p.String(), "/sites/"+c.owner.String()
	c.warm(pub, site)
	srv.Stop()
	c.advance(pagecache.DefaultSafetyTTL)
	for i, nd := range c.nodes {
		if nd.pages.Trusted() {
			t.Fatalf("node %d still trusts its cache %s after Redis went away", i, pagecache.DefaultSafetyTTL)
		}
	}
	post, err := c.st.Posts.Post(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	post.Content = "# Sturdy\n\nDuring the outage."
	post.Snippet = markdown.Convert(post.Content, markdown.Options{}).Snippet
	if err := c.st.Posts.UpdatePost(context.Background(), post); err != nil { // its announcement fails
		t.Fatal(err)
	}
	for i, nd := range c.nodes {
		before := nd.pages.Stats().Builds
		for range 2 {
			c.expect(pub, 200, "During the outage.", "Before the outage.")
			c.expect(site, 200, "Sturdy", "")
		}
		if got := nd.pages.Stats().Builds - before; got < 4 {
			t.Errorf("node %d: %d builds for 4 requests without Redis, want one each (no caching)", i, got)
		}
	}
}

// TestEditVisibleAtOnceWhileRedisFrozen: the server that made an edit
// drops its own cached pages of the owner at once, even while Redis is
// frozen (its announcement cannot go out): local invalidation does not
// depend on Redis. The test's own redis-server is frozen, never the shared
// one.
func TestEditVisibleAtOnceWhileRedisFrozen(t *testing.T) {
	srv := redistest.Start(t)
	opt := &redis.Options{Addr: srv.Addr}
	redisguard.Tune(opt)
	rdb := redis.NewClient(opt)
	t.Cleanup(func() { rdb.Close() })
	c := newCluster(t, 1, rdb, "frozen:")
	p := c.createPost("# Partition\n\nBefore the freeze.", at(-time.Hour))
	pub, site := "/pub/"+p.String(), "/sites/"+c.owner.String()
	c.warm(pub, site)
	srv.Freeze()
	t.Cleanup(srv.Thaw)
	c.graphql(0, `mutation($id: ID!, $in: PostInput!) { updatePost(id: $id, input: $in) { id } }`,
		map[string]any{"id": p.String(), "in": map[string]any{"content": "# Partition two\n\nAfter the edit."}})
	c.expect(pub, 200, "After the edit.", "Before the freeze.")
	c.expect(site, 200, "Partition two", "")
}
