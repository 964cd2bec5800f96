package owner

import (
	"context"
	"fmt"

	"github.com/stgy/stgypub"
)

// PubConfigPatch is a partial settings update: nil fields keep their current
// values (docs/SPEC.md#pub-config).
type PubConfigPatch struct {
	SiteName, Subtitle, Author, Introduction, DesignTheme            *string
	ShowServiceHeader, ShowSiteName, ShowPagination, ShowSideProfile *bool
	// ShowSideRecent and ShowSidePopular are 0 (hidden) to
	// stgypub.SidePostsMax.
	ShowSideRecent, ShowSidePopular *int
	// Extensions, when non-nil, is a JSON Merge Patch (RFC 7396) on the
	// stored extensions object (stgypub.Extensions.MergePatch: a key
	// replaces, null deletes, an absent key is kept, objects merge,
	// arrays replace whole), or the whole new object when
	// ReplaceExtensions. The result is validated with
	// stgypub.NewExtensions.
	Extensions        map[string]any
	ReplaceExtensions bool
}

// mergeAttempts bounds how often UpdatePubConfigIf re-reads and re-applies
// a patch given without a precondition when another write came between
// its read and its write (each retry means another writer succeeded, so
// this many concurrent patches all succeed).
const mergeAttempts = 10

// UpdatePubConfig applies patch to userID's settings and stores them.
// Errors: UNAUTHENTICATED, FORBIDDEN (neither the user nor an admin),
// NOT_FOUND (unknown user), BAD_USER_INPUT naming the field
// (stgypub.PubConfig.ValidateChange: column limits, counts 0-20, known
// theme, Measurement ID and time zone formats; extensions rules).
func (s *Service) UpdatePubConfig(ctx context.Context, viewer *stgypub.User, userID stgypub.ID, patch PubConfigPatch) (*stgypub.PubConfig, error) {
	return s.UpdatePubConfigIf(ctx, viewer, userID, patch, stgypub.Precondition{})
}

// UpdatePubConfigIf is UpdatePubConfig under pre (updatePubConfig's
// ifVersion): settings written since pre's version are left as they are
// and the error is CONFLICT with the current version. Without pre the
// patch is applied to the settings as stored at the moment of the write:
// it is read, applied and written under the version it read, and applied
// again to a fresh read when another write came in between (up to
// mergeAttempts times), so two patches of different fields never undo
// each other; for the same field the last write wins.
func (s *Service) UpdatePubConfigIf(ctx context.Context, viewer *stgypub.User, userID stgypub.ID, patch PubConfigPatch, pre stgypub.Precondition) (*stgypub.PubConfig, error) {
	if err := stgypub.RequireSelfOrAdmin(viewer, userID); err != nil {
		return nil, err
	}
	for attempt := 1; ; attempt++ {
		c, err := s.configs.PubConfig(ctx, userID)
		if err != nil {
			return nil, fmt.Errorf("owner: read settings: %w", err)
		}
		if !pre.Holds(c.Version) {
			return nil, stgypub.VersionConflict("settings", c.Version, c.UpdatedAt)
		}
		if err := patch.apply(c); err != nil {
			return nil, err
		}
		err = s.accounts.UpdatePubConfigIf(ctx, c, pre.Or(c.Version))
		if stgypub.ErrorCode(err) == stgypub.CodeConflict && !pre.IsSet() && attempt < mergeAttempts {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("owner: store settings: %w", err)
		}
		return c, nil
	}
}

// apply applies patch to c (as read from the store) and checks the
// change (c.ValidateChange against the stored values).
func (patch PubConfigPatch) apply(c *stgypub.PubConfig) error {
	userID := c.UserID
	old := *c
	setString(&c.SiteName, patch.SiteName)
	setString(&c.Subtitle, patch.Subtitle)
	setString(&c.Author, patch.Author)
	setString(&c.Introduction, patch.Introduction)
	setString(&c.DesignTheme, patch.DesignTheme)
	setBool(&c.ShowServiceHeader, patch.ShowServiceHeader)
	setBool(&c.ShowSiteName, patch.ShowSiteName)
	setBool(&c.ShowPagination, patch.ShowPagination)
	setBool(&c.ShowSideProfile, patch.ShowSideProfile)
	if patch.ShowSideRecent != nil {
		c.ShowSideRecent = *patch.ShowSideRecent
	}
	if patch.ShowSidePopular != nil {
		c.ShowSidePopular = *patch.ShowSidePopular
	}
	if patch.Extensions != nil {
		merge := c.Extensions.MergePatch
		if patch.ReplaceExtensions {
			merge = stgypub.NewExtensions
		}
		ext, err := merge(patch.Extensions)
		if err != nil {
			return err
		}
		c.Extensions = ext
	}
	c.UserID = userID
	// "   " or "\u200b" is stored as "" so the display fallbacks apply.
	c.NormalizeText()
	// A stored value from before a rule (an unknown theme, a count of -1)
	// stays readable and may be sent back unchanged (exportPubConfig
	// round trip); a change must pass the rules.
	return c.ValidateChange(&old)
}

// ExportPubConfig returns userID's settings for export (the same shape
// UpdatePubConfig accepts back). Errors: UNAUTHENTICATED, FORBIDDEN,
// NOT_FOUND.
func (s *Service) ExportPubConfig(ctx context.Context, viewer *stgypub.User, userID stgypub.ID) (*stgypub.PubConfig, error) {
	if err := stgypub.RequireSelfOrAdmin(viewer, userID); err != nil {
		return nil, err
	}
	c, err := s.configs.PubConfig(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("owner: export settings: %w", err)
	}
	return c, nil
}

// setString sets *dst to *v without a leading byte-order mark.
func setString(dst *string, v *string) {
	if v != nil {
		*dst = stgypub.StripBOM(*v)
	}
}

func setBool(dst *bool, v *bool) {
	if v != nil {
		*dst = *v
	}
}
