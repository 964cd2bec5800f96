package owner_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/owner"
	"github.com/stgy/stgypub/store/storetest"
)

// TestDeriveStaleBackfills: rows stored before the derived columns (or
// with older rules) get the same featured image and reading time a write
// gives them, late images included; fresh rows are left alone.
func TestDeriveStaleBackfills(t *testing.T) {
	ctx := context.Background()
	st := storetest.New(t)
	alice := &stgypub.User{LoginName: "alice", Nickname: "Alice"}
	if err := st.Users.CreateUser(ctx, alice); err != nil {
		t.Fatal(err)
	}
	svc := owner.New(st.Posts, st.Users, st.Users, nil)
	bodies := []string{
		"# Green Tea\n\n" + strings.Repeat("The collector marks and sweeps. ", 400) + "\n\n![Heap](https://go.dev/heap.png)\n",
		"# 緑茶\n\n" + strings.Repeat("収集器が印を付けて掃除します。", 400) + "\n\n![ヒープ](<https://example.jp/a b.png>)\n",
		"Only text, no image.",
	}
	var want []stgypub.PostDerived
	var ids []stgypub.ID
	for _, b := range bodies {
		p, err := svc.CreatePost(ctx, alice, owner.PostInput{Content: b})
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, p.Derived)
		ids = append(ids, p.ID)
	}
	if want[0].FeaturedImage != "https://go.dev/heap.png" || want[1].FeaturedImage != "https://example.jp/a%20b.png" || want[2].FeaturedImage != "" {
		t.Fatalf("written featured images = %+v", want)
	}
	if want[0].ReadingMinutes != 9 || want[1].ReadingMinutes != 12 || want[2].ReadingMinutes != 1 {
		t.Fatalf("written reading minutes = %+v", want)
	}
	if n, err := owner.DeriveStale(ctx, st.Posts); n != 0 || err != nil {
		t.Fatalf("fresh rows derived again: %d %v", n, err)
	}
	// As the migration leaves existing rows: nothing derived, version 0.
	if _, err := st.DB.ExecContext(ctx, `UPDATE posts SET derived_version = 0, featured_image = '', featured_image_alt = '', reading_minutes = 0`); err != nil {
		t.Fatal(err)
	}
	if n, err := owner.DeriveStale(ctx, st.Posts); n != len(bodies) || err != nil {
		t.Fatalf("DeriveStale = %d, %v; want %d", n, err, len(bodies))
	}
	for i, id := range ids {
		p, err := st.Posts.Post(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if p.Derived != want[i] {
			t.Errorf("post %d backfilled %+v, want %+v", i, p.Derived, want[i])
		}
	}
}
