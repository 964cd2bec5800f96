package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
)

var _ stgypub.SessionStore = (*Users)(nil)

var (
	sqlCreateSession = sqlText("create_session", `INSERT INTO user_sessions (token_hash, user_id, created_at, expires_at)
VALUES ($1, $2, $3, $4)`)
	sqlSessionUser    = sqlFile("session_user")
	sqlDeleteSession  = sqlText("delete_session", `DELETE FROM user_sessions WHERE token_hash = $1`)
	sqlCreateAPIToken = sqlText("create_api_token", `INSERT INTO api_tokens (id, user_id, name, token_hash, created_at, expires_at)
VALUES ($1, $2, $3, $4, $5, $6)`)
	sqlAPITokenUser   = sqlFile("api_token_user")
	sqlDeleteAPIToken = sqlText("delete_api_token", `DELETE FROM api_tokens WHERE id = $1 AND user_id = $2`)
)

func unauthenticated() error {
	return stgypub.Errorf(stgypub.CodeUnauthenticated, "session expired or unknown")
}

// CreateSession stores a login session by the SHA-256 hash of its cookie
// secret; NOT_FOUND for an unknown user.
func (s *Users) CreateSession(ctx context.Context, userID stgypub.ID, tokenHash []byte, expiresAt time.Time) error {
	_, err := sqlCreateSession.raw(s.DB, tokenHash, int64(userID), s.Now(), expiresAt.UTC()).Exec(ctx)
	if sqlstate(err) == sqlstateForeignKeyViolation {
		return notFound("user")
	}
	if err != nil {
		return fmt.Errorf("store: create session: %w", err)
	}
	return nil
}

// SessionUser returns the user of the session whose hash is tokenHash and
// whose expires_at is after s.Now(); UNAUTHENTICATED otherwise.
func (s *Users) SessionUser(ctx context.Context, tokenHash []byte) (*stgypub.User, error) {
	return s.userBy(ctx, sqlSessionUser, tokenHash, s.Now())
}

// DeleteSession deletes the session (logout); deleting an unknown session
// is not an error.
func (s *Users) DeleteSession(ctx context.Context, tokenHash []byte) error {
	if _, err := sqlDeleteSession.raw(s.DB, tokenHash).Exec(ctx); err != nil {
		return fmt.Errorf("store: delete session: %w", err)
	}
	return nil
}

// CreateAPIToken stores a bearer token's SHA-256 hash under a new ID
// (expiresAt nil never expires) and returns the ID; NOT_FOUND for an
// unknown user, CONFLICT for a hash already stored.
func (s *Users) CreateAPIToken(ctx context.Context, userID stgypub.ID, name string, tokenHash []byte, expiresAt *time.Time) (stgypub.ID, error) {
	if err := stgypub.CheckText("name", name, 100); err != nil {
		return 0, err
	}
	id := NewID()
	_, err := sqlCreateAPIToken.raw(s.DB, int64(id), int64(userID), name, tokenHash, s.Now(), utcPtr(expiresAt)).Exec(ctx)
	switch sqlstate(err) {
	case sqlstateForeignKeyViolation:
		return 0, notFound("user")
	case sqlstateUniqueViolation:
		return 0, stgypub.Errorf(stgypub.CodeConflict, "token already exists")
	}
	if err != nil {
		return 0, fmt.Errorf("store: create api token: %w", err)
	}
	return id, nil
}

// APITokenUser returns the user of the token whose hash is tokenHash and
// that has no expiry or expires after s.Now(); UNAUTHENTICATED otherwise.
func (s *Users) APITokenUser(ctx context.Context, tokenHash []byte) (*stgypub.User, error) {
	return s.userBy(ctx, sqlAPITokenUser, tokenHash, s.Now())
}

// DeleteAPIToken deletes one of userID's tokens; NOT_FOUND when that user
// has no token tokenID.
func (s *Users) DeleteAPIToken(ctx context.Context, userID, tokenID stgypub.ID) error {
	res, err := sqlDeleteAPIToken.raw(s.DB, int64(tokenID), int64(userID)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("store: delete api token: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound("token")
	}
	return nil
}

// userBy runs a statement selecting one user row (session or token).
func (s *Users) userBy(ctx context.Context, st *statement, args ...any) (*stgypub.User, error) {
	var row userRow
	err := st.raw(s.DB, args...).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, unauthenticated()
	}
	if err != nil {
		return nil, fmt.Errorf("store: authenticate: %w", err)
	}
	return row.toDomain(), nil
}
