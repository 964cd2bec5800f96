package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestEqualTimestampOrdering(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	owner := mustUser(t, s, "alice")
	same := now.Add(-time.Hour)
	mustPost(t, s, owner, 12, &same, "b")
	mustPost(t, s, owner, 10, ptr(now.Add(-2*time.Hour)), "older")
	mustPost(t, s, owner, 13, &same, "c")
	mustPost(t, s, owner, 14, ptr(now.Add(-time.Minute)), "newer")
	mustPost(t, s, owner, 11, &same, "a")
	newest := []stgypub.ID{14, 13, 12, 11, 10}
	oldest := []stgypub.ID{10, 11, 12, 13, 14}

	lists := []struct {
		name  string
		order stgypub.Order
		want  []stgypub.ID
	}{
		{"newest", stgypub.OrderNewest, newest},
		{"default is newest", "", newest},
		{"oldest", stgypub.OrderOldest, oldest},
	}
	for _, tc := range lists {
		t.Run("list "+tc.name, func(t *testing.T) {
			got, err := s.Posts.PublishedByUser(ctx, owner, stgypub.PostQuery{Order: tc.order, Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(ids(got), tc.want) {
				t.Errorf("got %v, want %v", ids(got), tc.want)
			}
		})
	}

	adjacent := []struct {
		id           stgypub.ID
		older, newer stgypub.ID // 0 = none
	}{
		{10, 0, 11},
		{11, 10, 12},
		{12, 11, 13},
		{13, 12, 14},
		{14, 13, 0},
	}
	for _, tc := range adjacent {
		t.Run("adjacent of "+tc.id.String(), func(t *testing.T) {
			p, err := s.Posts.PublishedPost(ctx, tc.id)
			if err != nil {
				t.Fatal(err)
			}
			older, newer, err := s.Posts.AdjacentPublished(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if idOf(older) != tc.older || idOf(newer) != tc.newer {
				t.Errorf("older/newer = %v/%v, want %v/%v", idOf(older), idOf(newer), tc.older, tc.newer)
			}
		})
	}
	t.Run("adjacent of many in one statement", func(t *testing.T) {
		var ps []*stgypub.Post
		for _, tc := range adjacent {
			p, err := s.Posts.PublishedPost(ctx, tc.id)
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, p)
		}
		ps = append(ps, nil, &stgypub.Post{ID: 99, OwnedBy: owner}, ps[2]) // none, unpublished, a repeat
		got, err := s.Posts.AdjacentPublishedMany(ctx, ps)
		if err != nil || len(got) != len(ps) {
			t.Fatal(got, err)
		}
		for i, tc := range adjacent {
			if idOf(got[i][0]) != tc.older || idOf(got[i][1]) != tc.newer {
				t.Errorf("%s: older/newer = %v/%v, want %v/%v", tc.id, idOf(got[i][0]), idOf(got[i][1]), tc.older, tc.newer)
			}
		}
		n := len(adjacent)
		if got[n][0] != nil || got[n][1] != nil || got[n+1][0] != nil || got[n+1][1] != nil {
			t.Errorf("nil or unpublished: %v %v", got[n], got[n+1])
		}
		if idOf(got[n+2][0]) != 11 || idOf(got[n+2][1]) != 13 {
			t.Errorf("repeat: %v", got[n+2])
		}
		if got[n+2][0] != nil && got[n+2][0].Snippet == "" {
			t.Error("the neighbour's snippet is not loaded")
		}
	})
	t.Run("adjacent of unpublished is none", func(t *testing.T) {
		older, newer, err := s.Posts.AdjacentPublished(ctx, &stgypub.Post{ID: 99, OwnedBy: owner})
		if err != nil || older != nil || newer != nil {
			t.Errorf("got %v %v %v", older, newer, err)
		}
	})
}

func idOf(p *stgypub.Post) stgypub.ID {
	if p == nil {
		return 0
	}
	return p.ID
}

func TestPagination(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	owner := mustUser(t, s, "alice")
	for i := 1; i <= 5; i++ {
		mustPost(t, s, owner, stgypub.ID(i), ptr(now.Add(-time.Duration(i)*time.Hour)), "post")
	}
	cases := []struct {
		name string
		q    stgypub.PostQuery
		want []stgypub.ID
		code string
	}{
		{"first page", stgypub.PostQuery{Limit: 2}, []stgypub.ID{1, 2}, ""},
		{"middle page", stgypub.PostQuery{Offset: 2, Limit: 2}, []stgypub.ID{3, 4}, ""},
		{"last page is short", stgypub.PostQuery{Offset: 4, Limit: 2}, []stgypub.ID{5}, ""},
		{"offset past end", stgypub.PostQuery{Offset: 5, Limit: 2}, []stgypub.ID{}, ""},
		{"far past end", stgypub.PostQuery{Offset: 1000, Limit: 2}, []stgypub.ID{}, ""},
		{"limit 1", stgypub.PostQuery{Offset: 3, Limit: 1}, []stgypub.ID{4}, ""},
		{"limit 1 oldest", stgypub.PostQuery{Order: stgypub.OrderOldest, Limit: 1}, []stgypub.ID{5}, ""},
		{"negative offset", stgypub.PostQuery{Offset: -1, Limit: 2}, nil, stgypub.CodeBadUserInput},
		{"zero limit", stgypub.PostQuery{Limit: 0}, nil, stgypub.CodeBadUserInput},
		{"huge limit", stgypub.PostQuery{Limit: 1001}, nil, stgypub.CodeBadUserInput},
		{"unknown order", stgypub.PostQuery{Order: "sideways", Limit: 2}, nil, stgypub.CodeBadUserInput},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.Posts.PublishedByUser(ctx, owner, tc.q)
			if tc.code != "" {
				wantCode(t, err, tc.code)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(ids(got), tc.want) {
				t.Errorf("got %v, want %v", ids(got), tc.want)
			}
		})
	}
}

// TestKeysetPaging walks a site with cursors over equal publication
// times (ties broken by id) in both orders, and shows that a post
// published between two pages neither repeats nor shifts the next page,
// as offset paging does.
func TestKeysetPaging(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	owner := mustUser(t, s, "alice")
	same := now.Add(-time.Hour)
	for _, id := range []stgypub.ID{21, 22, 23} {
		mustPost(t, s, owner, id, &same, "tie")
	}
	mustPost(t, s, owner, 20, ptr(now.Add(-2*time.Hour)), "older")
	mustPost(t, s, owner, 24, ptr(now.Add(-time.Minute)), "newer")
	mustPost(t, s, owner, 25, nil, "draft")
	walk := func(order stgypub.Order) []stgypub.ID {
		var seen []stgypub.ID
		var after *stgypub.PostCursor
		for range 10 {
			page, err := s.Posts.PublishedByUser(ctx, owner, stgypub.PostQuery{Order: order, Limit: 2, After: after})
			if err != nil {
				t.Fatal(err)
			}
			if len(page) == 0 {
				return seen
			}
			seen = append(seen, ids(page)...)
			last := page[len(page)-1]
			after = &stgypub.PostCursor{PublishedAt: *last.PublishedAt, ID: last.ID}
		}
		t.Fatal("no end")
		return nil
	}
	if got := walk(stgypub.OrderNewest); !slices.Equal(got, []stgypub.ID{24, 23, 22, 21, 20}) {
		t.Errorf("newest: %v", got)
	}
	if got := walk(stgypub.OrderOldest); !slices.Equal(got, []stgypub.ID{20, 21, 22, 23, 24}) {
		t.Errorf("oldest: %v", got)
	}
	first, err := s.Posts.PublishedByUser(ctx, owner, stgypub.PostQuery{Limit: 2})
	if err != nil || !slices.Equal(ids(first), []stgypub.ID{24, 23}) {
		t.Fatalf("first page %v %v", ids(first), err)
	}
	mustPost(t, s, owner, 26, ptr(now.Add(-time.Second)), "published in between")
	cur := &stgypub.PostCursor{PublishedAt: *first[1].PublishedAt, ID: first[1].ID}
	next, err := s.Posts.PublishedByUser(ctx, owner, stgypub.PostQuery{Limit: 2, After: cur})
	if err != nil || !slices.Equal(ids(next), []stgypub.ID{22, 21}) {
		t.Errorf("cursor page 2 = %v %v, want [22 21]", ids(next), err)
	}
	byOffset, _ := s.Posts.PublishedByUser(ctx, owner, stgypub.PostQuery{Offset: 2, Limit: 2})
	if !slices.Equal(ids(byOffset), []stgypub.ID{23, 22}) {
		t.Errorf("offset page 2 = %v (the drift cursors avoid: 23 repeats)", ids(byOffset))
	}
	_, err = s.Posts.PublishedByUser(ctx, owner, stgypub.PostQuery{Offset: 1, Limit: 2, After: cur})
	wantCode(t, err, stgypub.CodeBadUserInput)
}
