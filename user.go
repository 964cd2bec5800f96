package stgypub

import (
	"context"
	"regexp"
	"strings"
	"time"
)

// User is an account. PasswordHash is never exposed to clients.
type User struct {
	ID           ID
	LoginName    string // unique login name, 1-50 of [A-Za-z0-9_.-]
	Nickname     string
	Introduction string
	IsAdmin      bool
	PasswordHash string
	// ProfileVersion moves forward on every profile write (nickname,
	// introduction): the version updateProfile's ifVersion compares.
	ProfileVersion Version
}

var loginNameRE = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,50}$`)

// CheckLoginName returns BAD_USER_INPUT unless s is 1-50 of [A-Za-z0-9_.-]
// (User.LoginName): the one rule of account creation, login and the
// site archive's owner and -as login.
func CheckLoginName(s string) error {
	if !loginNameRE.MatchString(s) {
		return Errorf(CodeBadUserInput, "login name must be 1-50 letters, digits, '_', '.' or '-'")
	}
	return nil
}

// NormalizeLoginName lower-cases a login name: login names are stored in
// lower case and matched case-insensitively ("Alice" logs in as "alice"
// and cannot be created beside it).
func NormalizeLoginName(s string) string { return strings.ToLower(s) }

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

// PubUserStore reads accounts and their site settings (user_pub_configs)
// for the public pages and the API; store.Store implements it and
// api.ReadCache caches it.
type PubUserStore interface {
	// User returns one user or NOT_FOUND.
	User(ctx context.Context, id ID) (*User, error)
	// UsersByIDs returns the users that exist among ids, in any order.
	UsersByIDs(ctx context.Context, ids []ID) ([]*User, error)
	// PubConfig returns the user's settings, DefaultPubConfig when no row
	// exists. A corrupt stored extensions value is logged and read as {}.
	// NOT_FOUND when the user does not exist.
	PubConfig(ctx context.Context, userID ID) (*PubConfig, error)
	// PubConfigs is PubConfig for many users (dataloaders); missing rows
	// get defaults; unknown users are left out.
	PubConfigs(ctx context.Context, userIDs []ID) ([]*PubConfig, error)
	// SiteIdentities gives the users that exist among ids and their
	// settings in one statement, users[i] and configs[i] of one user,
	// the users without their password hash (the API's user and
	// settings loader).
	SiteIdentities(ctx context.Context, ids []ID) (users []*User, configs []*PubConfig, err error)
}
