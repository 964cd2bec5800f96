package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestPostRenders(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	id := mustPost(t, s, alice, 1, ptr(now.Add(-time.Hour)), "# T")
	if _, err := s.Posts.PostRender(ctx, id, false); stgypub.ErrorCode(err) != stgypub.CodeNotFound {
		t.Fatalf("before saving: %v, want NOT_FOUND", err)
	}
	edited := time.Date(2026, 2, 3, 4, 5, 6, 789000, time.UTC)
	for _, r := range []*stgypub.PostRender{
		{PostID: id, Vertical: false, Version: 1, HTML: "<h1>T</h1>"},
		{PostID: id, Vertical: true, Version: 1, SourceUpdatedAt: &edited, HTML: "<h1>Ｔ</h1>"},
		{PostID: id, Vertical: false, Version: 2, HTML: "<h1>T2</h1>"}, // replaces the first
		{PostID: 999, Vertical: false, Version: 1, HTML: "x"},          // no such post: nothing written
	} {
		if err := s.Posts.SavePostRender(ctx, r); err != nil {
			t.Fatalf("save %+v: %v", r, err)
		}
	}
	h, err := s.Posts.PostRender(ctx, id, false)
	if err != nil || h.Version != 2 || h.HTML != "<h1>T2</h1>" || h.SourceUpdatedAt != nil {
		t.Errorf("horizontal = %+v, %v", h, err)
	}
	v, err := s.Posts.PostRender(ctx, id, true)
	if err != nil || v.SourceUpdatedAt == nil || !v.SourceUpdatedAt.Equal(edited) || v.HTML != "<h1>Ｔ</h1>" {
		t.Errorf("vertical = %+v, %v", v, err)
	}
	if _, err := s.Posts.PostRender(ctx, 999, false); stgypub.ErrorCode(err) != stgypub.CodeNotFound {
		t.Errorf("unknown post: %v", err)
	}
	if err := s.Posts.DeletePost(ctx, id); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Posts.PostRender(ctx, id, true); stgypub.ErrorCode(err) != stgypub.CodeNotFound {
		t.Errorf("after delete: %v", err)
	}
}
