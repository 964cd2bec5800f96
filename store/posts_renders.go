package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
)

var (
	sqlPostRender = sqlText("post_render",
		`SELECT version, source_updated_at, html FROM post_renders WHERE post_id = $1 AND vertical = $2`)
	sqlSavePostRender = sqlText("save_post_render", `INSERT INTO post_renders (post_id, vertical, version, source_updated_at, html)
SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM posts WHERE id = $1)
ON CONFLICT (post_id, vertical) DO UPDATE
SET version = EXCLUDED.version, source_updated_at = EXCLUDED.source_updated_at, html = EXCLUDED.html`)
)

// PostRender returns the stored rendering of a post's body in one writing
// direction; NOT_FOUND when there is none. Whether it is current is the
// caller's question (stgypub.PostRender.Current).
func (s *Posts) PostRender(ctx context.Context, id stgypub.ID, vertical bool) (*stgypub.PostRender, error) {
	var row struct {
		Version int          `bun:"version"`
		Source  sql.NullTime `bun:"source_updated_at"`
		HTML    string       `bun:"html"`
	}
	err := sqlPostRender.raw(s.DB, int64(id), vertical).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("rendering")
	}
	if err != nil {
		return nil, fmt.Errorf("store: rendering of %s: %w", id, err)
	}
	r := &stgypub.PostRender{PostID: id, Vertical: vertical, Version: row.Version, HTML: row.HTML}
	if row.Source.Valid {
		t := row.Source.Time
		r.SourceUpdatedAt = &t
	}
	return r, nil
}

// SavePostRender UPSERTs a rendering (a post deleted meanwhile is not an
// error: nothing is written). It does not move the site change time: the
// rendering is derived from what is already public.
func (s *Posts) SavePostRender(ctx context.Context, r *stgypub.PostRender) error {
	var src *time.Time
	if r.SourceUpdatedAt != nil {
		t := r.SourceUpdatedAt.UTC()
		src = &t
	}
	if _, err := sqlSavePostRender.raw(s.DB, int64(r.PostID), r.Vertical, r.Version, src, r.HTML).Exec(ctx); err != nil {
		return fmt.Errorf("store: save rendering of %s: %w", r.PostID, err)
	}
	return nil
}
