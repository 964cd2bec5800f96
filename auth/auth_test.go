package auth_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/store/storetest"
)

func TestPasswords(t *testing.T) {
	cases := []struct {
		name, pw string
		ok       bool
	}{
		{"8 characters", "abcdefgh", true},
		{"7 characters", "abcdefg", false},
		{"8 multibyte characters", "パスワードです。", true},
		{"256 characters", strings.Repeat("a", 256), true},
		{"257 characters", strings.Repeat("a", 257), false},
		{"invalid UTF-8", "abcdefg\xff", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, err := auth.HashPassword(c.pw)
			if c.ok != (err == nil) {
				t.Fatalf("HashPassword error = %v", err)
			}
			if err != nil {
				if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
					t.Errorf("code = %s", stgypub.ErrorCode(err))
				}
				return
			}
			if !strings.HasPrefix(h, "$argon2id$v=19$m=65536,t=1,p=2$") {
				t.Errorf("hash = %s", h)
			}
			if !auth.CheckPassword(h, c.pw) || auth.CheckPassword(h, c.pw+"x") || auth.CheckPassword("", c.pw) {
				t.Errorf("CheckPassword wrong for %q", c.pw)
			}
		})
	}
}

func TestAccountsAndLogin(t *testing.T) {
	ctx := context.Background()
	st := storetest.New(t)
	now := time.Now()
	svc := auth.New(st.Users, st.Users, auth.Config{SessionTTL: time.Hour, Now: func() time.Time { return now }})

	u, err := auth.CreateUser(ctx, st.Users, "alice", "Alice", "first password")
	if err != nil {
		t.Fatal(err)
	}
	bad := []struct {
		name, login, nick, pw, code string
	}{
		{"taken login", "alice", "A", "some password", stgypub.CodeConflict},
		{"bad login", "al ice", "A", "some password", stgypub.CodeBadUserInput},
		{"empty nickname", "bob", "", "some password", stgypub.CodeBadUserInput},
		{"nickname of a byte-order mark and spaces", "bob", "\uFEFF \t", "some password", stgypub.CodeBadUserInput},
		{"short password", "bob", "Bob", "short", stgypub.CodeBadUserInput},
	}
	for _, c := range bad {
		t.Run("CreateUser "+c.name, func(t *testing.T) {
			if _, err := auth.CreateUser(ctx, st.Users, c.login, c.nick, c.pw); stgypub.ErrorCode(err) != c.code {
				t.Errorf("error %v, want %s", err, c.code)
			}
		})
	}
	t.Run("CreateUser normalizes the nickname", func(t *testing.T) {
		c, err := auth.CreateUser(ctx, st.Users, "carol", "\uFEFF  Carol \t Ann ", "some password")
		if err != nil {
			t.Fatal(err)
		}
		if c.Nickname != "Carol Ann" {
			t.Errorf("nickname %q", c.Nickname)
		}
	})
	t.Run("SetPassword replaces the password", func(t *testing.T) {
		if err := auth.SetPassword(ctx, st.Users, "alice", "second password"); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Login(ctx, "alice", "first password"); stgypub.ErrorCode(err) != stgypub.CodeUnauthenticated {
			t.Errorf("old password: %v", err)
		}
		if err := auth.SetPassword(ctx, st.Users, "nobody", "second password"); stgypub.ErrorCode(err) != stgypub.CodeNotFound {
			t.Errorf("unknown login: %v", err)
		}
	})
	t.Run("MakeAdmin", func(t *testing.T) {
		if err := auth.MakeAdmin(ctx, st.Users, "alice", true); err != nil {
			t.Fatal(err)
		}
		got, _ := st.Users.User(ctx, u.ID)
		if !got.IsAdmin {
			t.Errorf("not admin")
		}
	})
	t.Run("session expires after SessionTTL", func(t *testing.T) {
		sess, err := svc.Login(ctx, "alice", "second password")
		if err != nil {
			t.Fatal(err)
		}
		if !sess.ExpiresAt.Equal(now.Add(time.Hour).UTC().Truncate(time.Second)) {
			t.Errorf("expires %v", sess.ExpiresAt)
		}
		r := httptest.NewRequest(http.MethodPost, "/graphql", nil)
		r.AddCookie(&http.Cookie{Name: auth.CookieName, Value: sess.Token})
		if c, err := svc.Authenticate(r); err != nil || auth.Viewer(c) == nil || auth.ViewerMethod(c) != auth.Cookie {
			t.Fatalf("fresh session: %v", err)
		}
		st.Now = func() time.Time { return now.Add(2 * time.Hour) }
		defer func() { st.Now = time.Now }()
		if c, err := svc.Authenticate(r); err != nil || auth.Viewer(c) != nil {
			t.Errorf("expired session still authenticates: %v", err)
		}
	})
	t.Run("malformed Authorization is UNAUTHENTICATED", func(t *testing.T) {
		for _, h := range []string{"Basic YWxpY2U6eA==", "Bearer", "Bearer stgy_", "Bearer " + strings.Repeat("a", 200)} {
			r := httptest.NewRequest(http.MethodPost, "/graphql", nil)
			r.Header.Set("Authorization", h)
			if _, err := svc.Authenticate(r); stgypub.ErrorCode(err) != stgypub.CodeUnauthenticated {
				t.Errorf("%q: %v", h, err)
			}
		}
	})
}

// TestCreateAPITokenName: a token name is 1-100 characters and not blank;
// a refused name is BAD_USER_INPUT and stores nothing.
func TestCreateAPITokenName(t *testing.T) {
	ctx := context.Background()
	st := storetest.New(t)
	svc := auth.New(st.Users, st.Users, auth.Config{})
	u, err := auth.CreateUser(ctx, st.Users, "alice", "Alice", "first password")
	if err != nil {
		t.Fatal(err)
	}
	count := func() int {
		n, err := st.DB.NewSelect().TableExpr("api_tokens").Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return int(n)
	}
	cases := []struct {
		name, in string
		ok       bool
	}{
		{"empty", "", false},
		{"blank", " \t\u3000", false},
		{"one character", "x", true},
		{"100 characters", strings.Repeat("字", 100), true},
		{"101 characters", strings.Repeat("字", 101), false},
		{"invalid UTF-8", "\xc3\x28", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := count()
			id, token, err := svc.CreateAPIToken(ctx, u.ID, c.in)
			if !c.ok {
				if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput || token != "" || count() != before {
					t.Fatalf("CreateAPIToken(%q) = %v, %q, %v; %d tokens before, %d after", c.in, id, token, err, before, count())
				}
				return
			}
			if err != nil || !strings.HasPrefix(token, auth.TokenPrefix) || count() != before+1 {
				t.Fatalf("CreateAPIToken(%q) = %q, %v", c.in, token, err)
			}
			if got, err := svc.TokenUser(ctx, token); err != nil || got.ID != u.ID {
				t.Errorf("TokenUser = %v, %v", got, err)
			}
		})
	}
}

// TestLoginNamesAreCaseInsensitive: login names are stored lower-cased,
// unique regardless of case, and matched in any case by Login and the CLI
// helpers.
func TestLoginNamesAreCaseInsensitive(t *testing.T) {
	ctx := context.Background()
	st := storetest.New(t)
	svc := auth.New(st.Users, st.Users, auth.Config{SessionTTL: time.Hour, Now: time.Now})

	u, err := auth.CreateUser(ctx, st.Users, "Alice", "Alice", "first password")
	if err != nil {
		t.Fatal(err)
	}
	if u.LoginName != "alice" {
		t.Errorf("stored login name %q, want alice", u.LoginName)
	}
	for _, dup := range []string{"alice", "ALICE", "aLiCe"} {
		if _, err := auth.CreateUser(ctx, st.Users, dup, "Other", "some password"); stgypub.ErrorCode(err) != stgypub.CodeConflict {
			t.Errorf("CreateUser(%q) beside alice: %v, want CONFLICT", dup, err)
		}
	}
	for _, name := range []string{"alice", "Alice", "ALICE"} {
		if sess, err := svc.Login(ctx, name, "first password"); err != nil || sess.User.ID != u.ID {
			t.Errorf("Login(%q): %v", name, err)
		}
	}
	if err := auth.SetPassword(ctx, st.Users, "ALICE", "second password"); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Login(ctx, "Alice", "second password"); err != nil {
		t.Errorf("login after SetPassword(ALICE): %v", err)
	}
	if err := auth.MakeAdmin(ctx, st.Users, "aLICE", true); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.Users.User(ctx, u.ID); !got.IsAdmin {
		t.Errorf("MakeAdmin(aLICE) did not apply")
	}

	// An account stored in mixed case before normalization still logs in
	// by its exact name.
	legacy := &stgypub.User{LoginName: "Bob", Nickname: "Bob"}
	legacy.PasswordHash, _ = auth.HashPassword("bob password")
	if err := st.Users.CreateUser(ctx, legacy); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Login(ctx, "Bob", "bob password"); err != nil {
		t.Errorf("legacy login: %v", err)
	}
	if _, err := auth.CreateUser(ctx, st.Users, "Bob", "Bob2", "some password"); stgypub.ErrorCode(err) != stgypub.CodeConflict {
		t.Errorf("CreateUser(Bob) beside legacy Bob: %v, want CONFLICT", err)
	}
}
