package store_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/stgy/stgypub"
)

// TestSiteIdentities: one statement reads what UsersByIDs (without the
// password hash) and PubConfigs read, for a user with a settings row, one
// without, and an unknown ID.
func TestSiteIdentities(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	a, b := mustUser(t, s, "alice"), mustUser(t, s, "bob")
	if err := s.Users.SetPasswordHash(ctx, a, "$argon2id$v=19$..."); err != nil {
		t.Fatal(err)
	}
	c := stgypub.DefaultPubConfig(a)
	c.SiteName, c.Author = "Alice's", "A."
	if err := s.Users.UpdatePubConfig(ctx, c); err != nil {
		t.Fatal(err)
	}
	ids := []stgypub.ID{b, 99, a}
	users, configs, err := s.Users.SiteIdentities(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	wantUsers, err := s.Users.UsersByIDs(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range wantUsers {
		u.PasswordHash = ""
	}
	wantConfigs, err := s.Users.PubConfigs(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	if len(users) != 2 || !reflect.DeepEqual(users, wantUsers) {
		t.Errorf("users = %+v, want %+v", users, wantUsers)
	}
	if !reflect.DeepEqual(configs, wantConfigs) {
		t.Errorf("configs = %+v, want %+v", configs, wantConfigs)
	}
	for i, u := range users {
		if configs[i].UserID != u.ID || (u.ID == a) != (configs[i].SiteName == "Alice's") {
			t.Errorf("configs[%d] = %+v, not user %s's", i, configs[i], u.ID)
		}
	}
}
