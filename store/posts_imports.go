package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"github.com/stgy/stgypub"
)

var (
	sqlImportedPostID = sqlText("imported_post_id", `SELECT post_id FROM post_imports WHERE user_id = $1 AND source_key = $2`)
	sqlRecordImport   = sqlText("record_import", `INSERT INTO post_imports (user_id, source_key, post_id) VALUES ($1, $2, $3)`)
)

// ImportedPostID returns the post imported earlier for (userID, sourceKey)
// from post_imports (docs/SPEC.md#import, idempotent imports); NOT_FOUND when
// there is none or its post was deleted.
func (s *Posts) ImportedPostID(ctx context.Context, userID stgypub.ID, sourceKey string) (stgypub.ID, error) {
	var id int64
	err := sqlImportedPostID.raw(s.DB, int64(userID), sourceKey).Scan(ctx, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, notFound("import")
	}
	if err != nil {
		return 0, fmt.Errorf("store: imported post %q: %w", sourceKey, err)
	}
	return stgypub.ID(id), nil
}

// CreateImportedPost inserts p (as CreatePost does, minting an ID when
// zero, and moving the owner's site change time forward) and records it
// as the import of (p.OwnedBy, sourceKey), and queues POST_PUBLISHED when
// the post is visible now (stgypub.PostWebhookEvent, PostCreated), all in
// one transaction, so an interrupted import never leaves an unrecorded
// post or an unannounced publication. CONFLICT when the post ID or the source key is taken.
func (s *Posts) CreateImportedPost(ctx context.Context, sourceKey string, p *stgypub.Post) error {
	if err := stgypub.CheckText("source key", sourceKey, 512); err != nil {
		return err
	}
	queued := 0
	err := s.siteTx(ctx, func(ctx context.Context, tx bun.Tx, touch func(...stgypub.ID) error) error {
		if err := insertPost(ctx, tx, touch, p); err != nil {
			return err
		}
		_, err := sqlRecordImport.raw(tx, int64(p.OwnedBy), sourceKey, int64(p.ID)).Exec(ctx)
		if sqlstate(err) == sqlstateUniqueViolation {
			return stgypub.Errorf(stgypub.CodeConflict, "source %q is already imported", sourceKey)
		}
		if err != nil {
			return fmt.Errorf("store: record import %q: %w", sourceKey, err)
		}
		queued, err = queuePostEvent(ctx, tx, p.ID, stgypub.PostCreated, s.Now())
		return err
	})
	if err == nil {
		s.webhooksQueued(queued)
	}
	return err
}
