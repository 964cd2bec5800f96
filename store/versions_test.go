package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/stgy/stgypub"
)

// conflictVersion returns the currentVersion of a CONFLICT, failing the
// test for any other error.
func conflictVersion(t *testing.T, err error) string {
	t.Helper()
	var se *stgypub.Error
	if !errors.As(err, &se) || se.Code != stgypub.CodeConflict {
		t.Fatalf("err = %v, want CONFLICT", err)
	}
	v, _ := se.Details["currentVersion"].(string)
	return v
}

func TestPostVersions(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	p := &stgypub.Post{OwnedBy: alice, Snippet: "{}", Content: "# A", PlainText: "A"}
	if err := s.Posts.CreatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	read := func() *stgypub.Post {
		t.Helper()
		got, err := s.Posts.Post(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	v1 := read().Version
	if v1 != p.Version || v1 == 0 {
		t.Fatalf("new post version %d, create said %d", v1, p.Version)
	}
	t.Run("every write moves it", func(t *testing.T) {
		prev := v1
		writes := []func() error{
			func() error { q := read(); q.Content = "# B"; return s.Posts.UpdatePost(ctx, q) },
			func() error { return s.Posts.SetPublication(ctx, p.ID, ptr(now)) },
			func() error { return s.Posts.SetPublication(ctx, p.ID, nil) },
			func() error { return s.Posts.ChangeOwner(ctx, p.ID, alice) },
		}
		for i, w := range writes {
			if err := w(); err != nil {
				t.Fatal(err)
			}
			if v := read().Version; v == prev {
				t.Errorf("write %d left the version at %d", i, v)
			} else {
				prev = v
			}
		}
	})
	t.Run("stale version changes nothing", func(t *testing.T) {
		cur := read()
		stale := stgypub.IfVersion(v1)
		q := *cur
		q.Content, q.Snippet = "# lost", `{"x":1}`
		got := conflictVersion(t, s.Posts.UpdatePostIf(ctx, &q, stale))
		if got != cur.Version.Token() {
			t.Errorf("currentVersion = %q, want %q", got, cur.Version.Token())
		}
		conflictVersion(t, s.Posts.SetPublicationIf(ctx, p.ID, ptr(now), stale))
		conflictVersion(t, s.Posts.DeletePostIf(ctx, p.ID, stale))
		after := read()
		if after.Version != cur.Version || after.Content != cur.Content || after.PublishedAt != nil {
			t.Errorf("after stale writes: %+v, want %+v", after, cur)
		}
	})
	t.Run("current version writes", func(t *testing.T) {
		cur := read()
		cur.Content = "# C"
		if err := s.Posts.UpdatePostIf(ctx, cur, stgypub.IfVersion(cur.Version)); err != nil {
			t.Fatal(err)
		}
		if got := read(); got.Content != "# C" || got.Version != cur.Version {
			t.Errorf("got %q at %d, returned version %d", got.Content, got.Version, cur.Version)
		}
		if err := s.Posts.SetPublicationIf(ctx, p.ID, ptr(now), stgypub.IfVersion(cur.Version)); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("missing post is NOT_FOUND, not CONFLICT", func(t *testing.T) {
		wantCode(t, s.Posts.UpdatePostIf(ctx, &stgypub.Post{ID: 4242, Snippet: "{}"}, stgypub.IfVersion(1)), stgypub.CodeNotFound)
		wantCode(t, s.Posts.DeletePostIf(ctx, 4242, stgypub.IfVersion(1)), stgypub.CodeNotFound)
		wantCode(t, s.Posts.SetPublicationIf(ctx, 4242, nil, stgypub.IfVersion(1)), stgypub.CodeNotFound)
	})
	t.Run("delete at the current version", func(t *testing.T) {
		cur := read()
		if err := s.Posts.DeletePostIf(ctx, p.ID, stgypub.IfVersion(cur.Version)); err != nil {
			t.Fatal(err)
		}
		wantCode(t, s.Posts.DeletePostIf(ctx, p.ID, stgypub.IfVersion(cur.Version)), stgypub.CodeNotFound)
	})
}

// TestConcurrentWritersOneWins: writers that all read one version write
// at once; exactly one is stored, every other gets CONFLICT with the
// winner's version, for each kind of conditional write.
func TestConcurrentWritersOneWins(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	const writers = 8
	race := func(t *testing.T, write func(i int) error) (winner int) {
		t.Helper()
		errs := make([]error, writers)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range writers {
			wg.Go(func() { <-start; errs[i] = write(i) })
		}
		close(start)
		wg.Wait()
		winner = -1
		for i, err := range errs {
			switch {
			case err == nil && winner >= 0:
				t.Errorf("writers %d and %d both succeeded", winner, i)
			case err == nil:
				winner = i
			case stgypub.ErrorCode(err) != stgypub.CodeConflict:
				t.Errorf("writer %d: %v, want CONFLICT", i, err)
			}
		}
		if winner < 0 {
			t.Fatal("no writer succeeded")
		}
		return winner
	}
	t.Run("posts", func(t *testing.T) {
		p := &stgypub.Post{OwnedBy: alice, Snippet: "{}", Content: "# A"}
		if err := s.Posts.CreatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
		w := race(t, func(i int) error {
			q := *p
			q.Content = fmt.Sprintf("# writer %d", i)
			return s.Posts.UpdatePostIf(ctx, &q, stgypub.IfVersion(p.Version))
		})
		if got, _ := s.Posts.Post(ctx, p.ID); got.Content != fmt.Sprintf("# writer %d", w) {
			t.Errorf("stored %q, winner %d", got.Content, w)
		}
	})
	t.Run("settings", func(t *testing.T) {
		for _, start := range []string{"no row yet", "row"} {
			c, err := s.Users.PubConfig(ctx, alice)
			if err != nil {
				t.Fatal(err)
			}
			w := race(t, func(i int) error {
				x := *c
				x.SiteName = fmt.Sprintf("%s %d", start, i)
				return s.Users.UpdatePubConfigIf(ctx, &x, stgypub.IfVersion(c.Version))
			})
			if got, _ := s.Users.PubConfig(ctx, alice); got.SiteName != fmt.Sprintf("%s %d", start, w) || got.Version == c.Version {
				t.Errorf("%s: stored %q at %d, winner %d", start, got.SiteName, got.Version, w)
			}
		}
	})
	t.Run("comments", func(t *testing.T) {
		post := mustPost(t, s, alice, 0, ptr(now), "post")
		c := &stgypub.Comment{PostID: post, Nickname: "n", Body: "b\n", Status: stgypub.CommentPending}
		if err := s.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: c}); err != nil {
			t.Fatal(err)
		}
		w := race(t, func(i int) error {
			_, err := s.Comments.EditCommentIf(ctx, c.ID, "n", fmt.Sprintf("writer %d\n", i), stgypub.IfVersion(c.ContentVersion()))
			return err
		})
		if got, _, _ := s.Comments.Comment(ctx, c.ID); got.Body != fmt.Sprintf("writer %d\n", w) {
			t.Errorf("stored %q, winner %d", got.Body, w)
		}
	})
	t.Run("profile", func(t *testing.T) {
		bob := mustUser(t, s, "bob")
		v, err := s.Users.UpdateProfileIf(ctx, bob, "Bob", "", stgypub.Precondition{})
		if err != nil {
			t.Fatal(err)
		}
		race(t, func(i int) error {
			_, err := s.Users.UpdateProfileIf(ctx, bob, fmt.Sprintf("Bob %d", i), "", stgypub.IfVersion(v))
			return err
		})
	})
}

func TestPubConfigVersions(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	c, err := s.Users.PubConfig(ctx, alice)
	if err != nil || c.Version != 0 || c.UpdatedAt != nil {
		t.Fatalf("site without a row: version %d, updatedAt %v, %v", c.Version, c.UpdatedAt, err)
	}
	// Version 1 is stale while there is no row (0 is current).
	x := *c
	x.SiteName = "One"
	if got := conflictVersion(t, s.Users.UpdatePubConfigIf(ctx, &x, stgypub.IfVersion(1))); got != "0" {
		t.Errorf("currentVersion = %q, want 0", got)
	}
	if err := s.Users.UpdatePubConfigIf(ctx, &x, stgypub.IfVersion(0)); err != nil {
		t.Fatal(err)
	}
	if x.Version == 0 || x.UpdatedAt == nil || !x.UpdatedAt.Equal(now) {
		t.Errorf("after the first write: version %d, updatedAt %v", x.Version, x.UpdatedAt)
	}
	// 0 is stale once the row exists; the stored settings stay.
	y := *c
	y.SiteName = "Lost"
	conflictVersion(t, s.Users.UpdatePubConfigIf(ctx, &y, stgypub.IfVersion(0)))
	conflictVersion(t, s.Users.UpdatePubConfigIf(ctx, &y, stgypub.IfVersion(x.Version+7)))
	got, _ := s.Users.PubConfig(ctx, alice)
	if got.SiteName != "One" || got.Version != x.Version {
		t.Errorf("stored %q at %d, want One at %d", got.SiteName, got.Version, x.Version)
	}
	// Unconditional writes move it too.
	if err := s.Users.UpdatePubConfig(ctx, got); err != nil {
		t.Fatal(err)
	}
	if again, _ := s.Users.PubConfig(ctx, alice); again.Version == x.Version {
		t.Errorf("unconditional write left version %d", again.Version)
	}
	wantCode(t, s.Users.UpdatePubConfigIf(ctx, stgypub.DefaultPubConfig(999), stgypub.IfVersion(3)), stgypub.CodeNotFound)
	wantCode(t, s.Users.UpdatePubConfigIf(ctx, stgypub.DefaultPubConfig(999), stgypub.IfVersion(0)), stgypub.CodeNotFound)
}

func TestProfileVersions(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	v1, err := s.Users.UpdateProfileIf(ctx, alice, "Alice", "One", stgypub.Precondition{})
	if err != nil {
		t.Fatal(err)
	}
	v2, err := s.Users.UpdateProfileIf(ctx, alice, "Alice", "Two", stgypub.IfVersion(v1))
	if err != nil || v2 == v1 {
		t.Fatalf("v2 = %d (v1 %d), %v", v2, v1, err)
	}
	if got := conflictVersion(t, func() error {
		_, err := s.Users.UpdateProfileIf(ctx, alice, "X", "Lost", stgypub.IfVersion(v1))
		return err
	}()); got != v2.Token() {
		t.Errorf("currentVersion %q, want %q", got, v2.Token())
	}
	u, err := s.Users.UserByLogin(ctx, "alice")
	if err != nil || u.Introduction != "Two" {
		t.Errorf("stored %+v, %v", u, err)
	}
	if _, err := s.Users.UpdateProfileIf(ctx, 999, "X", "", stgypub.IfVersion(1)); stgypub.ErrorCode(err) != stgypub.CodeNotFound {
		t.Errorf("unknown user: %v", err)
	}
}

func TestCommentVersions(t *testing.T) {
	ctx := context.Background()
	f := newCommentFixture(t)
	c := f.insert(t, "reader", stgypub.CommentPending)
	read := func() *stgypub.Comment {
		t.Helper()
		got, _, err := f.s.Comments.Comment(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	v1 := read().ContentVersion()
	if v1 != c.ContentVersion() {
		t.Fatalf("read version %d, insert said %d", v1, c.ContentVersion())
	}
	// The database's stgy_comment_version agrees with ContentVersion on
	// several kinds of text (multi-byte, empty-looking, separators).
	for _, tc := range []struct{ nick, body string }{
		{"ユーザー", "本文です\n"}, {"a:1", "2:b\n"}, {"😀", "\n"}, {"x", "line1\r\nline2\n"},
	} {
		got, err := f.s.Comments.EditComment(ctx, c.ID, tc.nick, tc.body)
		if err != nil {
			t.Fatal(err)
		}
		var sqlV int64
		if err := f.s.DB.NewRaw(`SELECT stgy_comment_version(nickname, body, status, is_author) FROM post_pub_comments WHERE id = ?`, int64(c.ID)).Scan(ctx, &sqlV); err != nil {
			t.Fatal(err)
		}
		if stgypub.Version(sqlV) != got.ContentVersion() {
			t.Errorf("%q/%q: SQL version %d, Go %d", tc.nick, tc.body, sqlV, got.ContentVersion())
		}
	}
	cur := read()
	if cur.ContentVersion() == v1 {
		t.Fatal("edits left the version")
	}
	stale := stgypub.IfVersion(v1)
	if _, err := f.s.Comments.ApproveCommentIf(ctx, c.ID, stale); conflictVersion(t, err) != cur.ContentVersion().Token() {
		t.Error("approve: wrong current version")
	}
	_, err := f.s.Comments.EditCommentIf(ctx, c.ID, "lost", "lost\n", stale)
	conflictVersion(t, err)
	conflictVersion(t, f.s.Comments.DeleteCommentIf(ctx, c.ID, stale))
	if after := read(); *after != *cur {
		t.Errorf("after stale writes %+v, want %+v", after, cur)
	}
	approved, err := f.s.Comments.ApproveCommentIf(ctx, c.ID, stgypub.IfVersion(cur.ContentVersion()))
	if err != nil || approved.Status != stgypub.CommentPublished || approved.ContentVersion() == cur.ContentVersion() {
		t.Fatalf("approve at the current version: %+v, %v", approved, err)
	}
	if err := f.s.Comments.DeleteCommentIf(ctx, c.ID, stgypub.IfVersion(approved.ContentVersion())); err != nil {
		t.Fatal(err)
	}
	_, err = f.s.Comments.ApproveCommentIf(ctx, c.ID, stgypub.IfVersion(approved.ContentVersion()))
	wantCode(t, err, stgypub.CodeNotFound)
}

// TestProfileVersionRead: every way a user is read carries the profile
// version (login returns me { profileVersion } from UserByLogin).
func TestProfileVersionRead(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	v, err := s.Users.UpdateProfileIf(ctx, alice, "Alice", "Intro", stgypub.Precondition{})
	if err != nil || v < 2 {
		t.Fatalf("version %d, %v", v, err)
	}
	byLogin, err := s.Users.UserByLogin(ctx, "alice")
	if err != nil || byLogin.ProfileVersion != v {
		t.Errorf("UserByLogin: %d, %v; want %d", byLogin.ProfileVersion, err, v)
	}
	byID, err := s.Users.User(ctx, alice)
	if err != nil || byID.ProfileVersion != v {
		t.Errorf("User: %d, %v; want %d", byID.ProfileVersion, err, v)
	}
	fresh := &stgypub.User{LoginName: "bob", Nickname: "Bob"}
	if err := s.Users.CreateUser(ctx, fresh); err != nil {
		t.Fatal(err)
	}
	if u, _ := s.Users.User(ctx, fresh.ID); u.ProfileVersion != 1 {
		t.Errorf("a new user's profile version %d, want 1", u.ProfileVersion)
	}
}
