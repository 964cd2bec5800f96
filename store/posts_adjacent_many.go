package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/stgy/stgypub"
)

var sqlAdjacentPublishedMany = sqlTemplate("adjacent_published_many", "adjacent_published_many", variant{})

// AdjacentPublishedMany is AdjacentPublished for every post of ps in one
// statement (a LATERAL pair of index probes per post): out[i] is ps[i]'s
// older and newer published neighbour, nil where there is none or ps[i]
// is nil or has no publication date. Content is not loaded.
func (s *Posts) AdjacentPublishedMany(ctx context.Context, ps []*stgypub.Post) ([][2]*stgypub.Post, error) {
	out := make([][2]*stgypub.Post, len(ps))
	var ids, owners []int64
	var ats []string
	var pos []int // argument k → index in ps
	for i, p := range ps {
		if p == nil || p.PublishedAt == nil {
			continue
		}
		ids, owners = append(ids, int64(p.ID)), append(owners, int64(p.OwnedBy))
		ats = append(ats, p.PublishedAt.UTC().Format(time.RFC3339Nano))
		pos = append(pos, i)
	}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		Ord int `bun:"ord"`
		adjacentRow
	}
	err := sqlAdjacentPublishedMany.raw(s.DB, pgdialect.Array(ids), pgdialect.Array(owners), pgdialect.Array(ats), s.Now()).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("store: adjacent posts of %d posts: %w", len(ids), err)
	}
	for i := range rows {
		k := rows[i].Ord - 1
		if k < 0 || k >= len(pos) {
			continue
		}
		side := 1
		if rows[i].Side == "older" {
			side = 0
		}
		out[pos[k]][side] = rows[i].toDomain()
	}
	return out, nil
}
