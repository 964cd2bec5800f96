package store_test

import (
	"context"
	"testing"

	"github.com/stgy/stgypub"
)

// BenchmarkPubPageReads compares the one-statement page reads with the
// separate queries they replace, on the 5000-post benchmark site.
func BenchmarkPubPageReads(b *testing.B) {
	ctx := context.Background()
	s, owner := newBenchStore(b)
	mid, err := s.Posts.PublishedPost(ctx, benchPosts/2+1)
	if err != nil {
		b.Fatal(err)
	}
	first := stgypub.PostQuery{Limit: 21}
	cases := []struct {
		name string
		run  func() error
	}{
		{"PubArticle", func() error { _, err := s.Posts.PubArticle(ctx, mid.ID); return err }},
		{"PubArticle/separate-queries", func() error {
			if _, err := s.Posts.PublishedPost(ctx, mid.ID); err != nil {
				return err
			}
			if _, err := s.Users.User(ctx, owner); err != nil {
				return err
			}
			if _, err := s.Users.PubConfig(ctx, owner); err != nil {
				return err
			}
			if _, _, err := s.Posts.AdjacentPublished(ctx, mid); err != nil {
				return err
			}
			_, err := s.Posts.PublishedByUser(ctx, owner, stgypub.PostQuery{Limit: 6})
			return err
		}},
		{"PubSite", func() error { _, err := s.Posts.PubSite(ctx, owner, first); return err }},
		{"PubSite/separate-queries", func() error {
			if _, err := s.Users.User(ctx, owner); err != nil {
				return err
			}
			if _, err := s.Users.PubConfig(ctx, owner); err != nil {
				return err
			}
			if _, err := s.Posts.PublishedByUser(ctx, owner, first); err != nil {
				return err
			}
			_, err := s.Posts.LastPublishedChange(ctx, owner)
			return err
		}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := tc.run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
