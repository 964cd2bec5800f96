package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// BenchmarkWebhookOutbox measures the post and comment writes with their
// deliveries queued in the same transaction: "bare" is the owner without
// hooks (the write still judges the post's event, queueing nothing),
// "hooks" the owner with three hooks subscribed to every event (three
// deliveries per write). Report hooks/bare per write kind.
func BenchmarkWebhookOutbox(b *testing.B) {
	for _, hooks := range []int{0, 3} {
		name := "bare"
		if hooks > 0 {
			name = "hooks"
		}
		ctx := context.Background()
		s := newStoreTB(b)
		u := &stgypub.User{LoginName: "bench", Nickname: "bench"}
		if err := s.Users.CreateUser(ctx, u); err != nil {
			b.Fatal(err)
		}
		for range hooks {
			h := &stgypub.Webhook{OwnerID: u.ID, URL: "https://example.com/hook", Events: stgypub.WebhookEvents, Secret: "s"}
			if err := s.Webhooks.CreateWebhook(ctx, h, 10); err != nil {
				b.Fatal(err)
			}
		}
		p := &stgypub.Post{OwnedBy: u.ID, PublishedAt: ptr(now.Add(-time.Hour)), Content: "x", PlainText: "x", Snippet: `{"title":"x"}`}
		if err := s.Posts.CreatePost(ctx, p); err != nil {
			b.Fatal(err)
		}
		b.Run("update/"+name, func(b *testing.B) {
			for i := range b.N {
				q := &stgypub.Post{ID: p.ID, OwnedBy: u.ID, Content: fmt.Sprint("edit ", i), PlainText: "edit", Snippet: `{"title":"x"}`}
				if err := s.Posts.UpdatePost(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("comment/"+name, func(b *testing.B) {
			for range b.N {
				c := &stgypub.Comment{PostID: p.ID, Nickname: "n", Body: "hi\n", Status: stgypub.CommentPending}
				if err := s.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: c}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("publish/"+name, func(b *testing.B) {
			for i := range b.N {
				var at *time.Time // alternately unpublish and publish: an event each time
				if i%2 == 1 {
					at = ptr(now.Add(-time.Minute))
				}
				if err := s.Posts.SetPublication(ctx, p.ID, at); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
