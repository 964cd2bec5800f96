package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/stgy/stgypub"
)

// Federation reactions and the owner's follower list (docs/FEDERATION.md
// "Inbox", "Owner").
var (
	sqlReactionPut = sqlText("federation_reaction_put", `INSERT INTO federation_reactions (post_id, actor, kind, user_id, activity_id, created_at)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (post_id, actor, kind) DO UPDATE SET activity_id = EXCLUDED.activity_id
RETURNING (xmax = 0) AS inserted`)
	sqlReactionDelete = sqlText("federation_reaction_delete", `DELETE FROM federation_reactions
WHERE user_id = $1 AND actor = $2 AND ((kind = $3 AND post_id = $4) OR ($5 <> '' AND activity_id = $5))`)
	sqlReactionCounts = sqlText("federation_reaction_counts", `SELECT count(*) FILTER (WHERE kind = 'Like') AS likes, count(*) FILTER (WHERE kind = 'Announce') AS announces
FROM federation_reactions WHERE post_id = $1`)
	sqlSiteReactionCounts = sqlText("federation_site_reaction_counts", `SELECT count(*) FILTER (WHERE kind = 'Like') AS likes, count(*) FILTER (WHERE kind = 'Announce') AS announces
FROM federation_reactions WHERE user_id = $1`)
	sqlFollowersPage = sqlText("federation_followers_page", `SELECT user_id, actor, inbox, shared_inbox, follow_id, created_at FROM federation_followers
WHERE user_id = $1 AND (NOT $2 OR (created_at, actor) > ($3, $4))
ORDER BY created_at, actor LIMIT $5`)
	sqlFollowerRemove = sqlText("federation_follower_remove", `DELETE FROM federation_followers WHERE user_id = $1 AND actor = $2
RETURNING user_id, actor, inbox, shared_inbox, follow_id, created_at`)
)

// PutReaction stores r (CreatedAt set here on a new reaction) and reports
// whether it is new: the same actor's repeated Like or Announce of the
// same post keeps the one row (with the newer activity ID).
func (s *Federation) PutReaction(ctx context.Context, r *stgypub.Reaction) (bool, error) {
	r.CreatedAt = s.Now().UTC().Truncate(time.Microsecond)
	var inserted []bool
	err := sqlReactionPut.raw(s.DB, int64(r.PostID), r.Actor, r.Kind, int64(r.UserID), r.ActivityID, r.CreatedAt).Scan(ctx, &inserted)
	if err != nil {
		return false, fmt.Errorf("store: put %s of %s: %w", r.Kind, r.PostID, err)
	}
	return len(inserted) == 1 && inserted[0], nil
}

// DeleteReaction removes actor's reaction to one of userID's posts: the
// one of kind on postID, or the one whose activity ID is activityID
// (either may be zero). It reports whether one was removed.
func (s *Federation) DeleteReaction(ctx context.Context, userID stgypub.ID, actor, kind string, postID stgypub.ID, activityID string) (bool, error) {
	res, err := sqlReactionDelete.raw(s.DB, int64(userID), actor, kind, int64(postID), activityID).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("store: delete reaction of %s: %w", userID, err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

type reactionCountsRow struct {
	Likes     int `bun:"likes"`
	Announces int `bun:"announces"`
}

// ReactionCounts returns the standing Likes and Announces of a post.
func (s *Federation) ReactionCounts(ctx context.Context, postID stgypub.ID) (stgypub.ReactionCounts, error) {
	var r reactionCountsRow
	if err := sqlReactionCounts.raw(s.DB, int64(postID)).Scan(ctx, &r); err != nil {
		return stgypub.ReactionCounts{}, fmt.Errorf("store: reaction counts of %s: %w", postID, err)
	}
	return stgypub.ReactionCounts(r), nil
}

// SiteReactionCounts returns the standing Likes and Announces of all of
// a site's posts.
func (s *Federation) SiteReactionCounts(ctx context.Context, userID stgypub.ID) (stgypub.ReactionCounts, error) {
	var r reactionCountsRow
	if err := sqlSiteReactionCounts.raw(s.DB, int64(userID)).Scan(ctx, &r); err != nil {
		return stgypub.ReactionCounts{}, fmt.Errorf("store: reaction counts of site %s: %w", userID, err)
	}
	return stgypub.ReactionCounts(r), nil
}

// FollowersPage lists up to limit of the site's followers after the
// cursor (nil: from the start), oldest first (by followed time, then
// actor ID).
func (s *Federation) FollowersPage(ctx context.Context, userID stgypub.ID, after *stgypub.FollowerCursor, limit int) ([]*stgypub.Follower, error) {
	var at time.Time
	var actor string
	if after != nil {
		at, actor = after.CreatedAt.UTC(), after.Actor
	}
	var rows []followerRow
	if err := sqlFollowersPage.raw(s.DB, int64(userID), after != nil, at, actor, limit).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: followers page of %s: %w", userID, err)
	}
	out := make([]*stgypub.Follower, len(rows))
	for i, r := range rows {
		out[i] = &stgypub.Follower{UserID: stgypub.ID(r.UserID), Actor: r.Actor, Inbox: r.Inbox, SharedInbox: r.SharedInbox, FollowID: r.FollowID, CreatedAt: r.CreatedAt.UTC()}
	}
	return out, nil
}

// RemoveFollower removes actor from the site's followers at the owner's
// request and, in the same transaction, queues to the follower's inbox
// the activity notice builds for it (a signed Reject of its Follow), so
// the follower is never removed without being told. It reports whether
// actor was a follower (false: nothing changed, nothing queued).
func (s *Federation) RemoveFollower(ctx context.Context, userID stgypub.ID, actor string, notice func(*stgypub.Follower) ([]byte, error)) (bool, error) {
	removed := false
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var rows []followerRow
		if err := sqlFollowerRemove.raw(tx, int64(userID), actor).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if len(rows) == 0 {
			return nil
		}
		r := rows[0]
		f := &stgypub.Follower{UserID: stgypub.ID(r.UserID), Actor: r.Actor, Inbox: r.Inbox, SharedInbox: r.SharedInbox, FollowID: r.FollowID, CreatedAt: r.CreatedAt.UTC()}
		body, err := notice(f)
		if err != nil {
			return err
		}
		var ids []string
		if err := sqlFedEnqueue.raw(tx, int64(userID), f.Inbox, body, s.Now().UTC()).Scan(ctx, &ids); err != nil {
			return err
		}
		removed = true
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("store: remove follower of %s: %w", userID, err)
	}
	return removed, nil
}
