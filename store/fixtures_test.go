package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/store/storetest"
)

// now is the fixed clock of the store tests (microseconds, as PostgreSQL
// keeps them).
var now = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

func ptr[T any](v T) *T { return &v }

func newStore(t *testing.T) *store.Store {
	t.Helper()
	return newStoreTB(t)
}

// newStoreTB is a fresh migrated database whose clock stands at now.
func newStoreTB(t testing.TB) *store.Store {
	t.Helper()
	s := storetest.New(t)
	s.Now = func() time.Time { return now }
	return s
}

func mustUser(t *testing.T, s *store.Store, login string) stgypub.ID {
	t.Helper()
	u := &stgypub.User{LoginName: login, Nickname: login}
	if err := s.Users.CreateUser(context.Background(), u); err != nil {
		t.Fatalf("create user %s: %v", login, err)
	}
	return u.ID
}

// mustPost creates a post of owner with the given ID (0 mints one),
// publication time and plain text (also its content).
func mustPost(t *testing.T, s *store.Store, owner, id stgypub.ID, publishedAt *time.Time, text string) stgypub.ID {
	t.Helper()
	p := &stgypub.Post{
		ID: id, OwnedBy: owner, PublishedAt: publishedAt,
		Snippet: `{"title":"` + id.String() + `"}`, Content: text, PlainText: text,
		AllowLikes: true, AllowReplies: true,
	}
	if err := s.Posts.CreatePost(context.Background(), p); err != nil {
		t.Fatalf("create post: %v", err)
	}
	return p.ID
}

func ids(posts []*stgypub.Post) []stgypub.ID {
	out := make([]stgypub.ID, len(posts))
	for i, p := range posts {
		out[i] = p.ID
	}
	return out
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if got := stgypub.ErrorCode(err); got != code {
		t.Fatalf("error code = %q (%v), want %q", got, err, code)
	}
}
