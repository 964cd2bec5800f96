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
	// Extensions replaces the whole extensions object when non-nil; it is
	// validated with stgypub.NewExtensions.
	Extensions map[string]any
}

// UpdatePubConfig applies patch to userID's settings and stores them.
// Errors: UNAUTHENTICATED, FORBIDDEN (neither the user nor an admin),
// NOT_FOUND (unknown user), BAD_USER_INPUT naming the field
// (stgypub.PubConfig.ValidateChange: column limits, counts 0-20, known
// theme, Measurement ID and time zone formats; extensions rules).
func (s *Service) UpdatePubConfig(ctx context.Context, viewer *stgypub.User, userID stgypub.ID, patch PubConfigPatch) (*stgypub.PubConfig, error) {
	if err := stgypub.RequireSelfOrAdmin(viewer, userID); err != nil {
		return nil, err
	}
	c, err := s.configs.PubConfig(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("owner: read settings: %w", err)
	}
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
		ext, err := stgypub.NewExtensions(patch.Extensions)
		if err != nil {
			return nil, err
		}
		c.Extensions = ext
	}
	c.UserID = userID
	// "   " or "\u200b" is stored as "" so the display fallbacks apply.
	c.NormalizeText()
	// A stored value from before a rule (an unknown theme, a count of -1)
	// stays readable and may be sent back unchanged (exportPubConfig
	// round trip); a change must pass the rules.
	if err := c.ValidateChange(&old); err != nil {
		return nil, err
	}
	if err := s.accounts.UpdatePubConfig(ctx, c); err != nil {
		return nil, fmt.Errorf("owner: store settings: %w", err)
	}
	return c, nil
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
