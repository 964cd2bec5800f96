package store_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

func TestPubConfig(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	bob := mustUser(t, s, "bob")

	t.Run("defaults when no row", func(t *testing.T) {
		got, err := s.Users.PubConfig(ctx, alice)
		if err != nil {
			t.Fatal(err)
		}
		if want := stgypub.DefaultPubConfig(alice); !reflect.DeepEqual(got, want) {
			t.Errorf("got %+v, want %+v", got, want)
		}
	})
	t.Run("unknown user", func(t *testing.T) {
		_, err := s.Users.PubConfig(ctx, 12345)
		wantCode(t, err, stgypub.CodeNotFound)
	})

	ext, err := stgypub.ParseExtensions(`{"shareButtons":["x","hatena"],"comments":{"mode":"moderated"},"future":{"a":1}}`)
	if err != nil {
		t.Fatal(err)
	}
	want := &stgypub.PubConfig{
		UserID: alice, SiteName: "Alice の日記", Subtitle: "sub", Author: "Alice",
		Introduction: "こんにちは\nhello", DesignTheme: "newspaper",
		ShowServiceHeader: false, ShowSiteName: true, ShowPagination: false, ShowSideProfile: true,
		ShowSideRecent: -1, ShowSidePopular: 1000, Extensions: ext,
	}
	t.Run("upsert round trip", func(t *testing.T) {
		if err := s.Users.UpdatePubConfig(ctx, want); err != nil {
			t.Fatal(err)
		}
		got, err := s.Users.PubConfig(ctx, alice)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("got %+v\nwant %+v", got, want)
		}
		if got.Extensions.String() != `{"comments":{"mode":"moderated"},"future":{"a":1},"shareButtons":["x","hatena"]}` {
			t.Errorf("extensions %s", got.Extensions)
		}
	})
	t.Run("second upsert overwrites every column", func(t *testing.T) {
		c := stgypub.DefaultPubConfig(alice)
		c.SiteName = "renamed"
		if err := s.Users.UpdatePubConfig(ctx, c); err != nil {
			t.Fatal(err)
		}
		got, _ := s.Users.PubConfig(ctx, alice)
		if !reflect.DeepEqual(got, c) {
			t.Errorf("got %+v, want %+v", got, c)
		}
	})
	t.Run("invalid config", func(t *testing.T) {
		c := stgypub.DefaultPubConfig(alice)
		c.SiteName = strings.Repeat("a", 51) // 51 characters; the limit is 50
		wantCode(t, s.Users.UpdatePubConfig(ctx, c), stgypub.CodeBadUserInput)
		c.SiteName = "a\x00b" // NUL inside a name
		wantCode(t, s.Users.UpdatePubConfig(ctx, c), stgypub.CodeBadUserInput)
	})
	t.Run("update for unknown user", func(t *testing.T) {
		wantCode(t, s.Users.UpdatePubConfig(ctx, stgypub.DefaultPubConfig(999)), stgypub.CodeNotFound)
	})
	t.Run("corrupt extensions read as empty", func(t *testing.T) {
		_, err := s.DB.NewRaw(`INSERT INTO user_pub_configs (user_id, site_name, extensions) VALUES (?, 'Bob', ?)`,
			int64(bob), `{"shareButtons":"not-an-array"`).Exec(ctx)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Users.PubConfig(ctx, bob)
		if err != nil {
			t.Fatal(err)
		}
		if got.SiteName != "Bob" || got.Extensions.String() != "{}" {
			t.Errorf("site %q extensions %s", got.SiteName, got.Extensions)
		}
	})
	t.Run("many users", func(t *testing.T) {
		got, err := s.Users.PubConfigs(ctx, []stgypub.ID{bob, 777, alice})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 {
			t.Fatalf("got %d configs, want 2", len(got))
		}
		byUser := map[stgypub.ID]string{}
		for _, c := range got {
			byUser[c.UserID] = c.SiteName
		}
		if byUser[alice] != "renamed" || byUser[bob] != "Bob" {
			t.Errorf("site names %v", byUser)
		}
	})
}

func TestHasPubConfig(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	if ok, err := s.Users.HasPubConfig(ctx, alice); err != nil || ok {
		t.Fatalf("before: %v, %v; want false", ok, err)
	}
	if err := s.Users.UpdatePubConfig(ctx, stgypub.DefaultPubConfig(alice)); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.Users.HasPubConfig(ctx, alice); err != nil || !ok {
		t.Errorf("after: %v, %v; want true", ok, err)
	}
	if ok, err := s.Users.HasPubConfig(ctx, 999); err != nil || ok {
		t.Errorf("unknown user: %v, %v; want false", ok, err)
	}
}
