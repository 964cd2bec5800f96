package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/store"
)

// pagesFixture is one owner with seven published posts an hour apart
// (two sharing a publication time, so the id breaks the tie), one
// unpublished and one scheduled post, plus another user's newer post.
type pagesFixture struct {
	s         *store.Store
	owner     stgypub.ID
	other     stgypub.ID
	published []stgypub.ID // oldest first
	hidden    []stgypub.ID
}

func newPagesFixture(t *testing.T) *pagesFixture {
	t.Helper()
	s := newStore(t)
	f := &pagesFixture{s: s, owner: mustUser(t, s, "alice"), other: mustUser(t, s, "bob")}
	for i := range 7 {
		at := now.Add(time.Duration(i-10) * time.Hour)
		if i == 4 {
			at = now.Add(-7 * time.Hour) // same time as i == 3
		}
		f.published = append(f.published, mustPost(t, s, f.owner, stgypub.ID(200+i), &at, "post"))
	}
	f.hidden = []stgypub.ID{
		mustPost(t, s, f.owner, 300, nil, "draft"),
		mustPost(t, s, f.owner, 301, ptr(now.Add(time.Minute)), "scheduled"),
	}
	mustPost(t, s, f.other, 400, ptr(now.Add(-time.Minute)), "other user's")
	return f
}

func TestPubArticle(t *testing.T) {
	ctx := context.Background()
	f := newPagesFixture(t)
	custom := stgypub.DefaultPubConfig(f.other)
	custom.SiteName, custom.ShowPagination, custom.ShowSideRecent = "Bob's", false, 0
	if err := f.s.Users.UpdatePubConfig(ctx, custom); err != nil {
		t.Fatal(err)
	}
	if err := f.s.Users.SetPasswordHash(ctx, f.owner, "secret-hash"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		id   stgypub.ID
	}{
		{"oldest", f.published[0]},
		{"middle", f.published[3]},
		{"tie on published_at", f.published[4]},
		{"newest", f.published[6]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := f.s.Posts.PubArticle(ctx, tt.id)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := f.s.Posts.PublishedPost(ctx, tt.id)
			if a.Post.ID != tt.id || a.Post.Content != "" || a.Post.PlainText != "" || a.Post.Snippet != want.Snippet ||
				!a.Post.PublishedAt.Equal(*want.PublishedAt) {
				t.Errorf("post = %+v, want %+v", a.Post, want)
			}
			if a.Owner.ID != f.owner || a.Owner.Nickname != "alice" || a.Owner.PasswordHash != "" {
				t.Errorf("owner = %+v", a.Owner)
			}
			if got, want := configString(a.Config), configString(stgypub.DefaultPubConfig(f.owner)); got != want {
				t.Errorf("config = %+v, want defaults", a.Config)
			}
			older, newer, _ := f.s.Posts.AdjacentPublished(ctx, want)
			if idOf(a.Older) != idOf(older) || idOf(a.Newer) != idOf(newer) {
				t.Errorf("neighbours = %s/%s, want %s/%s", idOf(a.Older), idOf(a.Newer), idOf(older), idOf(newer))
			}
			recent, _ := f.s.Posts.PublishedByUser(ctx, f.owner, stgypub.PostQuery{Limit: 6})
			if !slices.Equal(ids(a.Recent), ids(recent)) {
				t.Errorf("recent = %v, want %v", ids(a.Recent), ids(recent))
			}
		})
	}
	t.Run("settings turn neighbours and recent off", func(t *testing.T) {
		a, err := f.s.Posts.PubArticle(ctx, 400)
		if err != nil {
			t.Fatal(err)
		}
		if a.Config.SiteName != "Bob's" || a.Older != nil || a.Newer != nil || len(a.Recent) != 0 {
			t.Errorf("config %+v older %v newer %v recent %v", a.Config, a.Older, a.Newer, ids(a.Recent))
		}
	})
	for _, id := range append([]stgypub.ID{999}, f.hidden...) {
		t.Run("not found "+id.String(), func(t *testing.T) {
			_, err := f.s.Posts.PubArticle(ctx, id)
			wantCode(t, err, stgypub.CodeNotFound)
		})
	}
}

// configString prints a PubConfig for comparison (Extensions holds a
// map, so the struct itself is not comparable).
func configString(c *stgypub.PubConfig) string {
	return fmt.Sprintf("%#v", *c)
}

func TestPubSite(t *testing.T) {
	ctx := context.Background()
	f := newPagesFixture(t)
	empty := mustUser(t, f.s, "carol")
	edited, err := f.s.Posts.Post(ctx, f.published[0])
	if err != nil {
		t.Fatal(err)
	}
	edited.Content = "edited"
	if err := f.s.Posts.UpdatePost(ctx, edited); err != nil { // updated_at = now
		t.Fatal(err)
	}
	newest := now.Add(-4 * time.Hour)
	tests := []struct {
		name       string
		q          stgypub.PostQuery
		wantChange time.Time // every write moved the site change time to now
		legacy     time.Time // without a site change time (users.updated_at NULL)
	}{
		{"newest first page", stgypub.PostQuery{Order: stgypub.OrderNewest, Limit: 3}, now, newest},
		{"newest second page", stgypub.PostQuery{Order: stgypub.OrderNewest, Offset: 3, Limit: 3}, now, newest},
		{"oldest lists the edited post", stgypub.PostQuery{Order: stgypub.OrderOldest, Limit: 5}, now, now},
		{"past the end", stgypub.PostQuery{Offset: 50, Limit: 5}, now, newest},
	}
	check := func(t *testing.T, q stgypub.PostQuery, wantChange time.Time) {
		t.Helper()
		site, err := f.s.Posts.PubSite(ctx, f.owner, q)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := f.s.Posts.PublishedByUser(ctx, f.owner, q)
		if !slices.Equal(ids(site.Posts), ids(want)) {
			t.Errorf("posts = %v, want %v", ids(site.Posts), ids(want))
		}
		if site.Owner.ID != f.owner || site.Owner.LoginName != "alice" || site.Config.UserID != f.owner {
			t.Errorf("owner %+v config %+v", site.Owner, site.Config)
		}
		if !site.LastChange.Equal(wantChange) {
			t.Errorf("last change = %v, want %v", site.LastChange, wantChange)
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { check(t, tt.q, tt.wantChange) })
	}
	t.Run("user without posts", func(t *testing.T) {
		site, err := f.s.Posts.PubSite(ctx, empty, stgypub.PostQuery{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if site.Owner.Nickname != "carol" || len(site.Posts) != 0 || !site.LastChange.Equal(now) {
			t.Errorf("site = %+v posts %v", site, ids(site.Posts))
		}
	})
	if _, err := f.s.DB.ExecContext(ctx, `UPDATE users SET updated_at = NULL`); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run("legacy "+tt.name, func(t *testing.T) { check(t, tt.q, tt.legacy) })
	}
	t.Run("legacy user without posts", func(t *testing.T) {
		site, err := f.s.Posts.PubSite(ctx, empty, stgypub.PostQuery{Limit: 10})
		if err != nil || !site.LastChange.IsZero() {
			t.Errorf("site = %+v, %v", site, err)
		}
	})
	t.Run("unknown user", func(t *testing.T) {
		_, err := f.s.Posts.PubSite(ctx, 999, stgypub.PostQuery{Limit: 10})
		wantCode(t, err, stgypub.CodeNotFound)
	})
	t.Run("bad paging", func(t *testing.T) {
		_, err := f.s.Posts.PubSite(ctx, f.owner, stgypub.PostQuery{Limit: 0})
		wantCode(t, err, stgypub.CodeBadUserInput)
	})
}
