package comment_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stgy/stgypub"
)

// BenchmarkReaderPage reads page 1 of a post's 100 comments as a reader:
// "cache" through the public comment cache (Redis hits), "postgres" the
// same page straight from the store (the baseline the cache saves).
// Report the ratio cache/postgres from one run.
func BenchmarkReaderPage(b *testing.B) {
	e := newBenchEnv(b)
	ctx := context.Background()
	b.Run("cache", func(b *testing.B) {
		for b.Loop() {
			if _, err := e.svc.List(ctx, nil, e.post, stgypub.OrderNewest, 1); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("postgres", func(b *testing.B) {
		for b.Loop() {
			if _, err := e.st.Comments.Comments(ctx, e.post, stgypub.CommentQuery{Order: stgypub.OrderNewest, Page: 1}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// newBenchEnv is newEnv for benchmarks: an open post with 100 comments.
func newBenchEnv(b *testing.B) *env {
	b.Helper()
	e := newEnvTB(b, stgypub.CommentsOpen)
	for i := range 100 {
		c := &stgypub.Comment{PostID: e.post, Nickname: fmt.Sprint("n", i), Body: "a comment of some length, as readers write them\n", Status: stgypub.CommentPublished}
		if err := e.st.Comments.InsertComment(context.Background(), &stgypub.NewComment{Comment: c}); err != nil {
			b.Fatal(err)
		}
	}
	return e
}
