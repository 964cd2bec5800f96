package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/stgy/stgypub"
)

// Users is the part of the store for users (stgypub.PubUserStore,
// stgypub.AccountStore, stgypub.SessionStore): accounts (users.go),
// settings (users_pubconfig.go), site identities and sessions and API
// tokens (users_sessions.go).
type Users struct{ *shared }

var (
	_ stgypub.PubUserStore = (*Users)(nil)
	_ stgypub.AccountStore = (*Users)(nil)
)

// userRow is a users row (created_at is left to its column default).
type userRow struct {
	bun.BaseModel `bun:"table:users,alias:u"`

	ID           int64      `bun:"id,pk"`
	LoginName    string     `bun:"login_name,notnull"`
	Nickname     string     `bun:"nickname,notnull"`
	Introduction string     `bun:"introduction,notnull"`
	IsAdmin      bool       `bun:"is_admin,notnull"`
	PasswordHash string     `bun:"password_hash,notnull"`
	UpdatedAt    *time.Time `bun:"updated_at"`
	// ProfileVersion is read with the user (select, session and token
	// statements); an insert leaves it to the column's default (nullzero).
	ProfileVersion int64 `bun:"profile_version,nullzero"`
}

func (r *userRow) toDomain() *stgypub.User {
	return &stgypub.User{
		ID:             stgypub.ID(r.ID),
		LoginName:      r.LoginName,
		Nickname:       r.Nickname,
		Introduction:   r.Introduction,
		IsAdmin:        r.IsAdmin,
		PasswordHash:   r.PasswordHash,
		ProfileVersion: stgypub.Version(r.ProfileVersion),
	}
}

func userToRow(u *stgypub.User) *userRow {
	return &userRow{
		ID:           int64(u.ID),
		LoginName:    u.LoginName,
		Nickname:     u.Nickname,
		Introduction: u.Introduction,
		IsAdmin:      u.IsAdmin,
		PasswordHash: u.PasswordHash,
	}
}

// User returns one user or NOT_FOUND.
func (s *Users) User(ctx context.Context, id stgypub.ID) (*stgypub.User, error) {
	var row userRow
	err := s.DB.NewSelect().Model(&row).Where("u.id = ?", int64(id)).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("user")
	}
	if err != nil {
		return nil, fmt.Errorf("store: user %s: %w", id, err)
	}
	return row.toDomain(), nil
}

// UsersByIDs returns the users that exist among ids, ordered by ID;
// unknown IDs are left out.
func (s *Users) UsersByIDs(ctx context.Context, ids []stgypub.ID) ([]*stgypub.User, error) {
	if len(ids) == 0 {
		return []*stgypub.User{}, nil
	}
	var rows []userRow
	err := s.DB.NewSelect().Model(&rows).
		Where("u.id = ANY(?::bigint[])", pgdialect.Array(toInt64s(ids))).
		Order("u.id").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: users by ids: %w", err)
	}
	out := make([]*stgypub.User, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// UserByLogin returns the user with that login name (exact match) or
// NOT_FOUND.
func (s *Users) UserByLogin(ctx context.Context, loginName string) (*stgypub.User, error) {
	var row userRow
	err := s.DB.NewSelect().Model(&row).Where("u.login_name = ?", loginName).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("user")
	}
	if err != nil {
		return nil, fmt.Errorf("store: user by login: %w", err)
	}
	return row.toDomain(), nil
}

// CreateUser inserts u, minting u.ID with NewID when it is zero, with
// updated_at (its site change time, site_change.go) at s.Now(); CONFLICT
// when the login name (or ID) is taken. Callers validate the fields.
func (s *Users) CreateUser(ctx context.Context, u *stgypub.User) error {
	if u.ID == 0 {
		u.ID = NewID()
	}
	row := userToRow(u)
	now := s.Now().UTC()
	row.UpdatedAt = &now
	_, err := s.DB.NewInsert().Model(row).Exec(ctx)
	if sqlstate(err) == sqlstateUniqueViolation {
		return stgypub.Errorf(stgypub.CodeConflict, "login name %q is taken", u.LoginName)
	}
	if err != nil {
		return fmt.Errorf("store: create user: %w", err)
	}
	return nil
}

// SetPasswordHash stores an encoded argon2id hash; NOT_FOUND for an
// unknown user.
func (s *Users) SetPasswordHash(ctx context.Context, id stgypub.ID, hash string) error {
	return s.updateUser(ctx, id, "password_hash = ?", hash)
}

// SetAdmin sets or clears the admin flag; NOT_FOUND for an unknown user.
func (s *Users) SetAdmin(ctx context.Context, id stgypub.ID, admin bool) error {
	return s.updateUser(ctx, id, "is_admin = ?", admin)
}

// UpdateProfile sets the user's nickname and introduction (shown on their
// public pages: author fallback, profile) and moves their site change time
// forward, in one statement; NOT_FOUND for an unknown user. Callers
// validate the fields (at most 50 and 2000 characters).
func (s *Users) UpdateProfile(ctx context.Context, id stgypub.ID, nickname, introduction string) error {
	_, err := s.UpdateProfileIf(ctx, id, nickname, introduction, stgypub.Precondition{})
	return err
}

// profileChangeRow is what UpdateProfileIf returns.
type profileChangeRow struct {
	siteChangeRow
	ProfileVersion int64 `bun:"profile_version"`
}

// UpdateProfileIf is UpdateProfile under pre: when pre is set and the
// user's profile version is no longer pre's, nothing is written and the
// error is stgypub.VersionConflict (compared in the UPDATE's WHERE).
// Returns the new profile version.
func (s *Users) UpdateProfileIf(ctx context.Context, id stgypub.ID, nickname, introduction string, pre stgypub.Precondition) (stgypub.Version, error) {
	var rows []profileChangeRow
	n, err := s.touching(ctx, func(sc *[]siteChangeRow) error {
		q := s.DB.NewUpdate().Table("users").Set("nickname = ?, introduction = ?", nickname, introduction).
			Set("profile_version = profile_version + 1").
			Set("updated_at = greatest(updated_at + interval '1 microsecond', ?)", s.Now().UTC()).
			Where("id = ?", int64(id))
		if pre.IsSet() {
			q = q.Where("profile_version = ?", int64(pre.Version()))
		}
		if _, err := q.Returning("id, updated_at, profile_version").Exec(ctx, &rows); err != nil {
			return err
		}
		for _, r := range rows {
			*sc = append(*sc, r.siteChangeRow)
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: update profile of %s: %w", id, err)
	}
	if n == 0 {
		return 0, profileConflict(ctx, s.DB, id, pre)
	}
	return stgypub.Version(rows[0].ProfileVersion), nil
}

// updateUser applies set to one user and moves updated_at (the site
// change time, site_change.go) forward to s.Now().
func (s *Users) updateUser(ctx context.Context, id stgypub.ID, set string, args ...any) error {
	n, err := s.touching(ctx, func(rows *[]siteChangeRow) error {
		_, err := s.DB.NewUpdate().Table("users").Set(set, args...).
			Set("updated_at = greatest(updated_at + interval '1 microsecond', ?)", s.Now().UTC()).
			Where("id = ?", int64(id)).Returning("id, updated_at").Exec(ctx, rows)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: update user %s: %w", id, err)
	}
	if n == 0 {
		return notFound("user")
	}
	return nil
}
