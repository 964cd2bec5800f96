package store

import (
	"context"
	"fmt"

	"github.com/stgy/stgypub"
)

// HasPubConfig reports whether the user has a user_pub_configs row (PubConfig
// reads a missing row as DefaultPubConfig); demo.Load writes a demo site's
// settings only when there is none.
func (s *Store) HasPubConfig(ctx context.Context, userID stgypub.ID) (bool, error) {
	var ok bool
	err := s.DB.NewRaw(`SELECT EXISTS (SELECT 1 FROM user_pub_configs WHERE user_id = ?)`, int64(userID)).Scan(ctx, &ok)
	if err != nil {
		return false, fmt.Errorf("store: has pub config %s: %w", userID, err)
	}
	return ok, nil
}
