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

// TestLastModifiedFollowsSiteChanges: a client revalidating with
// If-Modified-Since alone gets 304 only while nothing the page shows has
// changed. For /sites, /pub, the feed and the sitemap it takes
// Last-Modified, lets the store clock run a few seconds, performs one
// kind of write through the store and expects 200 with the new content
// for the old date (and 304 for the new one).
func TestLastModifiedFollowsSiteChanges(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	other := e.user(0x1000000000000002, "bob", "Bob")
	article := e.post(0x2000000000000001, u, "# Article\n\nThe page under test.", "en", at(-3*time.Hour))
	listed := e.post(0x2000000000000002, u, "# Listed\n\nA neighbour and Recent post.", "en", at(-2*time.Hour))
	bobs := e.post(0x2000000000000003, other, "# Bob's\n\nMoves to Alice.", "en", at(-90*time.Minute))
	e.now = baseTime.Add(time.Minute)

	site, pub, feed := "/sites/"+u.String(), "/pub/"+article.String(), "/sites/"+u.String()+"/feed.atom"
	tests := []struct {
		name  string
		write func() error
		// want is a text each changed page (paths) must now contain ("" for
		// none), notWant one it must no longer contain.
		paths         []string
		want, notWant string
	}{
		{"unpublish a listed post", func() error { return e.st.SetPublication(ctx, listed, nil) },
			[]string{site, pub, feed, "/sitemap.xml"}, "", listed.String()},
		{"publish it again", func() error { return e.st.SetPublication(ctx, listed, at(-2*time.Hour)) },
			[]string{site, pub, feed, "/sitemap.xml"}, listed.String(), ""},
		{"rename the site", func() error {
			c := stgypub.DefaultPubConfig(u)
			c.SiteName = "Renamed Site"
			return e.st.UpdatePubConfig(ctx, c)
		}, []string{site, pub, feed}, "Renamed Site", ""},
		{"edit a listed post", func() error {
			p, err := e.st.Post(ctx, listed)
			if err != nil {
				return err
			}
			p.Content = "# Listed, edited\n\nNew text."
			p.Snippet = markdown.Convert(p.Content, markdown.Options{}).Snippet
			return e.st.UpdatePost(ctx, p)
		}, []string{site, pub, feed}, "Listed, edited", ""},
		{"edit the article", func() error {
			p, err := e.st.Post(ctx, article)
			if err != nil {
				return err
			}
			p.Content = "# Article\n\nRewritten body."
			return e.st.UpdatePost(ctx, p)
		}, []string{pub}, "Rewritten body.", ""},
		{"change the profile", func() error { return e.st.UpdateProfile(ctx, u, "Alice", "A new introduction.") },
			[]string{site, pub}, "A new introduction.", ""},
		{"create a published post", func() error {
			e.post(0x2000000000000010, u, "# Created\n\nNew.", "en", at(-time.Hour))
			return nil
		}, []string{site, pub, feed, "/sitemap.xml"}, "2000000000000010", ""},
		{"import a published post", func() error {
			return e.st.CreateImportedPost(ctx, "imported.md", &stgypub.Post{
				ID: 0x2000000000000011, OwnedBy: u, Content: "# Imported", PublishedAt: at(-30 * time.Minute),
				Snippet: markdown.Convert("# Imported", markdown.Options{}).Snippet,
			})
		}, []string{site, pub, feed, "/sitemap.xml"}, "2000000000000011", ""},
		{"take over another user's post", func() error { return e.st.ChangeOwner(ctx, bobs, u) },
			[]string{site, pub, feed, "/sites/" + other.String()}, "", ""},
		{"give it back", func() error { return e.st.ChangeOwner(ctx, bobs, other) },
			[]string{site, pub, feed, "/sites/" + other.String()}, "", ""},
		{"delete a listed post", func() error { return e.st.DeletePost(ctx, 0x2000000000000010) },
			[]string{site, pub, feed, "/sitemap.xml"}, "", "2000000000000010"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := map[string]string{}
			for _, path := range tt.paths {
				old[path] = lastModified(t, e, path)
			}
			e.now = e.now.Add(5 * time.Second)
			if err := tt.write(); err != nil {
				t.Fatal(err)
			}
			e.now = e.now.Add(time.Second)
			for _, path := range tt.paths {
				checkRevalidation(t, e, path, old[path], tt.want, tt.notWant)
			}
		})
	}

	t.Run("a scheduled post falls due", func(t *testing.T) {
		due := e.now.Add(time.Minute)
		e.post(0x2000000000000030, u, "# Falls due\n\nLater.", "en", &due)
		e.now = due.Add(-time.Second)
		old := map[string]string{}
		for _, path := range []string{site, pub, feed, "/sitemap.xml"} {
			old[path] = lastModified(t, e, path)
			if strings.Contains(e.get(path).Body.String(), "2000000000000030") {
				t.Fatalf("%s lists the scheduled post early", path)
			}
		}
		e.now = due.Add(2 * time.Second) // no write: only the clock moves
		for _, path := range []string{site, pub, feed, "/sitemap.xml"} {
			checkRevalidation(t, e, path, old[path], "2000000000000030", "")
		}
	})

	t.Run("search results", func(t *testing.T) {
		search := site + "?q=Article"
		old := lastModified(t, e, search)
		e.now = e.now.Add(5 * time.Second)
		c := stgypub.DefaultPubConfig(u)
		c.SiteName = "Searched Site"
		if err := e.st.UpdatePubConfig(ctx, c); err != nil {
			t.Fatal(err)
		}
		checkRevalidation(t, e, search, old, "Searched Site", "")
	})

	t.Run("another owner's writes leave the site alone", func(t *testing.T) {
		old := lastModified(t, e, site)
		e.now = e.now.Add(5 * time.Second)
		if err := e.st.UpdateProfile(ctx, other, "Bob", "Changed."); err != nil {
			t.Fatal(err)
		}
		if rec := e.get(site, "If-Modified-Since", old); rec.Code != http.StatusNotModified {
			t.Errorf("status = %d, want 304", rec.Code)
		}
	})

	t.Run("If-None-Match wins over If-Modified-Since", func(t *testing.T) {
		for _, path := range []string{site, pub, feed} {
			first := e.get(path)
			lm := first.Header().Get("Last-Modified")
			if rec := e.get(path, "If-None-Match", `"0000"`, "If-Modified-Since", lm); rec.Code != 200 {
				t.Errorf("%s: stale ETag with a current date: status %d, want 200", path, rec.Code)
			}
			if rec := e.get(path, "If-None-Match", first.Header().Get("ETag"), "If-Modified-Since", "Mon, 02 Jan 2006 15:04:05 GMT"); rec.Code != 304 {
				t.Errorf("%s: current ETag with an old date: status %d, want 304", path, rec.Code)
			}
		}
	})

	t.Run("never in the future", func(t *testing.T) {
		if _, err := e.st.DB.ExecContext(ctx, `UPDATE users SET updated_at = ?`, e.now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		want := e.now.UTC().Format(http.TimeFormat)
		for _, path := range []string{site, pub, feed, "/sitemap.xml"} {
			if got := lastModified(t, e, path); got != want {
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
