package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestOwnerComments: comments across an owner's posts (any post state),
// by status, in both orders, paged; another owner's never included.
func TestOwnerComments(t *testing.T) {
	f := newCommentFixture(t)
	ctx := context.Background()
	a := f.insert(t, "a", stgypub.CommentPending)
	f.post = mustPost(t, f.s, f.owner, 0, nil, "draft") // a draft of the same owner
	b := f.insert(t, "b", stgypub.CommentPublished)
	c := f.insert(t, "c", stgypub.CommentPending)
	other := mustUser(t, f.s, "other")
	f.post = mustPost(t, f.s, other, 0, ptr(now.Add(-time.Hour)), "elsewhere")
	f.insert(t, "x", stgypub.CommentPending)

	ids := func(p *stgypub.CommentPage) []stgypub.ID {
		out := []stgypub.ID{}
		for _, c := range p.Items {
			out = append(out, c.ID)
		}
		return out
	}
	cases := []struct {
		name  string
		q     stgypub.OwnerCommentQuery
		want  []stgypub.ID
		total int
	}{
		{"pending oldest", stgypub.OwnerCommentQuery{Status: stgypub.CommentPending, Order: stgypub.OrderOldest, Limit: 10}, []stgypub.ID{a.ID, c.ID}, 2},
		{"pending newest", stgypub.OwnerCommentQuery{Status: stgypub.CommentPending, Order: stgypub.OrderNewest, Limit: 10}, []stgypub.ID{c.ID, a.ID}, 2},
		{"all oldest, page 2 of 1", stgypub.OwnerCommentQuery{Order: stgypub.OrderOldest, Offset: 1, Limit: 1}, []stgypub.ID{b.ID}, 3},
		{"published", stgypub.OwnerCommentQuery{Status: stgypub.CommentPublished, Limit: 10}, []stgypub.ID{b.ID}, 1},
		{"past the end", stgypub.OwnerCommentQuery{Offset: 3, Limit: 10}, []stgypub.ID{}, 3},
	}
	for _, tc := range cases {
		p, err := f.s.Comments.OwnerComments(ctx, f.owner, tc.q)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := ids(p); p.TotalCount != tc.total || len(got) != len(tc.want) || (len(got) > 0 && got[0] != tc.want[0]) || (len(got) > 1 && got[1] != tc.want[1]) {
			t.Errorf("%s: %v total %d, want %v total %d", tc.name, got, p.TotalCount, tc.want, tc.total)
		}
	}
	for _, q := range []stgypub.OwnerCommentQuery{{Limit: 0}, {Limit: 101}, {Offset: -1, Limit: 5}} {
		if _, err := f.s.Comments.OwnerComments(ctx, f.owner, q); stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
			t.Errorf("%+v: %v", q, err)
		}
	}
}
