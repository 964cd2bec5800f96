package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/stgy/stgypub"
)

var sqlPostSnippets = sqlText("post_snippets", `SELECT id, owned_by, published_at, snippet FROM posts WHERE id = ANY($1::bigint[])`)

// PostTitles returns the display titles (stgypub.TitleOrDate: the stored
// snippet's summary title, first heading else first line; for a post with
// no text to take one from, its publication date, or creation date while
// unpublished, in its owner's site time zone) of the posts among ids, in
// any publication state: one statement by primary key, and one more for
// the owners' settings only when an untitled post is among them. Unknown
// IDs are left out.
func (s *Posts) PostTitles(ctx context.Context, ids []stgypub.ID) (map[stgypub.ID]string, error) {
	out := make(map[stgypub.ID]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID          int64      `bun:"id"`
		OwnedBy     int64      `bun:"owned_by"`
		PublishedAt *time.Time `bun:"published_at"`
		Snippet     string     `bun:"snippet"`
	}
	err := sqlPostSnippets.raw(s.DB, pgdialect.Array(toInt64s(ids))).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("store: post titles: %w", err)
	}
	var untitled []*stgypub.Post
	owners := map[stgypub.ID]bool{}
	for _, r := range rows {
		title := stgypub.TextsOf(r.Snippet).Summary.Title
		out[stgypub.ID(r.ID)] = title
		if title == "" {
			untitled = append(untitled, &stgypub.Post{ID: stgypub.ID(r.ID), OwnedBy: stgypub.ID(r.OwnedBy), PublishedAt: r.PublishedAt})
			owners[stgypub.ID(r.OwnedBy)] = true
		}
	}
	if len(untitled) == 0 {
		return out, nil
	}
	ownerIDs := make([]stgypub.ID, 0, len(owners))
	for id := range owners {
		ownerIDs = append(ownerIDs, id)
	}
	cfgs, err := (&Users{s.shared}).PubConfigs(ctx, ownerIDs)
	if err != nil {
		return nil, fmt.Errorf("store: post titles: %w", err)
	}
	locs := make(map[stgypub.ID]*time.Location, len(cfgs))
	for _, c := range cfgs {
		locs[c.UserID] = c.Location()
	}
	for _, p := range untitled {
		out[p.ID] = stgypub.TitleOrDate("", p, locs[p.OwnedBy])
	}
	return out, nil
}
