package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	xhtml "golang.org/x/net/html"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/demo"
	"github.com/stgy/stgypub/owner"
	"github.com/stgy/stgypub/ui"
)

// TestStaticCopy writes the static copy of the demo site gopher (the
// production wiring, real PostgreSQL and Redis) and serves it from a
// plain file server: every page of every published post and the listings
// are there, every link and asset of the copy resolves to a file (no
// 404), links it cannot hold go to the origin, articles carry the view
// script, a second copy is byte-identical, -incremental rewrites nothing
// when nothing changed and, after one post's body changes, only that
// post's page and the listings, feed and sitemap that show it.
func TestStaticCopy(t *testing.T) {
	ctx := context.Background()
	cfg := testConfig(t, privateRedis(t).Addr)
	a, _, _ := testApp(t, cfg)
	u, err := a.store.Users.UserByLogin(ctx, "gopher")
	if err != nil {
		t.Fatal(err)
	}
	posts, err := publishedIDs(ctx, a, u.ID)
	if err != nil || len(posts) < 2 {
		t.Fatalf("published posts of gopher: %d, %v", len(posts), err)
	}
	const base, api = "http://static.test/blog", "http://origin.test"
	opts := staticOptions{login: "gopher", dir: t.TempDir(), baseURL: base, api: api}
	res, err := writeStatic(ctx, cfg, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("copy of %d posts: %d files, %d pages: %v", len(posts), res.Files, len(res.Pages), res.Pages)
	if d := os.Getenv("STGY_STATIC_KEEP"); d != "" {
		_ = os.CopyFS(d, os.DirFS(opts.dir))
	}
	site := "sites/" + u.ID.String()
	want := []string{site + "/index.html", site + "/feed.atom", site + "/sitemap.xml"}
	for _, id := range posts {
		want = append(want, "pub/"+id.String()+"/index.html")
	}
	for _, f := range want {
		if _, err := os.Stat(filepath.Join(opts.dir, f)); err != nil {
			t.Errorf("missing %s: %v", f, err)
		}
	}
	if res.Written != res.Files || len(res.Pages) < len(posts)+1 {
		t.Errorf("first copy: %+v", res)
	}
	if !hasPrefixed(res.Pages, site+"/tag/") {
		t.Errorf("no tag page among %v", res.Pages)
	}

	t.Run("links resolve", func(t *testing.T) {
		checkLinks(t, opts.dir, res.Pages, base, api)
	})
	t.Run("article", func(t *testing.T) {
		b, err := os.ReadFile(filepath.Join(opts.dir, "pub", posts[0].String(), "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		page := string(b)
		for _, s := range []string{
			`data-api="` + api + `" data-post-id="` + posts[0].String() + `"`,
			`<link rel="canonical" href="` + base + `/pub/` + posts[0].String() + `/">`,
			`href="` + api + `/pub/` + posts[0].String() + `/comments.atom"`,
		} {
			if !strings.Contains(page, s) {
				t.Errorf("article page lacks %s", s)
			}
		}
	})

	t.Run("deterministic", func(t *testing.T) {
		again := opts
		again.dir = t.TempDir()
		if _, err := writeStatic(ctx, cfg, again); err != nil {
			t.Fatal(err)
		}
		a, b := readTree(t, opts.dir), readTree(t, again.dir)
		if len(a) != len(b) {
			t.Fatalf("%d files, then %d", len(a), len(b))
		}
		for name, body := range a {
			if !bytes.Equal(body, b[name]) {
				t.Errorf("%s differs between two copies of the same data", name)
			}
		}
	})

	t.Run("incremental", func(t *testing.T) {
		incr := opts
		incr.incremental = true
		res, err := writeStatic(ctx, cfg, incr)
		if err != nil {
			t.Fatal(err)
		}
		if res.Written != 0 || res.Removed != 0 || res.Files == 0 {
			t.Fatalf("unchanged site: %+v, want 0 written", res)
		}
		before := readTree(t, opts.dir)
		edited := posts[len(posts)/2]
		editBody(t, a, u, edited)
		res, err = writeStatic(ctx, cfg, incr)
		if err != nil {
			t.Fatal(err)
		}
		after := readTree(t, opts.dir)
		var changed []string
		for name, body := range after {
			if !bytes.Equal(body, before[name]) {
				changed = append(changed, name)
			}
		}
		sort.Strings(changed)
		t.Logf("after editing %s: %d written: %v", edited, res.Written, changed)
		if res.Written != len(changed) {
			t.Errorf("written %d, changed %d: %v", res.Written, len(changed), changed)
		}
		page := "pub/" + edited.String() + "/index.html"
		if !contains(changed, page) || !contains(changed, site+"/index.html") && !hasPrefixed(changed, site+"/page/") {
			t.Errorf("changed %v: want the edited post's page and a listing", changed)
		}
		for _, name := range changed {
			if name != page && !strings.HasPrefix(name, site+"/") {
				t.Errorf("%s changed though it does not show the edited post", name)
			}
		}
	})
}

// editBody appends a paragraph to post id of u through the owners'
// service (as the API does).
func editBody(t *testing.T, a *app, u *stgypub.User, id stgypub.ID) {
	t.Helper()
	ctx := context.Background()
	svc := owner.New(a.store.Posts, a.store.Users, a.store.Users, time.Now)
	p, err := a.store.Posts.Post(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.UpdatePost(ctx, u, id, owner.PostInput{Content: p.Content + "\n\nAn edited paragraph for the static copy.\n"}); err != nil {
		t.Fatal(err)
	}
}

// TestStaticCopyEveryDemoSite writes the static copy of every demo site
// (gopher, hanako's Japanese vertical site, mix) under a path prefix and
// serves each from a plain file server: every link, asset and srcset
// candidate of every page that stays on the copy answers 200.
func TestStaticCopyEveryDemoSite(t *testing.T) {
	ctx := context.Background()
	cfg := testConfig(t, privateRedis(t).Addr)
	testApp(t, cfg)
	const base, api = "http://static.test/copy", "http://origin.test"
	for _, site := range demo.Sites() {
		login := site.User.LoginName
		t.Run(login, func(t *testing.T) {
			opts := staticOptions{login: login, dir: t.TempDir(), baseURL: base, api: api}
			res, err := writeStatic(ctx, cfg, opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Pages) < 2 {
				t.Fatalf("copy of %s: %+v", login, res)
			}
			checkLinks(t, opts.dir, res.Pages, base, api)
		})
	}
}

// checkLinks serves dir with a plain file server under base's path and
// follows every link of every page that stays on base: each answers 200.
// Links to api must not name the copy's pages.
func checkLinks(t *testing.T, dir string, pages []string, base, api string) {
	t.Helper()
	b, _ := url.Parse(base)
	srv := httptest.NewServer(http.StripPrefix(b.Path, http.FileServer(http.Dir(dir))))
	t.Cleanup(srv.Close)
	checked := map[string]bool{}
	for _, p := range pages {
		body, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		pageURL, _ := b.Parse(b.Path + "/" + strings.TrimSuffix(p, "index.html"))
		for _, ref := range pageLinks(body) {
			u, err := pageURL.Parse(ref)
			if err != nil || u.Host != b.Host || u.Scheme != b.Scheme {
				continue
			}
			if u.RawQuery != "" {
				t.Errorf("%s: link %q has a query a static host ignores", p, ref)
			}
			path := u.Path
			if !strings.HasPrefix(path, b.Path+"/") {
				t.Errorf("%s: link %q leaves the copy's prefix", p, ref)
				continue
			}
			if checked[path] {
				continue
			}
			checked[path] = true
			resp, err := http.Get(srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Errorf("%s: link %q answers %d", p, ref, resp.StatusCode)
			}
		}
	}
	if len(checked) < len(pages) {
		t.Errorf("followed %d links of %d pages", len(checked), len(pages))
	}
}

// pageLinks are the href and src values and the srcset candidates of
// page.
func pageLinks(page []byte) []string {
	var out []string
	z := xhtml.NewTokenizer(bytes.NewReader(page))
	for {
		switch z.Next() {
		case xhtml.ErrorToken:
			return out
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			for _, a := range z.Token().Attr {
				if (a.Key == "href" || a.Key == "src") && !strings.HasPrefix(a.Val, "#") {
					out = append(out, a.Val)
				}
				if a.Key == "srcset" || a.Key == "imagesrcset" {
					for _, c := range strings.Split(a.Val, ",") {
						if f := strings.Fields(c); len(f) > 0 {
							out = append(out, f[0])
						}
					}
				}
			}
		}
	}
}

// readTree reads every file under dir (slash-separated names).
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func hasPrefixed(list []string, prefix string) bool {
	for _, x := range list {
		if strings.HasPrefix(x, prefix) {
			return true
		}
	}
	return false
}

// TestStaticHelp: `stgy-pub static --help` prints the synopsis, what the
// copy holds and every flag, touching nothing; a missing -o or a base URL
// that is not http(s) exits 2 with the reason before the database is
// opened.
func TestStaticHelp(t *testing.T) {
	db, dir := cliEnv(t)
	code, out, errOut := runCLI("static", "--help")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, s := range []string{"usage: stgy-pub static -user LOGIN -o DIR [flags]", "DIR/pub/{postId}/", "docs/STATIC.md",
		"-user", "-o", "-base-url", "-api", "-incremental"} {
		if !strings.Contains(out, s) {
			t.Errorf("help lacks %q:\n%s", s, out)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"static", "-user", "gopher"}, "-user and -o are required"},
		{[]string{"static", "-user", "gopher", "-o", "out", "-base-url", "ftp://x.test"}, "-base-url must be an absolute http(s) URL"},
		{[]string{"static", "-user", "gopher", "-o", "out", "-api", "/relative"}, "-api must be an absolute http(s) URL"},
	} {
		code, _, errOut := runCLI(c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) || !strings.Contains(errOut, "usage: stgy-pub static") {
			t.Errorf("stgy-pub %s: exit %d, stderr %q", strings.Join(c.args, " "), code, errOut)
		}
	}
	if databaseExists(t, db) {
		t.Errorf("static created the database %s before checking its flags", db)
	}
	if ents, _ := os.ReadDir(dir); len(ents) > 0 {
		t.Errorf("static created files: %v", ents)
	}
}

// TestStaticViewOnPersistedOnlyServer: the two documents view.js sends
// (ui.ViewDocuments) are on the server's allow-list, so an origin with
// STGY_GRAPHQL_PERSISTED_ONLY=true still gives a static copy's article
// its view token and counts the view, answering a copy on another origin
// over CORS; another document is refused there.
func TestStaticViewOnPersistedOnlyServer(t *testing.T) {
	cfg := testConfig(t, privateRedis(t).Addr)
	apiCfg, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	cfg.API = apiCfg.API
	cfg.API.PersistedOnly = true
	_, base, posts := testApp(t, cfg)
	var docs map[string]string
	if err := json.Unmarshal(ui.ViewDocuments(), &docs); err != nil {
		t.Fatal(err)
	}
	var tokenDoc, recordDoc string
	for _, d := range docs {
		if strings.HasPrefix(d, "query") {
			tokenDoc = d
		} else {
			recordDoc = d
		}
	}
	post := func(query string, vars map[string]any) (map[string]any, http.Header) {
		t.Helper()
		body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
		req, _ := http.NewRequest(http.MethodPost, base+"/graphql", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", "http://static.test")
		req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0")
		req.Header.Set("X-Forwarded-For", "198.51.100.77")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			t.Fatal(err)
		}
		return out, resp.Header
	}
	if out, _ := post("{ __typename }", nil); !strings.Contains(fmt.Sprint(out["errors"]), "PERSISTED_QUERY_NOT_IN_LIST") {
		t.Fatalf("an unlisted document on a persisted-only server: %v", out)
	}
	out, h := post(tokenDoc, map[string]any{"id": posts[0].String()})
	if h.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("Access-Control-Allow-Origin %q, want *", h.Get("Access-Control-Allow-Origin"))
	}
	data, _ := out["data"].(map[string]any)
	pp, _ := data["publishedPost"].(map[string]any)
	token, _ := pp["viewToken"].(string)
	if token == "" {
		t.Fatalf("no view token: %v", out)
	}
	out, _ = post(recordDoc, map[string]any{"t": token})
	data, _ = out["data"].(map[string]any)
	got, _ := data["recordPubViewToken"].(map[string]any)
	if got["recorded"] != true {
		t.Fatalf("recordPubViewToken: %v", out)
	}
}
