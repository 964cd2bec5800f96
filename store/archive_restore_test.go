package store_test

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/store"
)

// restoreInput is a small site: two posts (one published, one draft with
// tags), three comments of both statuses, settings and three view rows.
func restoreInput(t *testing.T) *stgypub.SiteRestore {
	t.Helper()
	owner := stgypub.IDFromTime(now.AddDate(-1, 0, 0), 11)
	pub := now.AddDate(0, 0, -2).Truncate(time.Microsecond)
	upd := pub.Add(time.Hour)
	p1 := &stgypub.Post{ID: stgypub.IDFromTime(pub.Add(-time.Hour), 1), PublishedAt: &pub, UpdatedAt: &upd, Snippet: `{"title":"One"}`,
		Content: "# One\n\nbody\n", PlainText: "One body", Locale: "en", Tags: []string{}, AllowLikes: true, AllowReplies: true}
	p2 := &stgypub.Post{ID: stgypub.IDFromTime(pub.Add(-30*time.Minute), 2), Snippet: `{"title":"Two"}`,
		Content: "# Two\n", PlainText: "Two", Tags: []string{"Go", "Notes"}}
	cfg := stgypub.DefaultPubConfig(0)
	cfg.SiteName, cfg.DesignTheme = "Restored", "mix"
	ext, err := stgypub.ParseExtensions(`{"comments":{"mode":"moderated"}}`)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Extensions = ext
	c := func(seq int64, status stgypub.CommentStatus, author bool) *stgypub.Comment {
		return &stgypub.Comment{ID: stgypub.IDFromTime(pub.Add(time.Minute), seq), PostID: p1.ID, Nickname: "reader", Body: "hi\n", Status: status, IsAuthor: author}
	}
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	return &stgypub.SiteRestore{
		ArchiveOwner: owner, LoginName: "restored", Nickname: "Restored One", Introduction: "intro",
		Config: cfg, Posts: []*stgypub.Post{p1, p2},
		Comments: []*stgypub.Comment{c(1, stgypub.CommentPublished, false), c(2, stgypub.CommentPending, false), c(3, stgypub.CommentPublished, true)},
		Views:    []stgypub.Checkpoint{{PostID: p1.ID, Date: day, Count: 7}, {PostID: p1.ID, Date: day.AddDate(0, 0, -1), Count: 3}, {PostID: p2.ID, Date: day, Count: 1}},
	}
}

func TestRestoreSiteIntoEmptyDatabase(t *testing.T) {
	s := newStore(t)
	ctx := context.Background()
	in := restoreInput(t)
	sum, err := s.Archive.RestoreSite(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	want := stgypub.RestoreSummary{OwnerID: in.ArchiveOwner, OwnerCreated: true, SettingsChanged: true, PostsCreated: 2, CommentsCreated: 3, ViewsRaised: 3}
	if sum != want {
		t.Fatalf("summary = %+v, want %+v", sum, want)
	}
	u, err := s.Users.UserByLogin(ctx, "restored")
	if err != nil || u.ID != in.ArchiveOwner || u.Nickname != "Restored One" || u.Introduction != "intro" || u.PasswordHash != "" || u.IsAdmin {
		t.Fatalf("account = %+v, %v", u, err)
	}
	for _, w := range in.Posts {
		p, err := s.Posts.Post(ctx, w.ID)
		if err != nil {
			t.Fatal(err)
		}
		if p.OwnedBy != u.ID || p.Content != w.Content || p.Snippet != w.Snippet || !reflect.DeepEqual(p.PublishedAt, w.PublishedAt) ||
			!reflect.DeepEqual(p.UpdatedAt, w.UpdatedAt) || !reflect.DeepEqual(p.Tags, w.Tags) || p.Locale != w.Locale || p.AllowReplies != w.AllowReplies {
			t.Errorf("post %s = %+v, want %+v", w.ID, p, w)
		}
	}
	cs, err := s.Comments.ExportComments(ctx, in.Posts[0].ID)
	if err != nil || len(cs) != 3 {
		t.Fatalf("comments = %d, %v", len(cs), err)
	}
	for i, c := range cs {
		if *c != *in.Comments[i] {
			t.Errorf("comment %d = %+v, want %+v", i, c, in.Comments[i])
		}
	}
	cfg, err := s.Users.PubConfig(ctx, u.ID)
	if err != nil || cfg.SiteName != "Restored" || cfg.Extensions.CommentsMode() != "moderated" {
		t.Fatalf("settings = %+v, %v", cfg, err)
	}
	cps, err := s.Checkpoints.OwnerCheckpoints(ctx, u.ID, now.AddDate(0, 0, -5), now)
	if err != nil || len(cps) != 3 {
		t.Fatalf("checkpoints = %+v, %v", cps, err)
	}

	// The second restore of the same archive changes nothing: no row,
	// no version, no site change time.
	changed, _ := s.Posts.SiteChangedAt(ctx, u.ID)
	s.Now = func() time.Time { return now.Add(time.Hour) }
	sum, err = s.Archive.RestoreSite(ctx, restoreInput(t))
	if err != nil {
		t.Fatal(err)
	}
	if sum.Changed() || sum.PostsUnchanged != 2 || sum.CommentsUnchanged != 3 || sum.ViewsUnchanged != 3 {
		t.Fatalf("second restore = %+v, want no change", sum)
	}
	if again, _ := s.Posts.SiteChangedAt(ctx, u.ID); !again.Equal(changed) {
		t.Errorf("site change time moved %v -> %v", changed, again)
	}
	if p, _ := s.Posts.Post(ctx, in.Posts[0].ID); p.Version != 1 {
		t.Errorf("post version = %d after a no-op restore, want 1", p.Version)
	}
	if cfg2, _ := s.Users.PubConfig(ctx, u.ID); cfg2.Version != cfg.Version {
		t.Errorf("settings version %d -> %d", cfg.Version, cfg2.Version)
	}

	// Views are raised, never lowered: a larger stored count stays, a
	// smaller one is raised to the archive's.
	day := in.Views[0].Date
	if err := s.Checkpoints.UpsertCheckpoints(ctx, []stgypub.Checkpoint{{PostID: in.Posts[0].ID, OwnerID: u.ID, Date: day, Count: 50}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB.ExecContext(ctx, "UPDATE post_pub_access_counts SET count = 1 WHERE post_id = ? AND target_date = ?::date",
		int64(in.Posts[0].ID), day.AddDate(0, 0, -1).Format(time.DateOnly)); err != nil {
		t.Fatal(err)
	}
	if sum, err = s.Archive.RestoreSite(ctx, restoreInput(t)); err != nil || sum.ViewsRaised != 1 || sum.ViewsUnchanged != 2 {
		t.Fatalf("restore over views = %+v, %v", sum, err)
	}
	got, _ := s.Checkpoints.PostCheckpoints(ctx, in.Posts[0].ID, day.AddDate(0, 0, -1), day)
	if len(got) != 2 || got[0].Count != 3 || got[1].Count != 50 {
		t.Fatalf("checkpoints after restore = %+v, want 3 and 50", got)
	}

	// An edited copy updates in place and drops stale renderings.
	edited := restoreInput(t)
	edited.Posts[1].Content, edited.Posts[1].Tags = "# Two, edited\n", []string{"Go"}
	edited.Comments[1].Status = stgypub.CommentPublished
	edited.Nickname = "Renamed"
	if sum, err = s.Archive.RestoreSite(ctx, edited); err != nil || sum.PostsUpdated != 1 || sum.PostsUnchanged != 1 || sum.CommentsUpdated != 1 || !sum.ProfileChanged {
		t.Fatalf("edited restore = %+v, %v", sum, err)
	}
}

func TestRestoreSiteRefusals(t *testing.T) {
	ctx := context.Background()
	notCreated := func(t *testing.T, s *store.Store, login string) {
		t.Helper()
		if _, err := s.Users.UserByLogin(ctx, login); stgypub.ErrorCode(err) != stgypub.CodeNotFound {
			t.Fatalf("a refused restore created %s: %v", login, err)
		}
	}
	t.Run("post of another account", func(t *testing.T) {
		s := newStore(t)
		other := mustUser(t, s, "other")
		in := restoreInput(t)
		mustPost(t, s, other, in.Posts[1].ID, nil, "someone else's")
		_, err := s.Archive.RestoreSite(ctx, in)
		wantCode(t, err, stgypub.CodeConflict)
		if !strings.Contains(err.Error(), "post "+in.Posts[1].ID.String()+" belongs to another account") {
			t.Fatalf("err = %v", err)
		}
		notCreated(t, s, "restored")
		if _, err := s.Posts.Post(ctx, in.Posts[0].ID); stgypub.ErrorCode(err) != stgypub.CodeNotFound {
			t.Fatalf("a refused restore wrote post %s: %v", in.Posts[0].ID, err)
		}
	})
	t.Run("comment on another post", func(t *testing.T) {
		s := newStore(t)
		other := mustUser(t, s, "other")
		in := restoreInput(t)
		post := mustPost(t, s, other, 0, nil, "other post")
		if err := s.Comments.ImportComments(ctx, post, []*stgypub.Comment{{ID: in.Comments[2].ID, PostID: post, Nickname: "x", Body: "y\n", Status: stgypub.CommentPublished}}); err != nil {
			t.Fatal(err)
		}
		_, err := s.Archive.RestoreSite(ctx, in)
		wantCode(t, err, stgypub.CodeConflict)
		if !strings.Contains(err.Error(), "comment "+in.Comments[2].ID.String()+" is on post "+post.String()) {
			t.Fatalf("err = %v", err)
		}
		notCreated(t, s, "restored")
	})
	t.Run("login taken by another account", func(t *testing.T) {
		s := newStore(t)
		mustUser(t, s, "Restored")
		_, err := s.Archive.RestoreSite(ctx, restoreInput(t))
		wantCode(t, err, stgypub.CodeConflict)
		if !strings.Contains(err.Error(), `login name "Restored" is taken`) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("missing account for -user", func(t *testing.T) {
		s := newStore(t)
		in := restoreInput(t)
		in.Existing = true
		_, err := s.Archive.RestoreSite(ctx, in)
		wantCode(t, err, stgypub.CodeNotFound)
	})
}

func TestRestoreSiteIDsKeptWhereFree(t *testing.T) {
	s := newStore(t)
	ctx := context.Background()
	in := restoreInput(t)
	// The archived owner ID is another login's: a new account ID.
	taken := &stgypub.User{ID: in.ArchiveOwner, LoginName: "first", Nickname: "first"}
	if err := s.Users.CreateUser(ctx, taken); err != nil {
		t.Fatal(err)
	}
	in.LoginName = "copy"
	sum, err := s.Archive.RestoreSite(ctx, in)
	if err != nil || !sum.OwnerCreated || sum.OwnerID == in.ArchiveOwner || sum.PostsCreated != 2 {
		t.Fatalf("restore = %+v, %v", sum, err)
	}
	// Its later restores recognize the account by its posts.
	again := restoreInput(t)
	again.LoginName = "copy"
	if sum, err = s.Archive.RestoreSite(ctx, again); err != nil || sum.Changed() || sum.OwnerID == in.ArchiveOwner {
		t.Fatalf("second restore = %+v, %v", sum, err)
	}
	// Into an existing account (-user), whatever its ID.
	s2 := newStore(t)
	host := mustUser(t, s2, "host")
	into := restoreInput(t)
	into.LoginName, into.Existing = "host", true
	if sum, err = s2.Archive.RestoreSite(ctx, into); err != nil || sum.OwnerID != host || sum.OwnerCreated || sum.PostsCreated != 2 {
		t.Fatalf("restore into host = %+v, %v", sum, err)
	}
	if p, _ := s2.Posts.Post(ctx, into.Posts[0].ID); p.OwnedBy != host {
		t.Fatalf("post owner = %s, want %s", p.OwnedBy, host)
	}
}

// TestRestoreSiteTurningFederationOff: restored settings without
// federation retire it as a settings write does (followers removed, the
// actor's Delete queued); settings that keep it on keep the followers.
func TestRestoreSiteTurningFederationOff(t *testing.T) {
	s := newStore(t)
	ctx := context.Background()
	in := restoreInput(t)
	on, err := stgypub.ParseExtensions(`{"federation":{"enabled":true}}`)
	if err != nil {
		t.Fatal(err)
	}
	in.Config.Extensions = on
	if _, err := s.Archive.RestoreSite(ctx, in); err != nil {
		t.Fatal(err)
	}
	owner := in.ArchiveOwner
	for _, a := range []string{"bob", "eve"} {
		f := &stgypub.Follower{UserID: owner, Actor: "https://remote.example/u/" + a, Inbox: "https://remote.example/u/" + a + "/inbox", SharedInbox: "https://remote.example/inbox", FollowID: a}
		if err := s.Federation.PutFollower(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	in.Config.SiteName = "Renamed, still federated"
	if sum, err := s.Archive.RestoreSite(ctx, in); err != nil || !sum.SettingsChanged {
		t.Fatalf("restore keeping federation = %+v, %v", sum, err)
	}
	if n, err := s.Federation.CountFollowers(ctx, owner); err != nil || n != 2 {
		t.Fatalf("followers after a restore keeping federation on = %d, %v", n, err)
	}
	off := restoreInput(t)
	if sum, err := s.Archive.RestoreSite(ctx, off); err != nil || !sum.SettingsChanged {
		t.Fatalf("restore turning federation off = %+v, %v", sum, err)
	}
	if n, err := s.Federation.CountFollowers(ctx, owner); err != nil || n != 0 {
		t.Fatalf("followers after a restore turning federation off = %d, %v", n, err)
	}
	due := s.Now().Add(time.Minute)
	got, err := s.Federation.ClaimFederationDeliveries(ctx, due, due.Add(time.Minute), 10)
	if err != nil || len(got) != 1 || got[0].Inbox != "https://remote.example/inbox" || got[0].UserID != owner || got[0].Activity != stgypub.ActivityDeleteActor {
		t.Fatalf("queued = %+v, %v (want one actor Delete to the shared inbox)", got, err)
	}
}
