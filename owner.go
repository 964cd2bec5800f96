package stgypub

import (
	"context"
	"time"
)

// PostStore is the owner-side post storage (posts in any publication
// state; store implements it). It does no permission checks and derives
// nothing: callers fill Snippet and PlainText from Content (markdown
// package) and check who may act.
type PostStore interface {
	// Post returns a post in any publication state, with Content; NOT_FOUND
	// when missing.
	Post(ctx context.Context, id ID) (*Post, error)
	// CreatePost inserts p and its details; a zero p.ID is replaced by a
	// new Snowflake ID.
	CreatePost(ctx context.Context, p *Post) error
	// UpdatePost rewrites Content, PlainText, Snippet, Locale, AllowLikes,
	// AllowReplies and sets updated_at; NOT_FOUND when missing.
	UpdatePost(ctx context.Context, p *Post) error
	// DeletePost deletes a post (details and checkpoints cascade).
	DeletePost(ctx context.Context, id ID) error
	// SetPublication sets published_at (nil unpublishes); NOT_FOUND when
	// missing.
	SetPublication(ctx context.Context, id ID, publishedAt *time.Time) error
	// ChangeOwner moves a post to another user and, in the same
	// transaction, the owner_id of its post_pub_access_counts rows.
	ChangeOwner(ctx context.Context, id, newOwner ID) error
	// UpdatePostIf, DeletePostIf and SetPublicationIf are the writes
	// above under a precondition: a post no longer at its version is left
	// alone and the error is VersionConflict, decided in the write
	// statement itself (docs/API.md "Versions and conflicts").
	UpdatePostIf(ctx context.Context, p *Post, pre Precondition) error
	DeletePostIf(ctx context.Context, id ID, pre Precondition) error
	SetPublicationIf(ctx context.Context, id ID, publishedAt *time.Time, pre Precondition) error
	// PostsByOwner lists a user's posts of every state, newest ID first,
	// without Content.
	PostsByOwner(ctx context.Context, ownerID ID, offset, limit int) ([]*Post, error)
	// StaleDerived returns up to limit posts derived with rules older
	// than version, with ID, OwnedBy, UpdatedAt, Content and PlainText.
	StaleDerived(ctx context.Context, version, limit int) ([]*Post, error)
	// SaveDerived stores p.Derived unless the post changed since
	// p.UpdatedAt (ok false).
	SaveDerived(ctx context.Context, p *Post, version int) (ok bool, err error)
	// PostTitles gives posts' titles by ID in any publication state (the
	// Stats table shows titles); unknown IDs are left out of the map.
	PostTitles(ctx context.Context, ids []ID) (map[ID]string, error)
	// ImportedPostID returns the post imported earlier for (userID,
	// sourceKey) (docs/SPEC.md#import, idempotent imports); NOT_FOUND when
	// there is none or its post was deleted.
	ImportedPostID(ctx context.Context, userID ID, sourceKey string) (ID, error)
	// CreateImportedPost inserts p as CreatePost does and records it as
	// the import of (p.OwnedBy, sourceKey) in the same transaction;
	// CONFLICT when the post ID or the source key is taken.
	CreateImportedPost(ctx context.Context, sourceKey string, p *Post) error
}

// AccountStore is the owner-side account storage.
type AccountStore interface {
	// CreateUser inserts u (a zero ID is replaced); CONFLICT when the login
	// name is taken.
	CreateUser(ctx context.Context, u *User) error
	// UserByLogin returns the user with that login name or NOT_FOUND.
	UserByLogin(ctx context.Context, loginName string) (*User, error)
	// SetPasswordHash stores a password hash (argon2id encoded string).
	SetPasswordHash(ctx context.Context, id ID, hash string) error
	// SetAdmin sets or clears the admin flag.
	SetAdmin(ctx context.Context, id ID, admin bool) error
	// UpdateProfile sets the nickname and introduction shown on the
	// user's public pages; NOT_FOUND for an unknown user.
	UpdateProfile(ctx context.Context, id ID, nickname, introduction string) error
	// UpdatePubConfig UPSERTs the user's user_pub_configs row.
	UpdatePubConfig(ctx context.Context, c *PubConfig) error
	// UpdateProfileIf and UpdatePubConfigIf are the writes above under a
	// precondition (VersionConflict when it no longer holds); they report
	// the new version (UpdatePubConfigIf in c.Version and c.UpdatedAt).
	UpdateProfileIf(ctx context.Context, id ID, nickname, introduction string, pre Precondition) (Version, error)
	UpdatePubConfigIf(ctx context.Context, c *PubConfig, pre Precondition) error
	// HasPubConfig reports whether the user has a user_pub_configs row
	// (PubConfig reads a missing row as DefaultPubConfig).
	HasPubConfig(ctx context.Context, userID ID) (bool, error)
}

// SessionStore keeps login sessions and API tokens; only SHA-256 hashes of
// the secrets reach it.
type SessionStore interface {
	CreateSession(ctx context.Context, userID ID, tokenHash []byte, expiresAt time.Time) error
	// SessionUser returns the user of an unexpired session or
	// UNAUTHENTICATED.
	SessionUser(ctx context.Context, tokenHash []byte) (*User, error)
	DeleteSession(ctx context.Context, tokenHash []byte) error
	// CreateAPIToken stores a bearer token's hash and returns its ID.
	CreateAPIToken(ctx context.Context, userID ID, name string, tokenHash []byte, expiresAt *time.Time) (ID, error)
	// APITokenUser returns the user of an unexpired token or
	// UNAUTHENTICATED.
	APITokenUser(ctx context.Context, tokenHash []byte) (*User, error)
	// DeleteAPIToken deletes one of the user's tokens; NOT_FOUND otherwise.
	DeleteAPIToken(ctx context.Context, userID, tokenID ID) error
}
