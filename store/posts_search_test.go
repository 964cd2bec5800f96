package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestSearchPublished(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	bob := mustUser(t, s, "bob")
	texts := map[stgypub.ID]string{
		1: "Structured Logging with slog",
		2: "GOPHERS love LOGGING too",
		3: "キャッシュ制御ヘッダーについての説明です",
		4: "Discount: 100% off today",
		5: "the snake_case name",
		6: `a back\slash path`,
		7: "100 percent, snakeXcase",
	}
	for id := stgypub.ID(1); id <= 7; id++ {
		mustPost(t, s, alice, id, ptr(now.Add(-time.Duration(id)*time.Hour)), texts[id])
	}
	mustPost(t, s, alice, 8, nil, "unpublished logging draft")
	mustPost(t, s, alice, 9, ptr(now.Add(time.Hour)), "scheduled logging post")
	mustPost(t, s, bob, 10, ptr(now.Add(-time.Hour)), "bob's logging post")

	cases := []struct {
		name  string
		query string
		q     stgypub.PostQuery
		want  []stgypub.ID
		total int
		code  string
	}{
		{"case-insensitive English", "logging", stgypub.PostQuery{Limit: 10}, []stgypub.ID{1, 2}, 2, ""},
		{"upper-case query", "SLOG", stgypub.PostQuery{Limit: 10}, []stgypub.ID{1}, 1, ""},
		{"oldest first", "logging", stgypub.PostQuery{Order: stgypub.OrderOldest, Limit: 10}, []stgypub.ID{2, 1}, 2, ""},
		{"Japanese substring", "制御ヘッダー", stgypub.PostQuery{Limit: 10}, []stgypub.ID{3}, 1, ""},
		{"Japanese single character", "説", stgypub.PostQuery{Limit: 10}, []stgypub.ID{3}, 1, ""},
		{"percent is literal", "100%", stgypub.PostQuery{Limit: 10}, []stgypub.ID{4}, 1, ""},
		{"underscore is literal", "snake_case", stgypub.PostQuery{Limit: 10}, []stgypub.ID{5}, 1, ""},
		{"backslash is literal", `back\slash`, stgypub.PostQuery{Limit: 10}, []stgypub.ID{6}, 1, ""},
		{"lone percent matches only itself", "%", stgypub.PostQuery{Limit: 10}, []stgypub.ID{4}, 1, ""},
		{"no match", "kubernetes", stgypub.PostQuery{Limit: 10}, []stgypub.ID{}, 0, ""},
		{"paged: total counts all", "logging", stgypub.PostQuery{Limit: 1}, []stgypub.ID{1}, 2, ""},
		{"page past end keeps total", "logging", stgypub.PostQuery{Offset: 5, Limit: 1}, []stgypub.ID{}, 2, ""},
		{"empty query", "  ", stgypub.PostQuery{Limit: 10}, nil, 0, stgypub.CodeBadUserInput},
		{"bad paging", "logging", stgypub.PostQuery{Limit: 0}, nil, 0, stgypub.CodeBadUserInput},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, total, err := s.Posts.SearchPublished(ctx, alice, tc.query, tc.q)
			if tc.code != "" {
				wantCode(t, err, tc.code)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(ids(got), tc.want) || total != tc.total {
				t.Errorf("got %v total %d, want %v total %d", ids(got), total, tc.want, tc.total)
			}
			for _, p := range got {
				if p.PlainText != texts[p.ID] || p.Content != "" {
					t.Errorf("post %s: plain %q content %q", p.ID, p.PlainText, p.Content)
				}
			}
		})
	}
}
