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

var (
	sqlStaleDerived = sqlFile("stale_derived")
	sqlSaveDerived  = sqlFile("save_derived")
)

// StaleDerived returns up to limit posts whose derived fields were
// derived with rules older than version (posts.derived_version), oldest
// first, with ID, OwnedBy, UpdatedAt, Content and PlainText set.
func (s *Posts) StaleDerived(ctx context.Context, version, limit int) ([]*stgypub.Post, error) {
	var rows []struct {
		ID        int64      `bun:"id"`
		OwnedBy   int64      `bun:"owned_by"`
		UpdatedAt *time.Time `bun:"updated_at"`
		Content   string     `bun:"content"`
		PlainText string     `bun:"plain_text"`
	}
	if err := sqlStaleDerived.raw(s.DB, version, limit).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: stale derived fields: %w", err)
	}
	out := make([]*stgypub.Post, len(rows))
	for i, r := range rows {
		out[i] = &stgypub.Post{ID: stgypub.ID(r.ID), OwnedBy: stgypub.ID(r.OwnedBy), UpdatedAt: utcPtr(r.UpdatedAt), Content: r.Content, PlainText: r.PlainText}
	}
	return out, nil
}

// SaveDerived stores p.Derived for post p.ID as derived with rules
// version, unless the post was edited since p.UpdatedAt was read (or is
// gone): then nothing is written and ok is false. When a shown value
// changed, the owner's site change time moves forward in the same
// transaction, so cached pages are rebuilt. updated_at is left alone: the
// body did not change.
func (s *Posts) SaveDerived(ctx context.Context, p *stgypub.Post, version int) (ok bool, err error) {
	d := p.Derived
	err = s.siteTx(ctx, func(ctx context.Context, tx bun.Tx, touch func(...stgypub.ID) error) error {
		var rows []struct {
			OwnedBy int64 `bun:"owned_by"`
			Changed bool  `bun:"changed"`
		}
		if err := sqlSaveDerived.raw(tx, int64(p.ID), d.FeaturedImage, d.FeaturedImageAlt, d.ReadingMinutes, version, utcPtr(p.UpdatedAt)).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: save derived fields of %s: %w", p.ID, err)
		}
		if len(rows) == 0 {
			return nil
		}
		ok = true
		if rows[0].Changed {
			return touch(stgypub.ID(rows[0].OwnedBy))
		}
		return nil
	})
	return ok, err
}
