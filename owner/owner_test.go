package owner_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/owner"
	"github.com/stgy/stgypub/store/storetest"
)

func TestPostInputValidate(t *testing.T) {
	cases := []struct {
		name string
		in   owner.PostInput
		ok   bool
	}{
		{"plain", owner.PostInput{Content: "# Hi", Locale: "en"}, true},
		{"empty locale", owner.PostInput{Content: "x"}, true},
		{"region and script", owner.PostInput{Content: "x", Locale: "zh-Hant-TW"}, true},
		{"underscore", owner.PostInput{Content: "x", Locale: "ja_JP"}, true},
		{"one letter", owner.PostInput{Content: "x", Locale: "e"}, false},
		{"space", owner.PostInput{Content: "x", Locale: "en US"}, false},
		{"markup", owner.PostInput{Content: "x", Locale: "<b>"}, false},
		{"100000 characters", owner.PostInput{Content: strings.Repeat("字", 100_000)}, true},
		{"100001 characters", owner.PostInput{Content: strings.Repeat("字", 100_001)}, false},
		{"invalid UTF-8", owner.PostInput{Content: "\xc3"}, false},
		{"NUL", owner.PostInput{Content: "a\x00"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.in.Validate()
			if c.ok != (err == nil) {
				t.Fatalf("Validate() = %v, want ok=%v", err, c.ok)
			}
			if err != nil && stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
				t.Errorf("code = %s", stgypub.ErrorCode(err))
			}
		})
	}
}

func TestServiceDerivesAndChecks(t *testing.T) {
	ctx := context.Background()
	st := storetest.New(t)
	alice := &stgypub.User{LoginName: "alice", Nickname: "Alice"}
	bob := &stgypub.User{LoginName: "bob", Nickname: "Bob"}
	for _, u := range []*stgypub.User{alice, bob} {
		if err := st.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	svc := owner.New(st, st, st, nil)
	p, err := svc.CreatePost(ctx, alice, owner.PostInput{Content: "# Title\n\nSome *body* text.", Locale: "en"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Snippet, "Title") || p.PlainText == "" || strings.Contains(p.PlainText, "*") {
		t.Errorf("derived snippet %q plain text %q", p.Snippet, p.PlainText)
	}
	t.Run("update re-derives", func(t *testing.T) {
		got, err := svc.UpdatePost(ctx, alice, p.ID, owner.PostInput{Content: "# Renamed"})
		if err != nil || !strings.Contains(got.Snippet, "Renamed") || strings.Contains(got.Snippet, "Title") {
			t.Errorf("updated = %+v, %v", got, err)
		}
	})
	t.Run("permissions", func(t *testing.T) {
		checks := []struct {
			name string
			err  error
			code string
		}{
			{"anonymous create", second(svc.CreatePost(ctx, nil, owner.PostInput{Content: "x"})), stgypub.CodeUnauthenticated},
			{"other update", second(svc.UpdatePost(ctx, bob, p.ID, owner.PostInput{Content: "x"})), stgypub.CodeForbidden},
			{"other publish", second(svc.SetPublication(ctx, bob, p.ID, nil)), stgypub.CodeForbidden},
			{"other delete", svc.DeletePost(ctx, bob, p.ID), stgypub.CodeForbidden},
			{"other settings", second(svc.UpdatePubConfig(ctx, bob, alice.ID, owner.PubConfigPatch{})), stgypub.CodeForbidden},
			{"missing post", second(svc.UpdatePost(ctx, alice, 12345, owner.PostInput{Content: "x"})), stgypub.CodeNotFound},
			{"anonymous myPosts", second(svc.MyPosts(ctx, nil, 0, 10)), stgypub.CodeUnauthenticated},
		}
		for _, c := range checks {
			if got := stgypub.ErrorCode(c.err); got != c.code {
				t.Errorf("%s: %v, want %s", c.name, c.err, c.code)
			}
		}
	})
	t.Run("publication time stored as given", func(t *testing.T) {
		at := time.Now().Add(time.Hour).UTC().Truncate(time.Microsecond)
		got, err := svc.SetPublication(ctx, alice, p.ID, &at)
		if err != nil || got.PublishedAt == nil || !got.PublishedAt.Equal(at) || got.State(time.Now()) != stgypub.StateScheduled {
			t.Errorf("scheduled = %+v, %v", got.PublishedAt, err)
		}
	})
	t.Run("settings patch keeps unspecified fields and stores side counts as given", func(t *testing.T) {
		name, recent := "Site", 99
		if _, err := svc.UpdatePubConfig(ctx, alice, alice.ID, owner.PubConfigPatch{SiteName: &name, ShowSideRecent: &recent}); err != nil {
			t.Fatal(err)
		}
		sub := "Sub"
		c, err := svc.UpdatePubConfig(ctx, alice, alice.ID, owner.PubConfigPatch{Subtitle: &sub})
		if err != nil || c.SiteName != "Site" || c.Subtitle != "Sub" || c.ShowSideRecent != 99 || c.SideRecent() != stgypub.SidePostsMax || !c.ShowSiteName {
			t.Errorf("config = %+v, %v", c, err)
		}
	})
}

func second[T any](_ T, err error) error { return err }
