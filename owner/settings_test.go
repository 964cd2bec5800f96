package owner_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/owner"
	"github.com/stgy/stgypub/store/storetest"
)

// TestUpdatePubConfigRefusesBadSettings (issue 9 #21): out-of-range and
// malformed settings are BAD_USER_INPUT naming the field, and nothing is
// stored; in-range values pass; values stored before a rule existed may be
// sent back unchanged.
func TestUpdatePubConfigRefusesBadSettings(t *testing.T) {
	ctx := context.Background()
	st := storetest.New(t)
	alice := &stgypub.User{LoginName: "alice", Nickname: "Alice"}
	if err := st.Users.CreateUser(ctx, alice); err != nil {
		t.Fatal(err)
	}
	svc := owner.New(st.Posts, st.Users, st.Users, nil)
	name := "Kept"
	if _, err := svc.UpdatePubConfig(ctx, alice, alice.ID, owner.PubConfigPatch{SiteName: &name,
		Extensions: map[string]any{"timeZone": "Asia/Tokyo", "analytics": map[string]any{"googleAnalytics": map[string]any{"measurementId": "G-ABCDEF1234"}}}}); err != nil {
		t.Fatal(err)
	}
	before, _ := svc.ExportPubConfig(ctx, alice, alice.ID)
	ga := func(id string) map[string]any {
		return map[string]any{"analytics": map[string]any{"googleAnalytics": map[string]any{"measurementId": id}}}
	}
	str := func(s string) *string { return &s }
	num := func(n int) *int { return &n }
	bad := []struct {
		name  string
		patch owner.PubConfigPatch
		field string
	}{
		{"recent -3", owner.PubConfigPatch{ShowSideRecent: num(-3)}, "showSideRecent"},
		{"recent 500", owner.PubConfigPatch{ShowSideRecent: num(500)}, "showSideRecent"},
		{"recent 21", owner.PubConfigPatch{ShowSideRecent: num(21)}, "showSideRecent"},
		{"popular -1", owner.PubConfigPatch{ShowSidePopular: num(-1)}, "showSidePopular"},
		{"popular 1000", owner.PubConfigPatch{ShowSidePopular: num(1000)}, "showSidePopular"},
		{"Universal Analytics ID", owner.PubConfigPatch{Extensions: ga("UA-123")}, "extensions.analytics.googleAnalytics.measurementId"},
		{"UA with property", owner.PubConfigPatch{Extensions: ga("UA-12345-1")}, "extensions.analytics.googleAnalytics.measurementId"},
		{"lower-case G ID", owner.PubConfigPatch{Extensions: ga("g-abcdef1234")}, "extensions.analytics.googleAnalytics.measurementId"},
		{"G- only", owner.PubConfigPatch{Extensions: ga("G-")}, "extensions.analytics.googleAnalytics.measurementId"},
		{"script in ID", owner.PubConfigPatch{Extensions: ga("G-1234</script>")}, "extensions.analytics.googleAnalytics.measurementId"},
		{"unknown time zone", owner.PubConfigPatch{Extensions: map[string]any{"timeZone": "Mars/Olympus"}}, "extensions.timeZone"},
		{"abbreviation", owner.PubConfigPatch{Extensions: map[string]any{"timeZone": "JST"}}, "extensions.timeZone"},
		{"Local", owner.PubConfigPatch{Extensions: map[string]any{"timeZone": "Local"}}, "extensions.timeZone"},
		{"path", owner.PubConfigPatch{Extensions: map[string]any{"timeZone": "../../etc/passwd"}}, "extensions.timeZone"},
		{"wrong case", owner.PubConfigPatch{Extensions: map[string]any{"timeZone": "asia/tokyo"}}, "extensions.timeZone"},
		{"time zone not a string", owner.PubConfigPatch{Extensions: map[string]any{"timeZone": 9}}, "extensions.timeZone"},
		{"control character in site name", owner.PubConfigPatch{SiteName: str("a\u0007b")}, "siteName"},
		{"line break in subtitle", owner.PubConfigPatch{Subtitle: str("a\nb")}, "subtitle"},
		{"C1 control in author", owner.PubConfigPatch{Author: str("a\u0085b")}, "author"},
		{"view-count switch a string", owner.PubConfigPatch{Extensions: map[string]any{"showViewCount": "yes"}}, "extensions.showViewCount"},
		{"comment mode unknown", owner.PubConfigPatch{Extensions: map[string]any{"comments": map[string]any{"mode": "maybe"}}}, "extensions.comments.mode"},
		{"share button twice", owner.PubConfigPatch{Extensions: map[string]any{"shareButtons": []any{"x", "x"}}}, "extensions.shareButtons"},
		{"theme unknown", owner.PubConfigPatch{DesignTheme: str("neon")}, "designTheme"},
		{"site name of 51", owner.PubConfigPatch{SiteName: str(strings.Repeat("n", 51))}, "siteName"},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			_, err := svc.UpdatePubConfig(ctx, alice, alice.ID, tt.patch)
			var se *stgypub.Error
			if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput || !errors.As(err, &se) || se.Field != tt.field || !strings.Contains(se.Message, tt.field) {
				t.Fatalf("err = %#v, want BAD_USER_INPUT on %s", err, tt.field)
			}
			after, _ := svc.ExportPubConfig(ctx, alice, alice.ID)
			if after.SiteName != before.SiteName || after.ShowSideRecent != before.ShowSideRecent ||
				after.ShowSidePopular != before.ShowSidePopular || after.Extensions.String() != before.Extensions.String() {
				t.Fatalf("a refused update changed the settings: %+v", after)
			}
		})
	}
	good := []owner.PubConfigPatch{
		{ShowSideRecent: num(0), ShowSidePopular: num(20)},
		{ShowSideRecent: num(5)},
		{Extensions: ga("G-XXXXXXXXXX")},
		{Extensions: ga("")},
		{Extensions: map[string]any{"timeZone": "America/New_York"}},
		{Extensions: map[string]any{"timeZone": "UTC"}},
		{Extensions: map[string]any{"timeZone": ""}},
		{Introduction: str("Line one\nline two\twith a tab")},
	}
	for i, p := range good {
		if _, err := svc.UpdatePubConfig(ctx, alice, alice.ID, p); err != nil {
			t.Errorf("good patch %d refused: %v", i, err)
		}
	}
	t.Run("stored values from before the rules round-trip", func(t *testing.T) {
		legacy := stgypub.DefaultPubConfig(alice.ID)
		legacy.ShowSideRecent, legacy.ShowSidePopular = -1, 500
		legacy.Extensions, _ = stgypub.ParseExtensions(`{"timeZone":"Nowhere/Else","analytics":{"googleAnalytics":{"measurementId":"UA-123"}}}`)
		if err := st.Users.UpdatePubConfig(ctx, legacy); err != nil {
			t.Fatal(err)
		}
		exp, err := svc.ExportPubConfig(ctx, alice, alice.ID)
		if err != nil {
			t.Fatal(err)
		}
		c, err := svc.UpdatePubConfig(ctx, alice, alice.ID, owner.PubConfigPatch{SiteName: str("Renamed"),
			ShowSideRecent: &exp.ShowSideRecent, ShowSidePopular: &exp.ShowSidePopular, Extensions: exp.Extensions.Object()})
		if err != nil || c.SiteName != "Renamed" || c.ShowSideRecent != -1 || c.SideRecent() != 0 || c.SidePopular() != stgypub.SidePostsMax {
			t.Errorf("round trip: %+v, %v", c, err)
		}
	})
}

// TestUpdatePubConfigBlankTextIsEmpty (new-user report item 9): a text
// setting made only of white space or invisible characters is stored as
// "", so the site name and author fall back to the nickname.
func TestUpdatePubConfigBlankTextIsEmpty(t *testing.T) {
	ctx := context.Background()
	st := storetest.New(t)
	alice := &stgypub.User{LoginName: "alice", Nickname: "Alice"}
	if err := st.Users.CreateUser(ctx, alice); err != nil {
		t.Fatal(err)
	}
	svc := owner.New(st.Posts, st.Users, st.Users, nil)
	for _, blank := range []string{"     ", "\u200b\u200b", "\u2060\ufeff", "\u3000", "\ufeff \u200d"} {
		b := blank
		named := "Named"
		if _, err := svc.UpdatePubConfig(ctx, alice, alice.ID, owner.PubConfigPatch{SiteName: &named, Author: &named}); err != nil {
			t.Fatal(err)
		}
		c, err := svc.UpdatePubConfig(ctx, alice, alice.ID, owner.PubConfigPatch{SiteName: &b, Subtitle: &b, Author: &b, Introduction: &b})
		if err != nil {
			t.Fatalf("%q: %v", b, err)
		}
		got, _ := svc.ExportPubConfig(ctx, alice, alice.ID)
		for _, x := range []*stgypub.PubConfig{c, got} {
			if x.SiteName != "" || x.Subtitle != "" || x.Author != "" || x.Introduction != "" {
				t.Errorf("%q stored as %q %q %q %q", b, x.SiteName, x.Subtitle, x.Author, x.Introduction)
			}
			if n := x.DisplaySiteName(alice); n != "Alice" {
				t.Errorf("%q: site name shown %q", b, n)
			}
		}
	}
	// The store applies the same rule to a direct write.
	c := stgypub.DefaultPubConfig(alice.ID)
	c.SiteName, c.Author = " \u200b ", "Bob"
	if err := st.Users.UpdatePubConfig(ctx, c); err != nil {
		t.Fatal(err)
	}
	got, _ := st.Users.PubConfig(ctx, alice.ID)
	if got.SiteName != "" || got.Author != "Bob" || got.DisplaySiteName(alice) != "Bob" {
		t.Errorf("store: %+v", got)
	}
}
