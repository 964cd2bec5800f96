package stgypub

import (
	"context"
	"time"
)

// PubArticle is everything /pub/{postId} reads from PostgreSQL, fetched in
// one statement (issue "One request, one fetch"; docs/SPEC.md#public-pages).
type PubArticle struct {
	// Post is the published post without Content and PlainText: the
	// rendered body is cached by version (ID, UpdatedAt, PublishedAt) and
	// Content is read with PublishedPost only when that cache misses.
	Post   *Post
	Owner  *User      // its owner; PasswordHash is never loaded
	Config *PubConfig // the owner's settings, DefaultPubConfig when no row
	// Older and Newer are the owner's published posts just before and
	// after Post in (published_at, id) order, without Content; nil when
	// there is none or Config.ShowPagination is off.
	Older, Newer *Post
	// Recent is the owner's newest published posts, newest first, at most
	// Config.SideRecent()+1 of them (the caller drops Post itself);
	// empty when SideRecent() is 0. Without Content.
	Recent []*Post
	// LastChange is the page's Last-Modified (UTC, never later than now):
	// the latest of the owner's site change time (users.updated_at,
	// moved forward by every store write that changes what the owner's
	// pages show), the owner's newest published_at (a scheduled post
	// falling due) and the published_at and updated_at of Post, Older,
	// Newer and Recent.
	LastChange time.Time
	// SiteChanged is the owner's site change time alone (users.updated_at,
	// UTC), read in the same snapshot as the rest: the version of the
	// owner's pages this data shows (README.md "Caching").
	SiteChanged time.Time
	// NextPublication is the owner's earliest published_at later than now
	// (a scheduled post), zero when none: the owner's pages change then
	// without any write.
	NextPublication time.Time
}

// PubSite is everything a /sites/{userId} list page reads from PostgreSQL,
// fetched in one statement.
type PubSite struct {
	Owner  *User      // PasswordHash is never loaded
	Config *PubConfig // DefaultPubConfig when no row
	Posts  []*Post    // the requested page of published posts, without Content
	// LastChange is the page's Last-Modified (UTC, zero when none, never
	// later than now): the latest of the owner's site change time
	// (users.updated_at, moved forward by every store write that changes
	// what the owner's pages show: posts, publication, settings, profile),
	// the owner's newest published_at (a scheduled post falling due) and
	// the listed posts' published_at and updated_at.
	LastChange time.Time
	// SiteChanged and NextPublication are as in PubArticle.
	SiteChanged, NextPublication time.Time
}

// PubPageStore is the one-round-trip read path of the public pages (store
// implements it). "Published" is published_at <= now, as in PubPostStore.
type PubPageStore interface {
	// PubArticle loads a published post with its owner, settings,
	// neighbours and Recent posts. NOT_FOUND when the post is missing,
	// unpublished, scheduled or deleted.
	PubArticle(ctx context.Context, id ID) (*PubArticle, error)
	// PubSite loads a user with their settings and one page of their
	// published posts in q's order. NOT_FOUND when the user does not
	// exist; BAD_USER_INPUT for bad paging (as PublishedByUser).
	PubSite(ctx context.Context, userID ID, q PostQuery) (*PubSite, error)
}
