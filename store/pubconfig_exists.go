package store

import (
	"context"
	"fmt"

	"github.com/stgy/stgypub"
)

var sqlHasPubConfig = sqlText("has_pub_config", `SELECT EXISTS (SELECT 1 FROM user_pub_configs WHERE user_id = $1)`)

// HasPubConfig reports whether the user has a user_pub_configs row (PubConfig
// reads a missing row as DefaultPubConfig); demo.Load writes a demo site's
// settings only when there is none.
func (s *Store) HasPubConfig(ctx context.Context, userID stgypub.ID) (bool, error) {
	var ok bool
	err := sqlHasPubConfig.raw(s.DB, int64(userID)).Scan(ctx, &ok)
	if err != nil {
		return false, fmt.Errorf("store: has pub config %s: %w", userID, err)
	}
	return ok, nil
}
