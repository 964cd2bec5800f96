package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/demo"
	"github.com/stgy/stgypub/owner"
)

// archiveConfig is testConfig with Redis deadlines for a busy machine:
// the comparison needs every figure, not a degraded answer.
func archiveConfig(t *testing.T) *config {
	t.Helper()
	cfg := testConfig(t, privateRedis(t).Addr)
	cfg.RedisTimeout, cfg.RedisPageBudget, cfg.RedisBreakerFailures = 5*time.Second, 5*time.Second, 1000
	return cfg
}

// archiveEnv points the CLI at cfg's database and Redis.
func archiveEnv(t *testing.T, cfg *config) {
	t.Helper()
	t.Setenv("STGY_DATABASE_URL", cfg.DatabaseURL)
	t.Setenv("STGY_REDIS_URL", cfg.RedisURL)
	t.Setenv("STGY_BASE_URL", cfg.BaseURL.String())
	t.Setenv("STGY_ADMIN_LISTEN", "off")
}

// fetch GETs path as a prefetch (Sec-Purpose), which counts no view, so
// fetching the pages does not change the figures being compared.
func fetch(t *testing.T, base, path string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+path, nil)
	req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36")
	req.Header.Set("Sec-Purpose", "prefetch")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// graphql POSTs a query and returns the response body.
func graphql(t *testing.T, base, query string, vars map[string]any) string {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	resp, err := http.Post(base+"/graphql", "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || strings.Contains(string(out), `"errors"`) {
		t.Fatalf("graphql: %d %s", resp.StatusCode, out)
	}
	return string(out)
}

const (
	siteQuery = `query($u: ID!) { site(userId: $u) { id url name author introduction
	  config { siteName subtitle author introduction designTheme showServiceHeader showSiteName showPagination showSideProfile showSideRecent showSidePopular extensions timeZone updatedAt }
	  recent(limit: 20) { id url title description snippet locale tags publishedAt updatedAt featuredImage readingTimeMinutes allowReplies allowLikes viewCount html prev { id } next { id } }
	  popular(limit: 10) { id viewCount } }
	  pubRanking(userId: $u, limit: 10) { id pv } }`
	commentsQuery = `query($p: ID!) { pubComments(postId: $p, page: 1, order: OLDEST) { totalCount publishedCount items { id nickname body status isAuthor createdAt } } }`
)

// enrich gives the first demo site what the demo lacks: a moderated
// comment mode, comments of both statuses (one by the owner), a draft
// and a scheduled post, and view history on several days.
func enrich(t *testing.T, a *app, site demo.Loaded) {
	t.Helper()
	ctx := t.Context()
	cfg, err := a.store.Users.PubConfig(ctx, site.UserID)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Extensions, err = cfg.Extensions.MergePatch(map[string]any{"comments": map[string]any{"mode": "moderated"}, "showViewCount": true}); err != nil {
		t.Fatal(err)
	}
	if err := a.store.Users.UpdatePubConfig(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	posts, err := a.store.Posts.PublishedByUser(ctx, site.UserID, stgypubQuery(3))
	if err != nil || len(posts) < 3 {
		t.Fatalf("%d posts: %v", len(posts), err)
	}
	for i, c := range []stgypub.Comment{
		{Nickname: "Reader", Body: "Published.\n", Status: stgypub.CommentPublished},
		{Nickname: "Waiting", Body: "Pending <b>moderation</b>.\n", Status: stgypub.CommentPending},
		{Nickname: "Owner", Body: "Thanks!\n", Status: stgypub.CommentPublished, IsAuthor: true},
	} {
		c.PostID = posts[i%2].ID
		if err := a.store.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: &c}); err != nil {
			t.Fatal(err)
		}
	}
	u, _ := a.store.Users.User(ctx, site.UserID)
	svc := owner.New(a.store.Posts, a.store.Users, a.store.Users, time.Now)
	if _, err := svc.CreatePost(ctx, u, owner.PostInput{Content: "# A draft\n\nNot yet.\n", Tags: []string{"Draft"}}); err != nil {
		t.Fatal(err)
	}
	sched, err := svc.CreatePost(ctx, u, owner.PostInput{Content: "# Tomorrow\n"})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Now().Add(48 * time.Hour).Truncate(time.Second)
	if _, err := svc.SetPublication(ctx, u, sched.ID, &at); err != nil {
		t.Fatal(err)
	}
	today := time.Now().UTC()
	var entries []counterEntry
	for i, p := range posts {
		for d := range 3 {
			entries = append(entries, counterEntry{p.ID, int64(10*(3-i) + d), today.AddDate(0, 0, -2*d)})
		}
	}
	importViews(t, a, site.UserID, entries)
}

type counterEntry struct {
	post  stgypub.ID
	views int64
	date  time.Time
}

// TestArchiveRoundTrip is issue 24's "Done when" for the site archive:
// the three demo sites (one with comments of every status, a draft, a
// scheduled post, settings and view history) are exported with the CLI,
// imported into an empty database with its own Redis, and the pages
// (byte for byte; both servers have the same base URL), the API answers,
// the comments and the Stats are the same; a second import changes
// nothing; a corrupt or foreign archive is refused with nothing written.
func TestArchiveRoundTrip(t *testing.T) {
	ctx := t.Context()
	cfgA := archiveConfig(t)
	a, baseA, _ := testApp(t, cfgA)
	sites, err := demo.Load(ctx, a.store.Posts, a.store.Users, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	enrich(t, a, sites[0])
	dir := t.TempDir()

	archiveEnv(t, cfgA)
	for _, s := range sites {
		if code, _, errOut := runCLI("archive", "export", "-user", s.LoginName, "-o", filepath.Join(dir, s.LoginName+".tgz")); code != 0 {
			t.Fatalf("export %s: exit %d: %s", s.LoginName, code, errOut)
		}
	}

	cfgB := archiveConfig(t)
	archiveEnv(t, cfgB)
	for _, s := range sites {
		out := captureStdout(t, func() {
			if code, _, errOut := runCLI("archive", "import", filepath.Join(dir, s.LoginName+".tgz")); code != 0 {
				t.Fatalf("import %s: exit %d: %s", s.LoginName, code, errOut)
			}
		})
		if !strings.Contains(out, "created") {
			t.Errorf("import %s said %q", s.LoginName, out)
		}
	}
	b, err := wire(ctx, cfgB)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.close)
	srvB := httptest.NewServer(b.handler)
	t.Cleanup(srvB.Close)
	baseB := srvB.URL

	compareSites(t, a, b, baseA, baseB, sites)
	if st, err := b.counter.Stats(ctx, sites[0].UserID); err != nil || st.TotalPV != 10+11+12+20+21+22+30+31+32 {
		t.Fatalf("restored Stats: %v, %v (want the 189 views of the history)", st, err)
	}
	if cs, _ := b.store.Comments.ExportComments(ctx, mustFirstPublished(t, b, sites[0].UserID)); len(cs) != 2 {
		t.Fatalf("restored comments on the first post: %d, want 2", len(cs))
	}

	// A second import of each archive changes nothing.
	before, _ := b.store.Posts.SiteChangedAt(ctx, sites[0].UserID)
	for _, s := range sites {
		out := captureStdout(t, func() {
			if code, _, errOut := runCLI("archive", "import", filepath.Join(dir, s.LoginName+".tgz")); code != 0 {
				t.Fatalf("second import %s: exit %d: %s", s.LoginName, code, errOut)
			}
		})
		if !strings.Contains(out, "nothing changed") || !strings.Contains(out, "0 raised") {
			t.Errorf("second import of %s: %q", s.LoginName, out)
		}
	}
	if after, _ := b.store.Posts.SiteChangedAt(ctx, sites[0].UserID); !after.Equal(before) {
		t.Errorf("second import moved the site change time %v -> %v", before, after)
	}
	compareSites(t, a, b, baseA, baseB, sites)

	// Corrupt and foreign archives: refused by name before any database
	// is opened (the configured one is never even created).
	good, err := os.ReadFile(filepath.Join(dir, sites[0].LoginName+".tgz"))
	if err != nil {
		t.Fatal(err)
	}
	corrupt := bytes.Clone(good)
	corrupt[len(corrupt)/2] ^= 0xff
	cfgC := archiveConfig(t)
	archiveEnv(t, cfgC)
	for name, data := range map[string][]byte{"corrupt": corrupt, "truncated": good[:len(good)-100], "foreign": []byte("id,title\n1,hello\n")} {
		path := filepath.Join(dir, name+".tgz")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errOut := runCLI("archive", "import", path)
		if code != 1 || !strings.Contains(errOut, "archive refused") {
			t.Errorf("%s archive: exit %d: %s", name, code, errOut)
		}
	}
	if databaseExists(t, dbName(cfgC)) {
		t.Error("a refused import created the database")
	}
}

// compareSites checks that b serves what a serves for the sites.
func compareSites(t *testing.T, a, b *app, baseA, baseB string, sites []demo.Loaded) {
	t.Helper()
	ctx := t.Context()
	paths := []string{"/", "/sitemap.xml"}
	for _, s := range sites {
		id := s.UserID.String()
		paths = append(paths, "/sites/"+id, "/sites/"+id+"?page=2", "/sites/"+id+"/feed.atom")
		posts, err := a.store.Posts.PostsByOwner(ctx, s.UserID, 0, 500)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range posts {
			paths = append(paths, "/pub/"+p.ID.String(), "/pub/"+p.ID.String()+"/comments.atom")
			for _, tag := range p.Tags {
				paths = append(paths, "/sites/"+id+"?tag="+tag)
			}
			ca, err := a.store.Comments.ExportComments(ctx, p.ID)
			if err != nil {
				t.Fatal(err)
			}
			cb, err := b.store.Comments.ExportComments(ctx, p.ID)
			if err != nil || !reflect.DeepEqual(ca, cb) {
				t.Errorf("comments of %s differ: %v\n%+v\n%+v", p.ID, err, ca, cb)
			}
			if p.IsPublished(time.Now()) {
				vars := map[string]any{"p": p.ID.String()}
				if ga, gb := graphql(t, baseA, commentsQuery, vars), graphql(t, baseB, commentsQuery, vars); ga != gb {
					t.Errorf("pubComments of %s differ:\n%s\n%s", p.ID, ga, gb)
				}
			}
		}
		vars := map[string]any{"u": id}
		if ga, gb := graphql(t, baseA, siteQuery, vars), graphql(t, baseB, siteQuery, vars); ga != gb {
			t.Errorf("site %s API answers differ:\n%s\n%s", s.LoginName, ga, gb)
		}
		sa, errA := a.counter.Stats(ctx, s.UserID)
		sb, errB := b.counter.Stats(ctx, s.UserID)
		if errA != nil || errB != nil {
			t.Fatalf("stats: %v %v", errA, errB)
		}
		if sa.TotalPV != sb.TotalPV || !reflect.DeepEqual(sa.Daily, sb.Daily) || !reflect.DeepEqual(sa.Posts, sb.Posts) {
			t.Errorf("Stats of %s differ: %d vs %d PV\n%+v\n%+v", s.LoginName, sa.TotalPV, sb.TotalPV, sa.Posts, sb.Posts)
		}
	}
	for _, p := range paths {
		codeA, bodyA := fetch(t, baseA, p)
		codeB, bodyB := fetch(t, baseB, p)
		if codeA != codeB || bodyA != bodyB {
			t.Errorf("%s: %d vs %d, bodies equal %t\n%s", p, codeA, codeB, bodyA == bodyB, firstDiff(bodyA, bodyB))
		}
	}
}

// firstDiff shows where two bodies start to differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-80)
	return "A: " + a[lo:min(len(a), i+80)] + "\nB: " + b[lo:min(len(b), i+80)]
}

// captureStdout returns what fn prints on standard output (the
// commands' reports).
func captureStdout(t *testing.T, fn func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() { b, _ := io.ReadAll(r); done <- string(b) }()
	func() {
		defer func() { os.Stdout = old; w.Close() }()
		fn()
	}()
	return <-done
}

func mustFirstPublished(t *testing.T, a *app, owner stgypub.ID) stgypub.ID {
	t.Helper()
	ps, err := a.store.Posts.PublishedByUser(t.Context(), owner, stgypubQuery(1))
	if err != nil || len(ps) == 0 {
		t.Fatalf("published posts: %v", err)
	}
	return ps[0].ID
}

func dbName(cfg *config) string {
	i := strings.LastIndex(cfg.DatabaseURL, "/")
	return strings.SplitN(cfg.DatabaseURL[i+1:], "?", 2)[0]
}

func importViews(t *testing.T, a *app, owner stgypub.ID, es []counterEntry) {
	t.Helper()
	var cps []stgypub.Checkpoint
	for _, e := range es {
		cps = append(cps, stgypub.Checkpoint{PostID: e.post, OwnerID: owner, Date: e.date, Count: e.views})
	}
	if _, _, err := a.counter.RestoreViews(context.Background(), owner, cps); err != nil {
		t.Fatal(err)
	}
}
