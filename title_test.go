package stgypub_test

import (
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestDisplayTitle(t *testing.T) {
	tokyo, _ := time.LoadLocation("Asia/Tokyo")
	pub := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	created := stgypub.IDFromTime(time.Date(2026, 11, 30, 23, 30, 0, 0, time.UTC), 1)
	cases := []struct {
		name string
		post stgypub.Post
		loc  *time.Location
		want string
	}{
		{"heading", stgypub.Post{Snippet: `[{"t":"h","l":1,"c":"Hello"}]`, PublishedAt: &pub}, tokyo, "Hello"},
		{"first line", stgypub.Post{Snippet: `[{"t":"p","c":"Just text"}]`, PublishedAt: &pub}, nil, "Just text"},
		{"image only, UTC", stgypub.Post{Snippet: `[{"t":"img","src":"https://e.org/a.png"}]`, PublishedAt: &pub}, nil, "2026-12-01"},
		{"image only, Tokyo is a day later", stgypub.Post{Snippet: `[{"t":"img","src":"https://e.org/a.png"}]`, PublishedAt: &pub}, tokyo, "2026-12-02"},
		{"empty draft: creation date", stgypub.Post{ID: created, Snippet: `[]`}, tokyo, "2026-12-01"},
		{"empty draft, UTC", stgypub.Post{ID: created, Snippet: `[]`}, time.UTC, "2026-11-30"},
	}
	for _, c := range cases {
		if got := c.post.DisplayTitle(c.loc); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
