package store

import (
	"context"
	"fmt"

	"github.com/stgy/stgypub"
)

var sqlAIDisallowedSites = sqlTemplate("ai_disallowed_sites", "ai_disallowed_sites", variant{})

type robotsRow struct {
	UserID  int64   `bun:"user_id"`
	Ext     string  `bun:"extensions"`
	PostIDs []int64 `bun:"post_ids,array"`
}

// AIDisallowedSites returns the sites whose extensions.robots.disallowAI
// is true (stgypub.Extensions.DisallowAI), each with its published posts'
// IDs (published_at <= s.Now()) in ID order, sites in ID order, in one
// statement (docs/SPEC.md#robots). Corrupt stored extensions read as {}
// (not disallowed).
func (s *Posts) AIDisallowedSites(ctx context.Context) ([]stgypub.RobotsSite, error) {
	var rows []robotsRow
	if err := sqlAIDisallowedSites.raw(s.DB, s.Now()).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("store: AI-disallowed sites: %w", err)
	}
	var out []stgypub.RobotsSite
	for _, r := range rows {
		ext, err := stgypub.ParseExtensions(r.Ext)
		if err != nil || !ext.DisallowAI() {
			continue
		}
		site := stgypub.RobotsSite{OwnerID: stgypub.ID(r.UserID), PostIDs: make([]stgypub.ID, len(r.PostIDs))}
		for i, id := range r.PostIDs {
			site.PostIDs[i] = stgypub.ID(id)
		}
		out = append(out, site)
	}
	return out, nil
}
