package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/alexedwards/argon2id"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/importer"
)

// Password is the demo owners' login password.
const Password = "demo-password"

// Loaded is what Load did for one site.
type Loaded struct {
	LoginName     string
	UserID        stgypub.ID
	UserCreated   bool
	ConfigWritten bool
	Import        importer.Summary
}

// Load creates the demo users (password Password, argon2id-hashed) with
// their public-site settings and imports their articles (Sites) through
// posts and accounts (*store.Store is both). now is
// the clock for scheduling (time.Now when nil). It is idempotent: existing
// users keep their password, a site's settings are written only when its
// user was just created or has no user_pub_configs row yet, and the
// articles are imported only when the user was just created: what the
// owner changed (settings, edited, unpublished or deleted posts) survives
// a restart, and a second run changes nothing. To reload the demo files,
// drop the database (README.md).
func Load(ctx context.Context, posts stgypub.PostStore, accounts stgypub.AccountStore, now func() time.Time) ([]Loaded, error) {
	if now == nil {
		now = time.Now
	}
	var out []Loaded
	for _, site := range Sites() {
		l, err := loadSite(ctx, posts, accounts, site, now())
		if err != nil {
			return out, fmt.Errorf("demo: site %s: %w", site.User.LoginName, err)
		}
		out = append(out, l)
	}
	return out, nil
}

func loadSite(ctx context.Context, posts stgypub.PostStore, accounts stgypub.AccountStore, site Site, now time.Time) (Loaded, error) {
	l := Loaded{LoginName: site.User.LoginName}
	u, err := accounts.UserByLogin(ctx, site.User.LoginName)
	if stgypub.IsNotFound(err) {
		u = &site.User
		if u.PasswordHash, err = argon2id.CreateHash(Password, argon2id.DefaultParams); err != nil {
			return l, fmt.Errorf("hash password: %w", err)
		}
		if err = accounts.CreateUser(ctx, u); err != nil {
			return l, err
		}
		l.UserCreated = true
	} else if err != nil {
		return l, err
	}
	l.UserID = u.ID

	write := l.UserCreated
	if !write {
		has, err := accounts.HasPubConfig(ctx, u.ID)
		if err != nil {
			return l, err
		}
		write = !has
	}
	if write {
		want := site.Config
		want.UserID = u.ID
		if want.Extensions, err = stgypub.ParseExtensions(site.Extensions); err != nil {
			return l, err
		}
		if err := accounts.UpdatePubConfig(ctx, &want); err != nil {
			return l, err
		}
		l.ConfigWritten = true
	}

	if !l.UserCreated {
		return l, nil
	}
	l.Import, err = importer.Import(ctx, posts, u.ID, site.Files, site.ImportOptions(now))
	return l, err
}
