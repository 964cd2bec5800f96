package store_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestTaggedLists: posts keep their tags, and every tagged list (site
// page, API page, cursor page, count) holds the posts with the tag key in
// both orders, published ones only.
func TestTaggedLists(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	owner := mustUser(t, s, "alice")
	mk := func(id stgypub.ID, tags []string, pub *time.Time) {
		p := &stgypub.Post{ID: id, OwnedBy: owner, PublishedAt: pub, Snippet: "[]", Tags: tags, AllowLikes: true}
		if err := s.Posts.CreatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	mk(0x2000000000000001, []string{"Go", "日本語"}, ptr(now.Add(-3*time.Hour)))
	mk(0x2000000000000002, []string{"Rust"}, ptr(now.Add(-2*time.Hour)))
	mk(0x2000000000000003, []string{"go"}, ptr(now.Add(-time.Hour)))
	mk(0x2000000000000004, []string{"Go"}, nil)                     // unpublished
	mk(0x2000000000000005, []string{"Go"}, ptr(now.Add(time.Hour))) // scheduled
	p, err := s.Posts.Post(ctx, 0x2000000000000001)
	if err != nil || !reflect.DeepEqual(p.Tags, []string{"Go", "日本語"}) {
		t.Fatalf("tags = %q %v", p.Tags, err)
	}
	key := stgypub.TagKey("GO")
	want := map[stgypub.Order][]stgypub.ID{stgypub.OrderNewest: {0x2000000000000003, 0x2000000000000001}, stgypub.OrderOldest: {0x2000000000000001, 0x2000000000000003}}
	for order, w := range want {
		site, err := s.Posts.PubSite(ctx, owner, stgypub.PostQuery{Order: order, Limit: 10, Tag: key})
		if err != nil || !reflect.DeepEqual(ids(site.Posts), w) {
			t.Errorf("%s site page: %v %v", order, ids(site.Posts), err)
		}
		api, err := s.Posts.PublishedByUser(ctx, owner, stgypub.PostQuery{Order: order, Limit: 10, Tag: key})
		if err != nil || !reflect.DeepEqual(ids(api), w) {
			t.Errorf("%s API page: %v %v", order, ids(api), err)
		}
		first := api[0]
		after, err := s.Posts.PublishedByUser(ctx, owner, stgypub.PostQuery{Order: order, Limit: 10, Tag: key,
			After: &stgypub.PostCursor{PublishedAt: *first.PublishedAt, ID: first.ID}})
		if err != nil || !reflect.DeepEqual(ids(after), w[1:]) {
			t.Errorf("%s after a cursor: %v %v", order, ids(after), err)
		}
	}
	if n, err := s.Posts.CountPublishedTagged(ctx, owner, key); n != 2 || err != nil {
		t.Errorf("count = %d %v", n, err)
	}
	if n, err := s.Posts.CountPublishedTagged(ctx, owner, stgypub.TagKey("日本語")); n != 1 || err != nil {
		t.Errorf("count 日本語 = %d %v", n, err)
	}
}
