package store_test

import (
	"context"
	"crypto/sha256"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestUsers(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	u := &stgypub.User{LoginName: "hanako", Nickname: "花子", Introduction: "MDN を読む"}
	if err := s.Users.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	if u.ID == 0 {
		t.Fatal("no ID minted")
	}
	cases := []struct {
		name string
		run  func() error
		code string
	}{
		{"login name taken", func() error {
			return s.Users.CreateUser(ctx, &stgypub.User{LoginName: "hanako", Nickname: "other"})
		}, stgypub.CodeConflict},
		{"unknown id", func() error { _, err := s.Users.User(ctx, 42); return err }, stgypub.CodeNotFound},
		{"unknown login", func() error { _, err := s.Users.UserByLogin(ctx, "nobody"); return err }, stgypub.CodeNotFound},
		{"password of unknown user", func() error { return s.Users.SetPasswordHash(ctx, 42, "x") }, stgypub.CodeNotFound},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { wantCode(t, tc.run(), tc.code) })
	}
	t.Run("round trip", func(t *testing.T) {
		if err := s.Users.SetPasswordHash(ctx, u.ID, "$argon2id$v=19$..."); err != nil {
			t.Fatal(err)
		}
		if err := s.Users.SetAdmin(ctx, u.ID, true); err != nil {
			t.Fatal(err)
		}
		got, err := s.Users.UserByLogin(ctx, "hanako")
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != u.ID || got.Nickname != "花子" || got.Introduction != "MDN を読む" ||
			!got.IsAdmin || got.PasswordHash != "$argon2id$v=19$..." {
			t.Errorf("got %+v", got)
		}
		list, err := s.Users.UsersByIDs(ctx, []stgypub.ID{99, u.ID})
		if err != nil || len(list) != 1 || list[0].ID != u.ID {
			t.Errorf("UsersByIDs = %v, %v", list, err)
		}
	})
}

func TestSessionsAndTokens(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	hash := func(s string) []byte { h := sha256.Sum256([]byte(s)); return h[:] }

	if err := s.Users.CreateSession(ctx, alice, hash("live"), now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.Users.CreateSession(ctx, alice, hash("expired"), now); err != nil {
		t.Fatal(err)
	}
	wantCode(t, s.Users.CreateSession(ctx, 42, hash("ghost"), now.Add(time.Hour)), stgypub.CodeNotFound)
	tokenID, err := s.Users.CreateAPIToken(ctx, alice, "ci", hash("token"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Users.CreateAPIToken(ctx, alice, "old", hash("old-token"), ptr(now.Add(-time.Second))); err != nil {
		t.Fatal(err)
	}

	cases := []struct {
		name string
		get  func() (*stgypub.User, error)
		ok   bool
	}{
		{"live session", func() (*stgypub.User, error) { return s.Users.SessionUser(ctx, hash("live")) }, true},
		{"session expiring exactly now", func() (*stgypub.User, error) { return s.Users.SessionUser(ctx, hash("expired")) }, false},
		{"unknown session", func() (*stgypub.User, error) { return s.Users.SessionUser(ctx, hash("nope")) }, false},
		{"token without expiry", func() (*stgypub.User, error) { return s.Users.APITokenUser(ctx, hash("token")) }, true},
		{"expired token", func() (*stgypub.User, error) { return s.Users.APITokenUser(ctx, hash("old-token")) }, false},
		{"session secret is not a token", func() (*stgypub.User, error) { return s.Users.APITokenUser(ctx, hash("live")) }, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u, err := tc.get()
			if !tc.ok {
				wantCode(t, err, stgypub.CodeUnauthenticated)
				return
			}
			if err != nil || u.ID != alice {
				t.Fatalf("user %v, %v", u, err)
			}
		})
	}
	t.Run("logout", func(t *testing.T) {
		if err := s.Users.DeleteSession(ctx, hash("live")); err != nil {
			t.Fatal(err)
		}
		_, err := s.Users.SessionUser(ctx, hash("live"))
		wantCode(t, err, stgypub.CodeUnauthenticated)
	})
	t.Run("delete token", func(t *testing.T) {
		wantCode(t, s.Users.DeleteAPIToken(ctx, 42, tokenID), stgypub.CodeNotFound)
		if err := s.Users.DeleteAPIToken(ctx, alice, tokenID); err != nil {
			t.Fatal(err)
		}
		_, err := s.Users.APITokenUser(ctx, hash("token"))
		wantCode(t, err, stgypub.CodeUnauthenticated)
		wantCode(t, s.Users.DeleteAPIToken(ctx, alice, tokenID), stgypub.CodeNotFound)
	})
}
