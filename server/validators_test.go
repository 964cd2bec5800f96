package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub/markdown"
)

// TestLastModifiedSubSecondEdits (issue 9.16): Last-Modified has
// one-second granularity, so edits within one second must never let
// If-Modified-Since keep the older page, on /pub, /sites and the feed. It
// edits twice within one second with a GET between, revalidates with
// every date a client could hold, and checks the page then shows the
// second edit; a date the server did send still gives 304 until the next
// change.
func TestLastModifiedSubSecondEdits(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	sec := baseTime.Add(time.Hour) // a whole second
	p := e.post(0x2000000000000001, u, "# Edit zero\n\nBody zero.", "en", at(-time.Hour))
	edit := func(n string) {
		t.Helper()
		post, err := e.st.Posts.Post(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		post.Content = "# Edit " + n + "\n\nBody " + n + "."
		post.Snippet = markdown.Convert(post.Content, markdown.Options{}).Snippet
		if err := e.st.Posts.UpdatePost(ctx, post); err != nil {
			t.Fatal(err)
		}
	}
	for _, path := range []string{"/pub/" + p.String(), "/sites/" + u.String(), "/sites/" + u.String() + "/feed.atom"} {
		t.Run(path, func(t *testing.T) {
			e.clk.Set(sec.Add(200 * time.Millisecond))
			edit("one")
			e.clk.Set(sec.Add(300 * time.Millisecond))
			first := e.get(path)
			if first.Code != 200 || !strings.Contains(first.Body.String(), "Edit one") {
				t.Fatalf("after the first edit: %d", first.Code)
			}
			if lm := first.Header().Get("Last-Modified"); lm != "" {
				if got, _ := http.ParseTime(lm); !got.After(sec) {
					t.Errorf("Last-Modified %s within the edit's second, not after it", lm)
				}
			}
			e.clk.Set(sec.Add(700 * time.Millisecond))
			edit("two")
			e.clk.Set(sec.Add(800 * time.Millisecond))
			for _, ims := range []string{sec.Format(http.TimeFormat), first.Header().Get("Last-Modified")} {
				if ims == "" {
					continue
				}
				rec := e.get(path, "If-Modified-Since", ims)
				if rec.Code != 200 || !strings.Contains(rec.Body.String(), "Edit two") {
					t.Errorf("If-Modified-Since %s after a second edit in the same second: %d, shows the second edit: %v",
						ims, rec.Code, strings.Contains(rec.Body.String(), "Edit two"))
				}
			}
			e.clk.Set(sec.Add(1500 * time.Millisecond))
			later := e.get(path)
			lm := later.Header().Get("Last-Modified")
			if lm != sec.Add(time.Second).Format(http.TimeFormat) {
				t.Fatalf("Last-Modified = %q, want the second edit's time rounded up (%s)", lm, sec.Add(time.Second).Format(http.TimeFormat))
			}
			if rec := e.get(path, "If-Modified-Since", lm); rec.Code != http.StatusNotModified {
				t.Errorf("unchanged page, its own date: %d, want 304", rec.Code)
			}
			e.clk.Set(sec.Add(1600 * time.Millisecond))
			edit("three")
			e.clk.Set(sec.Add(1700 * time.Millisecond))
			if rec := e.get(path, "If-Modified-Since", lm); rec.Code != 200 || !strings.Contains(rec.Body.String(), "Edit three") {
				t.Errorf("If-Modified-Since %s after a later edit: %d", lm, rec.Code)
			}
			sec = sec.Add(time.Hour)
		})
	}
}
