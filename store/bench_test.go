package store_test

import (
	"context"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/store"
)

// benchPosts is the size of the benchmarked site; benchOthers more posts
// belong to other users so the owner filter has to be selective.
const (
	benchPosts  = 5000
	benchOthers = 20000
)

// newBenchStore seeds one site of benchPosts published posts (one per
// minute before now, every tenth unpublished) plus other users' posts.
func newBenchStore(b *testing.B) (*store.Store, stgypub.ID) {
	b.Helper()
	ctx := context.Background()
	s := newStoreTB(b)
	owner := stgypub.ID(1)
	_, err := s.DB.NewRaw(`INSERT INTO users (id, login_name, nickname)
SELECT g, 'u' || g, 'user ' || g FROM generate_series(1, 11) g`).Exec(ctx)
	if err != nil {
		b.Fatal(err)
	}
	_, err = s.DB.NewRaw(`INSERT INTO posts (id, owned_by, published_at, snippet, locale, allow_likes, allow_replies)
SELECT g, CASE WHEN g <= ? THEN 1 ELSE 2 + g % 10 END,
  CASE WHEN g % 10 = 0 THEN NULL ELSE ?::timestamptz - g * interval '1 minute' END,
  '{"title":"post ' || g || '"}', 'ja', true, true
FROM generate_series(1, ?) g`, benchPosts, now, benchPosts+benchOthers).Exec(ctx)
	if err != nil {
		b.Fatal(err)
	}
	_, err = s.DB.NewRaw(`INSERT INTO post_details (post_id, content, plain_text)
SELECT g, repeat('本文の段落です。', 200), repeat('本文の段落です。Some English text. ', 150) || ' キーワード' || g
FROM generate_series(1, ?) g`, benchPosts+benchOthers).Exec(ctx)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.DB.NewRaw(`ANALYZE`).Exec(ctx); err != nil {
		b.Fatal(err)
	}
	return s, owner
}

func BenchmarkPubReads(b *testing.B) {
	ctx := context.Background()
	s, owner := newBenchStore(b)
	mid, err := s.Posts.PublishedPost(ctx, benchPosts/2+1)
	if err != nil {
		b.Fatal(err)
	}
	twenty := make([]stgypub.ID, 20)
	for i := range twenty {
		twenty[i] = stgypub.ID(benchPosts - i*97)
	}
	cases := []struct {
		name string
		run  func() error
	}{
		{"PublishedPost", func() error { _, err := s.Posts.PublishedPost(ctx, mid.ID); return err }},
		{"AdjacentPublished", func() error { _, _, err := s.Posts.AdjacentPublished(ctx, mid); return err }},
		{"PublishedByUser/first-page", func() error {
			_, err := s.Posts.PublishedByUser(ctx, owner, stgypub.PostQuery{Limit: 20})
			return err
		}},
		{"PublishedByUser/deep-page", func() error {
			_, err := s.Posts.PublishedByUser(ctx, owner, stgypub.PostQuery{Offset: 4000, Limit: 20})
			return err
		}},
		{"CountPublishedByUser", func() error { _, err := s.Posts.CountPublishedByUser(ctx, owner); return err }},
		{"PublishedByIDs/20", func() error { _, err := s.Posts.PublishedByIDs(ctx, twenty); return err }},
		{"SearchPublished/rare", func() error {
			_, _, err := s.Posts.SearchPublished(ctx, owner, "キーワード4321", stgypub.PostQuery{Limit: 20})
			return err
		}},
		{"SearchPublished/common", func() error {
			_, _, err := s.Posts.SearchPublished(ctx, owner, "english TEXT", stgypub.PostQuery{Limit: 20})
			return err
		}},
		{"LastPublishedChange", func() error { _, err := s.Posts.LastPublishedChange(ctx, owner); return err }},
		{"PubConfig", func() error { _, err := s.Users.PubConfig(ctx, owner); return err }},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if err := tc.run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
