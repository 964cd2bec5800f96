package federation

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/stgy/stgypub"
)

// MaxFollowersPage bounds a page of the owner's follower list.
const MaxFollowersPage = 100

// Overview is userID's federation as its owner sees it: the handle
// (@{login}@{host}), the actor ID, whether the setting is on, the
// follower count and the site's standing Likes and Announces. The owner
// or an administrator only (stgypub.RequireSelfOrAdmin: UNAUTHENTICATED,
// FORBIDDEN); NOT_FOUND for an unknown user. It answers whether or not
// federation is on for the site.
func (s *Service) Overview(ctx context.Context, viewer *stgypub.User, userID stgypub.ID) (*stgypub.FederationOverview, error) {
	if err := stgypub.RequireSelfOrAdmin(viewer, userID); err != nil {
		return nil, err
	}
	st, err := s.siteOf(ctx, userID)
	if err != nil {
		return nil, err
	}
	n, err := s.st.Federation.CountFollowers(ctx, userID)
	if err != nil {
		return nil, err
	}
	rc, err := s.st.Federation.SiteReactionCounts(ctx, userID)
	if err != nil {
		return nil, err
	}
	return &stgypub.FederationOverview{UserID: userID, Available: true, Enabled: st.config.Extensions.FederationEnabled(),
		Handle: "@" + st.user.LoginName + "@" + s.cfg.BaseURL.Host, ActorID: s.ActorID(userID), FollowerCount: n, Reactions: rc}, nil
}

// FollowerList is one page of userID's followers, oldest first: up to
// first (1 to MaxFollowersPage, else BAD_USER_INPUT naming "first") after
// the cursor (nil: from the start), and whether more follow. The owner or
// an administrator only.
func (s *Service) FollowerList(ctx context.Context, viewer *stgypub.User, userID stgypub.ID, first int, after *stgypub.FollowerCursor) ([]*stgypub.Follower, bool, error) {
	if err := stgypub.RequireSelfOrAdmin(viewer, userID); err != nil {
		return nil, false, err
	}
	if first < 1 || first > MaxFollowersPage {
		return nil, false, stgypub.FieldErrorf("first", "first must be between 1 and %d", MaxFollowersPage)
	}
	list, err := s.st.Federation.FollowersPage(ctx, userID, after, first+1)
	if err != nil {
		return nil, false, err
	}
	if len(list) > first {
		return list[:first], true, nil
	}
	return list, false, nil
}

// RemoveFollower removes actor from userID's followers and queues a
// Reject of its Follow (signed with the site's key) to its inbox, as
// Mastodon does when an account removes a follower: the remote server
// then drops the follow, so it neither shows it nor expects posts. The
// owner or an administrator only; NOT_FOUND when actor does not follow
// the site.
func (s *Service) RemoveFollower(ctx context.Context, viewer *stgypub.User, userID stgypub.ID, actor string) error {
	if err := stgypub.RequireSelfOrAdmin(viewer, userID); err != nil {
		return err
	}
	removed, err := s.st.Federation.RemoveFollower(ctx, userID, actor, func(f *stgypub.Follower) ([]byte, error) {
		return s.rejectFollow(f)
	})
	if err != nil {
		return err
	}
	if !removed {
		return stgypub.Errorf(stgypub.CodeNotFound, "%s does not follow this site", actor)
	}
	return nil
}

// rejectFollow is the Reject sent to a removed follower: its object is
// the Follow as stored (id, actor, object this site).
func (s *Service) rejectFollow(f *stgypub.Follower) ([]byte, error) {
	actor := s.ActorID(f.UserID)
	b, err := json.Marshal(map[string]any{
		"@context": ContextActivityStreams,
		"id":       actor + "#rejects/" + randomID(),
		"type":     "Reject",
		"actor":    actor,
		"object":   map[string]any{"id": f.FollowID, "type": "Follow", "actor": f.Actor, "object": actor},
	})
	if err != nil {
		return nil, fmt.Errorf("federation: reject: %w", err)
	}
	return b, nil
}

// PostReactions is a post's standing Likes and Announces for its owner
// or an administrator; nil (no error) for anyone else, as share counts
// (so public queries of a post never fail on it).
func (s *Service) PostReactions(ctx context.Context, viewer *stgypub.User, post *stgypub.Post) (*stgypub.ReactionCounts, error) {
	if !stgypub.CanActFor(viewer, post.OwnedBy) {
		return nil, nil
	}
	rc, err := s.st.Federation.ReactionCounts(ctx, post.ID)
	if err != nil {
		return nil, err
	}
	return &rc, nil
}
