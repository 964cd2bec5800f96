package store

import (
	"context"
	"fmt"

	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/stgy/stgypub"
)

// sqlSiteIdentities reads users with their settings (SiteIdentities).
var sqlSiteIdentities = sqlTemplate("site_identities", "site_identities", variant{})

// siteIdentityRow is a user's settings row (userPubConfigRow) with the
// user's public columns.
type siteIdentityRow struct {
	userPubConfigRow
	OwnerLoginName      string `bun:"owner_login_name"`
	OwnerNickname       string `bun:"owner_nickname"`
	OwnerIntroduction   string `bun:"owner_introduction"`
	OwnerIsAdmin        bool   `bun:"owner_is_admin"`
	OwnerProfileVersion int64  `bun:"owner_profile_version"`
}

// SiteIdentities is UsersByIDs and PubConfigs of userIDs in one
// statement: users[i] and configs[i] are one existing user's, ordered by
// ID; unknown IDs are left out. The users carry no password hash.
func (s *Users) SiteIdentities(ctx context.Context, userIDs []stgypub.ID) (users []*stgypub.User, configs []*stgypub.PubConfig, err error) {
	if len(userIDs) == 0 {
		return []*stgypub.User{}, []*stgypub.PubConfig{}, nil
	}
	var rows []siteIdentityRow
	if err := sqlSiteIdentities.raw(s.DB, pgdialect.Array(toInt64s(userIDs)), s.Now()).Scan(ctx, &rows); err != nil {
		return nil, nil, fmt.Errorf("store: site identities: %w", err)
	}
	users = make([]*stgypub.User, len(rows))
	configs = make([]*stgypub.PubConfig, len(rows))
	for i := range rows {
		r := &rows[i]
		users[i] = &stgypub.User{
			ID:             stgypub.ID(r.UID),
			LoginName:      r.OwnerLoginName,
			Nickname:       r.OwnerNickname,
			Introduction:   r.OwnerIntroduction,
			IsAdmin:        r.OwnerIsAdmin,
			ProfileVersion: stgypub.Version(r.OwnerProfileVersion),
		}
		configs[i] = r.userPubConfigRow.toDomain()
	}
	return users, configs, nil
}
