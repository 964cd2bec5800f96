package owner

import (
	"context"
	"fmt"

	"github.com/stgy/stgypub"
)

// Profile limits, in Unicode code points (users.nickname VARCHAR(50),
// users.introduction VARCHAR(2000)).
const (
	NicknameMaxChars     = 50
	IntroductionMaxChars = 2000
)

// UpdateProfile sets a user's nickname (white space collapsed and trimmed,
// 1-50 characters) and introduction (at most 2000 characters), which the
// public pages show as the author and profile; for the user themself or an
// admin. Errors: UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT, NOT_FOUND.
func (s *Service) UpdateProfile(ctx context.Context, viewer *stgypub.User, userID stgypub.ID, nickname, introduction string) (*stgypub.User, error) {
	return s.UpdateProfileIf(ctx, viewer, userID, nickname, introduction, stgypub.Precondition{})
}

// UpdateProfileIf is UpdateProfile under pre (updateProfile's ifVersion,
// Me.profileVersion): a profile written since pre's version is left as
// it is and the error is CONFLICT with the current version. The returned
// user carries the new ProfileVersion.
func (s *Service) UpdateProfileIf(ctx context.Context, viewer *stgypub.User, userID stgypub.ID, nickname, introduction string, pre stgypub.Precondition) (*stgypub.User, error) {
	if err := stgypub.RequireSelfOrAdmin(viewer, userID); err != nil {
		return nil, err
	}
	// NUL and invalid UTF-8 are refused as typed (the normalization would
	// drop them silently), then the one nickname rule applies.
	if err := stgypub.CheckText("nickname", nickname, len(nickname)); err != nil {
		return nil, err
	}
	nickname = stgypub.NormalizeNickname(nickname)
	introduction = stgypub.StripBOM(introduction)
	if err := stgypub.CheckText("nickname", nickname, NicknameMaxChars); err != nil {
		return nil, err
	}
	if stgypub.IsBlank(nickname) { // "", or only invisible characters
		return nil, stgypub.FieldErrorf("nickname", "nickname must not be empty (white space and invisible characters do not count)")
	}
	if err := stgypub.CheckText("introduction", introduction, IntroductionMaxChars); err != nil {
		return nil, err
	}
	v, err := s.accounts.UpdateProfileIf(ctx, userID, nickname, introduction, pre)
	if err != nil {
		return nil, fmt.Errorf("owner: update profile: %w", err)
	}
	return &stgypub.User{ID: userID, Nickname: nickname, Introduction: introduction, ProfileVersion: v}, nil
}
