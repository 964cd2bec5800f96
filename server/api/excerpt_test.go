package api_test

import (
	"strings"
	"testing"
)

// TestOwnPostExcerptAndReadingTime (issue 21 #6): through the real owners'
// service and store, myPosts gives each post an excerpt that does not
// repeat the title and ends at a boundary with "…", and the reading time
// derived when the post was written.
func TestOwnPostExcerptAndReadingTime(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	body := "# Go 1.12 is released\n\nThe Go team is happy to announce the release of Go 1.12. " + strings.Repeat("It brings many improvements to tracing and modules. ", 60)
	ja := "# 日本語の記事\n\n" + strings.Repeat("ガベージコレクタはヒープを掃除します。", 40)
	for _, c := range []string{body, ja, "![only](https://e.org/a.png)"} {
		e.do(t, req{as: "owner", query: `mutation($c: String!) { createPost(input: {content: $c}) { id } }`, variables: map[string]any{"c": c}})
	}
	var mine []struct {
		Title, Excerpt     string
		ReadingTimeMinutes int
	}
	e.do(t, req{as: "owner", query: `{ myPosts(limit: 10) { title excerpt readingTimeMinutes } }`}).data(t, "myPosts", &mine)
	want := map[string]struct {
		excerptStart string
		minutes      int
	}{
		"Go 1.12 is released": {"The Go team is happy", 3}, // 4 + 11 + 480 words: 2.2 minutes
		"日本語の記事":              {"ガベージコレクタ", 2},             // 5 + 720 characters
	}
	seen := 0
	for _, p := range mine {
		w, ok := want[p.Title]
		if !ok {
			if p.ReadingTimeMinutes != 0 || p.Excerpt != "" || p.Title == "" {
				t.Errorf("image-only post: %+v", p)
			}
			continue
		}
		seen++
		if !strings.HasPrefix(p.Excerpt, w.excerptStart) || !strings.HasSuffix(p.Excerpt, "。…") && !strings.HasSuffix(p.Excerpt, ".…") {
			t.Errorf("%s: excerpt %q", p.Title, p.Excerpt)
		}
		if p.ReadingTimeMinutes != w.minutes {
			t.Errorf("%s: %d minutes, want %d", p.Title, p.ReadingTimeMinutes, w.minutes)
		}
	}
	if seen != 2 {
		t.Errorf("myPosts = %+v", mine)
	}
}
