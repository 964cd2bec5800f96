package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/stgy/stgypub"
)

// Write versions (docs/API.md "Versions and conflicts"): posts and
// user_pub_configs carry a version column that the stgy_next_version
// trigger moves on every UPDATE (migration 20261203000301), users a
// profile_version moved by UpdateProfileIf; a comment's version is the
// hash of its content (stgypub.Comment.ContentVersion, computed in SQL by
// stgy_comment_version), so the seed's post_pub_comments keeps its
// columns. A
// conditional write compares the version in its own WHERE, so the check
// and the write are one step: of concurrent writers holding one version,
// exactly one matches a row. When none matched, the statements below tell
// a missing object (NOT_FOUND) from a changed one (CONFLICT with the
// current version).

var (
	sqlPostVersion   = sqlText("post_version", `SELECT version, updated_at FROM posts WHERE id = $1`)
	sqlConfigVersion = sqlText("pub_config_version", `SELECT coalesce(c.version, 0) AS version, c.config_updated_at AS updated_at
FROM users u LEFT JOIN user_pub_configs c ON c.user_id = u.id WHERE u.id = $1`)
	sqlProfileVersion = sqlText("profile_version", `SELECT profile_version FROM users WHERE id = $1`)
)

// versionArg is pre as a statement argument: NULL (any version) or the
// version required.
func versionArg(pre stgypub.Precondition) any {
	if !pre.IsSet() {
		return nil
	}
	return int64(pre.Version())
}

// versionRow is what the version statements return.
type versionRow struct {
	Version   int64      `bun:"version"`
	UpdatedAt *time.Time `bun:"updated_at"`
}

// conflictOf is the error of a conditional write that matched no row:
// NOT_FOUND (what) when read finds none, else the version conflict with
// what read found.
func conflictOf(ctx context.Context, what string, read *bun.RawQuery) error {
	var row versionRow
	err := read.Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return notFound(what)
	}
	if err != nil {
		return fmt.Errorf("store: read %s version: %w", what, err)
	}
	return stgypub.VersionConflict(what, stgypub.Version(row.Version), utcPtr(row.UpdatedAt))
}

// postConflict explains a post write that matched no row.
func postConflict(ctx context.Context, db bun.IDB, id stgypub.ID, pre stgypub.Precondition) error {
	if !pre.IsSet() {
		return notFound("post")
	}
	return conflictOf(ctx, "post", sqlPostVersion.raw(db, int64(id)))
}

// commentConflict explains a comment write that matched no row.
func commentConflict(ctx context.Context, db bun.IDB, id stgypub.ID, pre stgypub.Precondition) error {
	if !pre.IsSet() {
		return notFound("comment")
	}
	var row commentRow
	err := sqlCommentByID.raw(db, int64(id)).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return notFound("comment")
	}
	if err != nil {
		return fmt.Errorf("store: read comment version: %w", err)
	}
	return stgypub.VersionConflict("comment", row.toDomain().ContentVersion(), nil)
}

// configConflict explains a settings write that matched no row.
func configConflict(ctx context.Context, db bun.IDB, userID stgypub.ID) error {
	var row versionRow
	err := sqlConfigVersion.raw(db, int64(userID)).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return notFound("user")
	}
	if err != nil {
		return fmt.Errorf("store: read settings version: %w", err)
	}
	return stgypub.VersionConflict("settings", stgypub.Version(row.Version), utcPtr(row.UpdatedAt))
}

// profileConflict explains a profile write that matched no row.
func profileConflict(ctx context.Context, db bun.IDB, id stgypub.ID, pre stgypub.Precondition) error {
	if !pre.IsSet() {
		return notFound("user")
	}
	var v int64
	err := sqlProfileVersion.raw(db, int64(id)).Scan(ctx, &v)
	if errors.Is(err, sql.ErrNoRows) {
		return notFound("user")
	}
	if err != nil {
		return fmt.Errorf("store: read profile version: %w", err)
	}
	return stgypub.VersionConflict("profile", stgypub.Version(v), nil)
}
