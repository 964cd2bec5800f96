package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/markdown"
)

// freshSite is one subtest's server: alice with an article and a listed
// post, bob with a post, the store clock a minute after baseTime.
type freshSite struct {
	*env
	u, other, article, listed, bobs stgypub.ID
	site, pub, feed                 string
}

func newFreshSite(t *testing.T) *freshSite {
	t.Helper()
	f := &freshSite{env: newEnv(t)}
	f.u = f.user(0x1000000000000001, "alice", "Alice")
	f.other = f.user(0x1000000000000002, "bob", "Bob")
	f.article = f.post(0x2000000000000001, f.u, "# Article\n\nThe page under test.", "en", at(-3*time.Hour))
	f.listed = f.post(0x2000000000000002, f.u, "# Listed\n\nA neighbour and Recent post.", "en", at(-2*time.Hour))
	f.bobs = f.post(0x2000000000000003, f.other, "# Bob's\n\nMoves to Alice.", "en", at(-90*time.Minute))
	f.clk.Set(baseTime.Add(time.Minute))
	f.site, f.pub, f.feed = "/sites/"+f.u.String(), "/pub/"+f.article.String(), "/sites/"+f.u.String()+"/feed.atom"
	return f
}

// TestLastModifiedFollowsSiteChanges: a client revalidating with
// If-Modified-Since alone gets 304 only while nothing the page shows has
// changed. For /sites, /pub, the feed and the sitemap it takes
// Last-Modified, lets the store clock run a few seconds, performs one
// kind of write through the store and expects 200 with the new content
// for the old date (and 304 for the new one). Each case has its own
// database and clock; setup (before Last-Modified is taken) brings the
// site to the state the write starts from.
func TestLastModifiedFollowsSiteChanges(t *testing.T) {
	ctx := context.Background()
	const created = stgypub.ID(0x2000000000000010)
	createPost := func(f *freshSite) error {
		f.post(created, f.u, "# Created\n\nNew.", "en", at(-time.Hour))
		return nil
	}
	tests := []struct {
		name         string
		setup, write func(f *freshSite) error
		// paths are the pages that must change; want is a text each must
		// now contain ("" for none), notWant one it must no longer contain.
		paths         func(f *freshSite) []string
		want, notWant string
	}{
		{"unpublish a listed post", nil, func(f *freshSite) error { return f.st.Posts.SetPublication(ctx, f.listed, nil) },
			allFour, "", "2000000000000002"},
		{"publish it again", func(f *freshSite) error { return f.st.Posts.SetPublication(ctx, f.listed, nil) },
			func(f *freshSite) error { return f.st.Posts.SetPublication(ctx, f.listed, at(-2*time.Hour)) },
			allFour, "2000000000000002", ""},
		{"rename the site", nil, func(f *freshSite) error {
			c := stgypub.DefaultPubConfig(f.u)
			c.SiteName = "Renamed Site"
			return f.st.Users.UpdatePubConfig(ctx, c)
		}, sitePubFeed, "Renamed Site", ""},
		{"edit a listed post", nil, func(f *freshSite) error {
			p, err := f.st.Posts.Post(ctx, f.listed)
			if err != nil {
				return err
			}
			p.Content = "# Listed, edited\n\nNew text."
			p.Snippet = markdown.Convert(p.Content, markdown.Options{}).Snippet
			return f.st.Posts.UpdatePost(ctx, p)
		}, sitePubFeed, "Listed, edited", ""},
		{"edit the article", nil, func(f *freshSite) error {
			p, err := f.st.Posts.Post(ctx, f.article)
			if err != nil {
				return err
			}
			p.Content = "# Article\n\nRewritten body."
			return f.st.Posts.UpdatePost(ctx, p)
		}, func(f *freshSite) []string { return []string{f.pub} }, "Rewritten body.", ""},
		{"change the profile", nil, func(f *freshSite) error { return f.st.Users.UpdateProfile(ctx, f.u, "Alice", "A new introduction.") },
			func(f *freshSite) []string { return []string{f.site, f.pub} }, "A new introduction.", ""},
		{"create a published post", nil, createPost, allFour, "2000000000000010", ""},
		{"import a published post", nil, func(f *freshSite) error {
			return f.st.Posts.CreateImportedPost(ctx, "imported.md", &stgypub.Post{
				ID: 0x2000000000000011, OwnedBy: f.u, Content: "# Imported", PublishedAt: at(-30 * time.Minute),
				Snippet: markdown.Convert("# Imported", markdown.Options{}).Snippet,
			})
		}, allFour, "2000000000000011", ""},
		{"take over another user's post", nil, func(f *freshSite) error { return f.st.Posts.ChangeOwner(ctx, f.bobs, f.u) },
			withBobsSite, "", ""},
		{"give it back", func(f *freshSite) error { return f.st.Posts.ChangeOwner(ctx, f.bobs, f.u) },
			func(f *freshSite) error { return f.st.Posts.ChangeOwner(ctx, f.bobs, f.other) },
			withBobsSite, "", ""},
		{"delete a listed post", createPost, func(f *freshSite) error { return f.st.Posts.DeletePost(ctx, created) },
			allFour, "", "2000000000000010"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFreshSite(t)
			if tt.setup != nil {
				if err := tt.setup(f); err != nil {
					t.Fatal(err)
				}
				f.clk.Add(5 * time.Second)
			}
			paths := tt.paths(f)
			old := map[string]string{}
			for _, path := range paths {
				old[path] = lastModified(t, f.env, path)
			}
			f.clk.Add(5 * time.Second)
			if err := tt.write(f); err != nil {
				t.Fatal(err)
			}
			f.clk.Add(time.Second)
			for _, path := range paths {
				checkRevalidation(t, f.env, path, old[path], tt.want, tt.notWant)
			}
		})
	}
}

func allFour(f *freshSite) []string     { return []string{f.site, f.pub, f.feed, "/sitemap.xml"} }
func sitePubFeed(f *freshSite) []string { return []string{f.site, f.pub, f.feed} }
func withBobsSite(f *freshSite) []string {
	return []string{f.site, f.pub, f.feed, "/sites/" + f.other.String()}
}

// TestLastModifiedRules covers the other Last-Modified rules, each case on
// its own database and clock.
func TestLastModifiedRules(t *testing.T) {
	ctx := context.Background()
	t.Run("a scheduled post falls due", func(t *testing.T) {
		t.Parallel()
		f := newFreshSite(t)
		due := f.clock().Add(time.Minute)
		f.post(0x2000000000000030, f.u, "# Falls due\n\nLater.", "en", &due)
		f.clk.Set(due.Add(-time.Second))
		old := map[string]string{}
		for _, path := range allFour(f) {
			old[path] = lastModified(t, f.env, path)
			if strings.Contains(f.get(path).Body.String(), "2000000000000030") {
				t.Fatalf("%s lists the scheduled post early", path)
			}
		}
		f.clk.Set(due.Add(2 * time.Second)) // no write: only the clock moves
		for _, path := range allFour(f) {
			checkRevalidation(t, f.env, path, old[path], "2000000000000030", "")
		}
	})

	t.Run("search results", func(t *testing.T) {
		t.Parallel()
		f := newFreshSite(t)
		search := f.site + "?q=Article"
		old := lastModified(t, f.env, search)
		f.clk.Add(5 * time.Second)
		c := stgypub.DefaultPubConfig(f.u)
		c.SiteName = "Searched Site"
		if err := f.st.Users.UpdatePubConfig(ctx, c); err != nil {
			t.Fatal(err)
		}
		checkRevalidation(t, f.env, search, old, "Searched Site", "")
	})

	t.Run("another owner's writes leave the site alone", func(t *testing.T) {
		t.Parallel()
		f := newFreshSite(t)
		old := lastModified(t, f.env, f.site)
		f.clk.Add(5 * time.Second)
		if err := f.st.Users.UpdateProfile(ctx, f.other, "Bob", "Changed."); err != nil {
			t.Fatal(err)
		}
		if rec := f.get(f.site, "If-Modified-Since", old); rec.Code != http.StatusNotModified {
			t.Errorf("status = %d, want 304", rec.Code)
		}
	})

	t.Run("If-None-Match wins over If-Modified-Since", func(t *testing.T) {
		t.Parallel()
		f := newFreshSite(t)
		for _, path := range sitePubFeed(f) {
			first := f.get(path)
			lm := first.Header().Get("Last-Modified")
			if rec := f.get(path, "If-None-Match", `"0000"`, "If-Modified-Since", lm); rec.Code != 200 {
				t.Errorf("%s: stale ETag with a current date: status %d, want 200", path, rec.Code)
			}
			if rec := f.get(path, "If-None-Match", first.Header().Get("ETag"), "If-Modified-Since", "Mon, 02 Jan 2006 15:04:05 GMT"); rec.Code != 304 {
				t.Errorf("%s: current ETag with an old date: status %d, want 304", path, rec.Code)
			}
		}
	})

	t.Run("never in the future", func(t *testing.T) {
		t.Parallel()
		f := newFreshSite(t)
		if _, err := f.st.DB.ExecContext(ctx, `UPDATE users SET updated_at = ?`, f.clock().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		want := f.clock().UTC().Format(http.TimeFormat)
		for _, path := range allFour(f) {
			if got := lastModified(t, f.env, path); got != want {
				t.Errorf("%s: Last-Modified %s, want the store clock %s", path, got, want)
			}
		}
	})
}

// lastModified GETs path and returns its Last-Modified.
func lastModified(t *testing.T, e *env, path string) string {
	t.Helper()
	rec := e.get(path)
	lm := rec.Header().Get("Last-Modified")
	if rec.Code != 200 || lm == "" {
		t.Fatalf("%s: status %d, Last-Modified %q", path, rec.Code, lm)
	}
	return lm
}

// checkRevalidation asserts that path revalidated with the old
// Last-Modified alone is a 200 with the new content and a later
// Last-Modified, and that the new one gives 304.
func checkRevalidation(t *testing.T, e *env, path, old, want, notWant string) {
	t.Helper()
	rec := e.get(path, "If-Modified-Since", old)
	if rec.Code != http.StatusOK {
		t.Errorf("%s: If-Modified-Since %s gave %d, want 200", path, old, rec.Code)
		return
	}
	body := rec.Body.String()
	if want != "" && !strings.Contains(body, want) {
		t.Errorf("%s: body lacks %q", path, want)
	}
	if notWant != "" && strings.Contains(body, notWant) {
		t.Errorf("%s: body still contains %q", path, notWant)
	}
	lm := rec.Header().Get("Last-Modified")
	oldT, _ := http.ParseTime(old)
	newT, err := http.ParseTime(lm)
	if err != nil || !newT.After(oldT) {
		t.Errorf("%s: Last-Modified %q not after %q", path, lm, old)
	}
	if rec := e.get(path, "If-Modified-Since", lm); rec.Code != http.StatusNotModified {
		t.Errorf("%s: If-Modified-Since %s (current) gave %d, want 304", path, lm, rec.Code)
	}
}
