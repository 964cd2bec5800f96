package comment_test

import (
	"context"
	"testing"

	"github.com/stgy/stgypub"
)

// TestOwnerList: the moderation queue across an owner's posts, oldest
// first, filtered by status, paged; other owners' comments never appear;
// only the owner or an administrator may read it.
func TestOwnerList(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsModerated)
	ctx := context.Background()
	second := e.newPost(e.owner.ID, 0, true)
	other := e.user("other", false)
	e.setMode(other.ID, stgypub.CommentsOpen)
	foreign := e.newPost(other.ID, 0, true)
	a := e.mustReaderPost(e.post, "Ann")
	b := e.mustReaderPost(second, "Bob")
	c := e.mustReaderPost(e.post, "Cy")
	e.mustReaderPost(foreign, "Elsewhere")
	if _, err := e.svc.Approve(ctx, e.owner, b.ID); err != nil {
		t.Fatal(err)
	}
	list := func(viewer *stgypub.User, q stgypub.OwnerCommentQuery) ([]stgypub.ID, int, error) {
		items, total, err := e.svc.OwnerList(ctx, viewer, e.owner.ID, q)
		out := make([]stgypub.ID, len(items))
		for i, it := range items {
			out[i] = it.ID
			if viewer != nil && !it.CanModerate {
				t.Errorf("%s: no moderation right", it.ID)
			}
		}
		return out, total, err
	}
	eq := func(got, want []stgypub.ID) bool {
		if len(got) != len(want) {
			return false
		}
		for i := range got {
			if got[i] != want[i] {
				return false
			}
		}
		return true
	}
	cases := []struct {
		name  string
		q     stgypub.OwnerCommentQuery
		want  []stgypub.ID
		total int
	}{
		{"pending, oldest first", stgypub.OwnerCommentQuery{Status: stgypub.CommentPending, Limit: 20}, []stgypub.ID{a.ID, c.ID}, 2},
		{"published", stgypub.OwnerCommentQuery{Status: stgypub.CommentPublished, Limit: 20}, []stgypub.ID{b.ID}, 1},
		{"all, newest first", stgypub.OwnerCommentQuery{Order: stgypub.OrderNewest, Limit: 20}, []stgypub.ID{c.ID, b.ID, a.ID}, 3},
		{"second page of one", stgypub.OwnerCommentQuery{Limit: 1, Offset: 1}, []stgypub.ID{b.ID}, 3},
		{"past the end", stgypub.OwnerCommentQuery{Limit: 5, Offset: 10}, []stgypub.ID{}, 3},
		{"limit clamped", stgypub.OwnerCommentQuery{Limit: 100000}, []stgypub.ID{a.ID, b.ID, c.ID}, 3},
	}
	for _, tc := range cases {
		for _, viewer := range []*stgypub.User{e.owner, e.admin} {
			got, total, err := list(viewer, tc.q)
			if err != nil || total != tc.total || !eq(got, tc.want) {
				t.Errorf("%s as %s: %v total %d (%v), want %v total %d", tc.name, viewer.LoginName, got, total, err, tc.want, tc.total)
			}
		}
	}
	if _, _, err := list(nil, stgypub.OwnerCommentQuery{Limit: 5}); code(err) != stgypub.CodeUnauthenticated {
		t.Errorf("anonymous: %v", err)
	}
	if _, _, err := list(other, stgypub.OwnerCommentQuery{Limit: 5}); code(err) != stgypub.CodeForbidden {
		t.Errorf("another owner: %v", err)
	}
	if _, _, err := list(e.owner, stgypub.OwnerCommentQuery{Limit: 5, Offset: -1}); code(err) != stgypub.CodeBadUserInput {
		t.Errorf("negative offset: %v", err)
	}
}
