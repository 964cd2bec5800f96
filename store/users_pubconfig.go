package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/stgy/stgypub"
)

// pubConfigRow is a user_pub_configs row (docs/SPEC.md#pub-config).
type pubConfigRow struct {
	bun.BaseModel `bun:"table:user_pub_configs,alias:c"`

	UserID            int64  `bun:"user_id,pk"`
	SiteName          string `bun:"site_name,notnull"`
	Subtitle          string `bun:"subtitle,notnull"`
	Author            string `bun:"author,notnull"`
	Introduction      string `bun:"introduction,notnull"`
	DesignTheme       string `bun:"design_theme,notnull"`
	ShowServiceHeader bool   `bun:"show_service_header,notnull"`
	ShowSiteName      bool   `bun:"show_site_name,notnull"`
	ShowPagination    bool   `bun:"show_pagenation,notnull"`
	ShowSideProfile   bool   `bun:"show_side_profile,notnull"`
	ShowSideRecent    int32  `bun:"show_side_recent,notnull"`
	ShowSidePopular   int32  `bun:"show_side_popular,notnull"`
	Extensions        string `bun:"extensions,notnull"`
	// Version (the trigger moves it) and UpdatedAt are read back after
	// each write and by pub_configs; 0 and NULL for a site without a row.
	Version   int64      `bun:"version,scanonly"`
	UpdatedAt *time.Time `bun:"config_updated_at"`
}

// userPubConfigRow is a user left-joined with their settings row; HasRow
// is false when the user has none.
type userPubConfigRow struct {
	pubConfigRow
	UID    int64 `bun:"uid"`
	HasRow bool  `bun:"has_row"`
	// NewestLocale is the locale of the user's newest published post that
	// has one (NULL when none): PubConfig.Language.
	NewestLocale *string `bun:"newest_locale"`
}

var (
	// sqlPubConfigs reads one user's settings (PubConfig) or many.
	sqlPubConfigs = sqlTemplate("pub_configs", "pub_configs", variant{})
)

func (r *userPubConfigRow) toDomain() *stgypub.PubConfig {
	c := stgypub.DefaultPubConfig(stgypub.ID(r.UID))
	if r.HasRow {
		c = r.pubConfigRow.toDomain()
	}
	if r.NewestLocale != nil {
		c.Language = *r.NewestLocale
	}
	return c
}

func (r *pubConfigRow) toDomain() *stgypub.PubConfig {
	ext, err := stgypub.ParseExtensions(r.Extensions)
	if err != nil {
		// A stored value that no longer validates must not take the site
		// down: read it as {} and leave a trace for the operator.
		slog.Warn("store: corrupt user_pub_configs.extensions read as {}",
			"user_id", stgypub.ID(r.UserID).String(), "error", err)
		ext = stgypub.EmptyExtensions()
	}
	c := &stgypub.PubConfig{
		UserID:            stgypub.ID(r.UserID),
		SiteName:          r.SiteName,
		Subtitle:          r.Subtitle,
		Author:            r.Author,
		Introduction:      r.Introduction,
		DesignTheme:       r.DesignTheme,
		ShowServiceHeader: r.ShowServiceHeader,
		ShowSiteName:      r.ShowSiteName,
		ShowPagination:    r.ShowPagination,
		ShowSideProfile:   r.ShowSideProfile,
		ShowSideRecent:    int(r.ShowSideRecent),
		ShowSidePopular:   int(r.ShowSidePopular),
		Extensions:        ext,
		Version:           stgypub.Version(r.Version),
		UpdatedAt:         utcPtr(r.UpdatedAt),
	}
	// A blank name stored before the rule existed reads as "" so the
	// display fallbacks apply (stgypub.NormalizeSettingText).
	c.NormalizeText()
	return c
}

func pubConfigToRow(c *stgypub.PubConfig) *pubConfigRow {
	return &pubConfigRow{
		UserID:            int64(c.UserID),
		SiteName:          c.SiteName,
		Subtitle:          c.Subtitle,
		Author:            c.Author,
		Introduction:      c.Introduction,
		DesignTheme:       c.DesignTheme,
		ShowServiceHeader: c.ShowServiceHeader,
		ShowSiteName:      c.ShowSiteName,
		ShowPagination:    c.ShowPagination,
		ShowSideProfile:   c.ShowSideProfile,
		ShowSideRecent:    int32(c.ShowSideRecent),
		ShowSidePopular:   int32(c.ShowSidePopular),
		Extensions:        c.Extensions.String(),
		UpdatedAt:         utcPtr(c.UpdatedAt),
	}
}

// PubConfig returns the user's public-site settings, DefaultPubConfig when
// no row exists, with Language (the locale of their newest published
// post that has one, at s.Now()); NOT_FOUND when the user does not
// exist. A stored extensions value that fails ParseExtensions is logged
// and read as {}.
func (s *Users) PubConfig(ctx context.Context, userID stgypub.ID) (*stgypub.PubConfig, error) {
	var rows []userPubConfigRow
	err := sqlPubConfigs.raw(s.DB, pgdialect.Array([]int64{int64(userID)}), s.Now()).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("store: pub config of %s: %w", userID, err)
	}
	if len(rows) == 0 {
		return nil, notFound("user")
	}
	return rows[0].toDomain(), nil
}

// PubConfigs is PubConfig for many users, ordered by user ID: users
// without a row get defaults, unknown users are left out.
func (s *Users) PubConfigs(ctx context.Context, userIDs []stgypub.ID) ([]*stgypub.PubConfig, error) {
	if len(userIDs) == 0 {
		return []*stgypub.PubConfig{}, nil
	}
	var rows []userPubConfigRow
	err := sqlPubConfigs.raw(s.DB, pgdialect.Array(toInt64s(userIDs)), s.Now()).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("store: pub configs: %w", err)
	}
	out := make([]*stgypub.PubConfig, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// UpdatePubConfig UPSERTs every column of the user's user_pub_configs row
// (extensions as c.Extensions.String()) and moves the user's site change
// time forward (site_change.go), in one transaction. Blank text settings
// are stored as "" (stgypub.PubConfig.NormalizeText). BAD_USER_INPUT when c
// fails Validate; NOT_FOUND when the user does not exist.
func (s *Users) UpdatePubConfig(ctx context.Context, c *stgypub.PubConfig) error {
	return s.UpdatePubConfigIf(ctx, c, stgypub.Precondition{})
}

// UpdatePubConfigIf is UpdatePubConfig under pre: when pre is set and the
// settings' version is no longer pre's (0: the site has no settings row
// yet), nothing is written and the error is stgypub.VersionConflict; the
// comparison is in the write's WHERE (an INSERT that meets a row for
// version 0), so of concurrent writers holding one version exactly one
// succeeds. c.Version and c.UpdatedAt are set to the stored ones.
func (s *Users) UpdatePubConfigIf(ctx context.Context, c *stgypub.PubConfig, pre stgypub.Precondition) error {
	c.NormalizeText()
	if err := c.Validate(); err != nil {
		return err
	}
	now := s.Now().UTC().Truncate(time.Microsecond)
	c.UpdatedAt = &now
	row := pubConfigToRow(c)
	err := s.siteTx(ctx, func(ctx context.Context, tx bun.Tx, touch func(...stgypub.ID) error) error {
		var err error
		switch {
		case !pre.IsSet():
			err = upsertPubConfig(ctx, tx, row)
		case pre.Version() == 0:
			err = insertPubConfig(ctx, tx, row)
		default:
			err = updatePubConfig(ctx, tx, row, pre.Version())
		}
		if errors.Is(err, sql.ErrNoRows) {
			return configConflict(ctx, tx, c.UserID)
		}
		if err != nil {
			return err
		}
		if !c.Extensions.FederationEnabled() {
			if err := retireFederation(ctx, tx, c.UserID, now); err != nil {
				return err
			}
		}
		return touch(c.UserID)
	})
	if sqlstate(err) == sqlstateForeignKeyViolation {
		return notFound("user")
	}
	if err != nil {
		return fmt.Errorf("store: update pub config of %s: %w", c.UserID, err)
	}
	c.Version = stgypub.Version(row.Version)
	c.UpdatedAt = utcPtr(row.UpdatedAt)
	return nil
}

// pubConfigColumns are the columns a settings write sets.
var pubConfigColumns = []string{"site_name", "subtitle", "author", "introduction", "design_theme",
	"show_service_header", "show_site_name", "show_pagenation", "show_side_profile",
	"show_side_recent", "show_side_popular", "extensions", "config_updated_at"}

// insertPubConfig inserts the row unless one exists (sql.ErrNoRows then).
func insertPubConfig(ctx context.Context, tx bun.Tx, row *pubConfigRow) error {
	return tx.NewInsert().Model(row).On("CONFLICT (user_id) DO NOTHING").
		Returning("version, config_updated_at").Scan(ctx, &row.Version, &row.UpdatedAt)
}

// updatePubConfig rewrites the row while it is at version v (sql.ErrNoRows
// otherwise).
func updatePubConfig(ctx context.Context, tx bun.Tx, row *pubConfigRow, v stgypub.Version) error {
	return tx.NewUpdate().Model(row).Column(pubConfigColumns...).WherePK().
		Where("version = ?", int64(v)).
		Returning("version, config_updated_at").Scan(ctx, &row.Version, &row.UpdatedAt)
}

// upsertPubConfig writes the row whatever its version.
func upsertPubConfig(ctx context.Context, tx bun.Tx, row *pubConfigRow) error {
	return tx.NewInsert().Model(row).
		On("CONFLICT (user_id) DO UPDATE").
		Set("site_name = EXCLUDED.site_name").
		Set("subtitle = EXCLUDED.subtitle").
		Set("author = EXCLUDED.author").
		Set("introduction = EXCLUDED.introduction").
		Set("design_theme = EXCLUDED.design_theme").
		Set("show_service_header = EXCLUDED.show_service_header").
		Set("show_site_name = EXCLUDED.show_site_name").
		Set("show_pagenation = EXCLUDED.show_pagenation").
		Set("show_side_profile = EXCLUDED.show_side_profile").
		Set("show_side_recent = EXCLUDED.show_side_recent").
		Set("show_side_popular = EXCLUDED.show_side_popular").
		Set("extensions = EXCLUDED.extensions").
		Set("config_updated_at = EXCLUDED.config_updated_at").
		Returning("version, config_updated_at").Scan(ctx, &row.Version, &row.UpdatedAt)
}

var sqlHasPubConfig = sqlText("has_pub_config", `SELECT EXISTS (SELECT 1 FROM user_pub_configs WHERE user_id = $1)`)

// HasPubConfig reports whether the user has a user_pub_configs row (PubConfig
// reads a missing row as DefaultPubConfig); demo.Load writes a demo site's
// settings only when there is none.
func (s *Users) HasPubConfig(ctx context.Context, userID stgypub.ID) (bool, error) {
	var ok bool
	err := sqlHasPubConfig.raw(s.DB, int64(userID)).Scan(ctx, &ok)
	if err != nil {
		return false, fmt.Errorf("store: has pub config %s: %w", userID, err)
	}
	return ok, nil
}
