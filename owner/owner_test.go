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
		{"plain", owner.PostInput{Content: "# Hi", Locale: new("en")}, true},
		{"empty locale", owner.PostInput{Content: "x"}, true},
		{"region and script", owner.PostInput{Content: "x", Locale: new("zh-Hant-TW")}, true},
		{"underscore", owner.PostInput{Content: "x", Locale: new("ja_JP")}, true},
		{"upper case", owner.PostInput{Content: "x", Locale: new("EN-us")}, true},
		{"one letter", owner.PostInput{Content: "x", Locale: new("e")}, false},
		{"unknown language", owner.PostInput{Content: "x", Locale: new("xx-YY")}, false},
		{"trailing separator", owner.PostInput{Content: "x", Locale: new("en-")}, false},
		{"51 characters", owner.PostInput{Content: "x", Locale: new("en-x-" + strings.Repeat("abcdefgh-", 5) + "a")}, false},
		{"space", owner.PostInput{Content: "x", Locale: new("en US")}, false},
		{"markup", owner.PostInput{Content: "x", Locale: new("<b>")}, false},
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
		if err := st.Users.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	svc := owner.New(st.Posts, st.Users, st.Users, nil)
	p, err := svc.CreatePost(ctx, alice, owner.PostInput{Content: "# Title\n\nSome *body* text.", Locale: new("en")})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Snippet, "Title") || p.PlainText == "" || strings.Contains(p.PlainText, "*") {
		t.Errorf("derived snippet %q plain text %q", p.Snippet, p.PlainText)
	}
	t.Run("create defaults, update keeps omitted flags", func(t *testing.T) {
		d, err := svc.CreatePost(ctx, alice, owner.PostInput{Content: "# D"})
		if err != nil || d.Locale != "" || !d.AllowLikes || !d.AllowReplies {
			t.Fatalf("defaults = %+v, %v", d, err)
		}
		if _, err := svc.UpdatePost(ctx, alice, d.ID, owner.PostInput{Content: "# D", Locale: new("en"), AllowReplies: new(false)}); err != nil {
			t.Fatal(err)
		}
		got, err := svc.UpdatePost(ctx, alice, d.ID, owner.PostInput{Content: "# D2"})
		if err != nil || got.Locale != "en" || !got.AllowLikes || got.AllowReplies || got.Content != "# D2" {
			t.Errorf("content-only update = %+v, %v", got, err)
		}
	})
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
	t.Run("settings patch keeps unspecified fields", func(t *testing.T) {
		name, recent := "Site", 20
		if _, err := svc.UpdatePubConfig(ctx, alice, alice.ID, owner.PubConfigPatch{SiteName: &name, ShowSideRecent: &recent}); err != nil {
			t.Fatal(err)
		}
		sub := "Sub"
		c, err := svc.UpdatePubConfig(ctx, alice, alice.ID, owner.PubConfigPatch{Subtitle: &sub})
		if err != nil || c.SiteName != "Site" || c.Subtitle != "Sub" || c.ShowSideRecent != 20 || c.SideRecent() != stgypub.SidePostsMax || !c.ShowSiteName {
			t.Errorf("config = %+v, %v", c, err)
		}
	})
}

func second[T any](_ T, err error) error { return err }

func TestCanonicalLocale(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", ""},
		{"en", "en"},
		{"en_US", "en-US"},
		{"EN-us", "en-US"},
		{"ja_JP", "ja-JP"},
		{"zh-hant-tw", "zh-Hant-TW"},
		{"iw", "he"}, // deprecated code replaced
	}
	for _, c := range cases {
		if got, err := owner.CanonicalLocale(c.in); err != nil || got != c.want {
			t.Errorf("CanonicalLocale(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"e", "en US", "<b>", "xx", "en-", "en--US"} {
		if got, err := owner.CanonicalLocale(in); stgypub.ErrorCode(err) != stgypub.CodeBadUserInput || got != "" {
			t.Errorf("CanonicalLocale(%q) = %q, %v; want BAD_USER_INPUT", in, got, err)
		}
	}
}

// TestServiceValidatesInput: bad publication times, locales and design
// themes are BAD_USER_INPUT and leave what is stored unchanged; locales
// are stored canonicalized; a stored unknown theme stays readable and may
// be sent back unchanged.
func TestServiceValidatesInput(t *testing.T) {
	ctx := context.Background()
	st := storetest.New(t)
	alice := &stgypub.User{LoginName: "alice", Nickname: "Alice"}
	if err := st.Users.CreateUser(ctx, alice); err != nil {
		t.Fatal(err)
	}
	svc := owner.New(st.Posts, st.Users, st.Users, nil)
	p, err := svc.CreatePost(ctx, alice, owner.PostInput{Content: "# T", Locale: new("en_US")})
	if err != nil {
		t.Fatal(err)
	}
	if p.Locale != "en-US" {
		t.Errorf("created locale = %q, want en-US", p.Locale)
	}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	if _, err := svc.SetPublication(ctx, alice, p.ID, &at); err != nil {
		t.Fatal(err)
	}

	t.Run("publication times", func(t *testing.T) {
		bad := []time.Time{
			{},
			time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC),
			time.Date(1969, 12, 31, 23, 59, 59, 999_999_000, time.UTC),
			time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
			time.Date(1970, 1, 1, 8, 59, 0, 0, time.FixedZone("JST", 9*3600)), // 1969-12-31T23:59Z
		}
		for _, b := range bad {
			_, err := svc.SetPublication(ctx, alice, p.ID, &b)
			if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput || !strings.Contains(stgypub.ErrorMessage(err), "1970-01-01") {
				t.Errorf("SetPublication(%v) = %v, want BAD_USER_INPUT", b, err)
			}
			got, _ := svc.Post(ctx, alice, p.ID)
			if got.PublishedAt == nil || !got.PublishedAt.Equal(at) {
				t.Errorf("after refusing %v publishedAt = %v, want %v", b, got.PublishedAt, at)
			}
		}
		for _, ok := range []time.Time{
			time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC),
			time.Date(9999, 12, 31, 23, 59, 59, 999_999_000, time.UTC),
		} {
			got, err := svc.SetPublication(ctx, alice, p.ID, &ok)
			if err != nil || got.PublishedAt == nil || !got.PublishedAt.Equal(ok) {
				t.Errorf("SetPublication(%v) = %v, %v", ok, got, err)
			}
		}
		got, err := svc.SetPublication(ctx, alice, p.ID, nil)
		if err != nil || got.PublishedAt != nil {
			t.Errorf("nil unpublishes: %v, %v", got, err)
		}
	})

	t.Run("locale", func(t *testing.T) {
		got, err := svc.UpdatePost(ctx, alice, p.ID, owner.PostInput{Content: "# T", Locale: new("JA-jp")})
		if err != nil || got.Locale != "ja-JP" {
			t.Fatalf("updated locale = %v, %v", got, err)
		}
		if _, err := svc.UpdatePost(ctx, alice, p.ID, owner.PostInput{Content: "# New", Locale: new("not a tag")}); stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
			t.Errorf("bad locale: %v", err)
		}
		if got, _ := svc.Post(ctx, alice, p.ID); got.Content != "# T" || got.Locale != "ja-JP" {
			t.Errorf("after refusal: %q %q", got.Content, got.Locale)
		}
	})

	t.Run("design theme", func(t *testing.T) {
		for _, name := range stgypub.DesignThemes {
			c, err := svc.UpdatePubConfig(ctx, alice, alice.ID, owner.PubConfigPatch{DesignTheme: &name})
			if err != nil || c.DesignTheme != name {
				t.Errorf("theme %q: %v, %v", name, c, err)
			}
		}
		dark := "dark"
		if _, err := svc.UpdatePubConfig(ctx, alice, alice.ID, owner.PubConfigPatch{DesignTheme: &dark}); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"Dark", "light", strings.Repeat("x", 50)} {
			_, err := svc.UpdatePubConfig(ctx, alice, alice.ID, owner.PubConfigPatch{DesignTheme: &name})
			if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput || !strings.Contains(stgypub.ErrorMessage(err), "vertical-newspaper") {
				t.Errorf("theme %q: %v", name, err)
			}
		}
		if c, _ := svc.ExportPubConfig(ctx, alice, alice.ID); c.DesignTheme != "dark" {
			t.Errorf("stored theme = %q after refusals", c.DesignTheme)
		}
		// A value stored before validation existed.
		legacy := stgypub.DefaultPubConfig(alice.ID)
		legacy.DesignTheme = "retro"
		if err := st.Users.UpdatePubConfig(ctx, legacy); err != nil {
			t.Fatal(err)
		}
		exp, err := svc.ExportPubConfig(ctx, alice, alice.ID)
		if err != nil || exp.DesignTheme != "retro" {
			t.Fatalf("legacy theme read as %v, %v", exp, err)
		}
		name := "Renamed"
		c, err := svc.UpdatePubConfig(ctx, alice, alice.ID, owner.PubConfigPatch{SiteName: &name, DesignTheme: &exp.DesignTheme})
		if err != nil || c.DesignTheme != "retro" || c.SiteName != "Renamed" {
			t.Errorf("round trip with the stored theme: %v, %v", c, err)
		}
	})
}

func TestUpdateProfile(t *testing.T) {
	ctx := context.Background()
	st := storetest.New(t)
	alice := &stgypub.User{LoginName: "alice", Nickname: "Alice"}
	if err := st.Users.CreateUser(ctx, alice); err != nil {
		t.Fatal(err)
	}
	svc := owner.New(st.Posts, st.Users, st.Users, nil)
	u, err := svc.UpdateProfile(ctx, alice, alice.ID, "  Hana\t\u3000ko  ", "Intro")
	if err != nil || u.Nickname != "Hana ko" {
		t.Fatalf("UpdateProfile = %+v, %v", u, err)
	}
	got, err := st.Users.User(ctx, alice.ID)
	if err != nil || got.Nickname != "Hana ko" || got.Introduction != "Intro" {
		t.Fatalf("stored %+v, %v", got, err)
	}
	for name, tc := range map[string]struct{ nick, intro string }{
		"empty nickname":       {" \t ", ""},
		"zero-width nickname":  {"\u200b\u200b", ""},
		"format-only nickname": {"\u2060\ufeff\u200d", ""},
		"bidi-only nickname":   {"\u2066\u2067\u2068", ""},
		"filler nickname":      {"\u3164", ""},
		"long nickname":        {strings.Repeat("あ", 51), ""},
		"long introduction":    {"ok", strings.Repeat("x", 2001)},
		"NUL in nickname":      {"a\x00b", ""},
		"invalid UTF-8 text":   {"ok", "\xc3\x28"},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := svc.UpdateProfile(ctx, alice, alice.ID, tc.nick, tc.intro); stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
				t.Fatalf("err = %v, want BAD_USER_INPUT", err)
			}
		})
	}
	if got, _ := st.Users.User(ctx, alice.ID); got.Nickname != "Hana ko" {
		t.Fatalf("a refused update changed the profile: %+v", got)
	}
}
