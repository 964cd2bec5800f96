package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/stgy/stgypub"
)

// Archive is the part of the store for site archives: RestoreSite.
type Archive struct{ *shared }

// The statements of a whole-site restore (docs/ARCHIVE.md "Import").
var (
	sqlRestoreOwner           = sqlFile("restore_owner")
	sqlRestorePostConflict    = sqlFile("restore_post_conflict")
	sqlRestoreCommentConflict = sqlFile("restore_comment_conflict")
	sqlRestoreUser            = sqlFile("restore_user")
	sqlRestoreProfile         = sqlFile("restore_profile")
	sqlRestoreSettings        = sqlFile("restore_settings")
	sqlRestorePost            = sqlFile("restore_post")
	sqlRestorePostDetails     = sqlFile("restore_post_details")
	sqlRestoreComments        = sqlFile("restore_comments")
	sqlRestoreDropRenders     = sqlText("restore_drop_renders", `DELETE FROM post_renders WHERE post_id = $1`)
)

// RestoreSite restores a whole site in ONE transaction (stgypub.SiteRestore
// says how the account is found or created): the profile, the settings
// row, every post with its ID, every comment with its ID, and the view
// rows raised with the monotonic checkpoint UPSERT (a count is never
// lowered). Rows already as archived are not written, so a second restore
// of the same archive changes nothing (not even the site change time,
// moved only when something changed). Refusals write nothing: NOT_FOUND
// for a missing Existing account; CONFLICT naming the item for a login
// taken by another account, a post ID of another account, or a comment ID
// on another post. The caller validates the content (archive.Read).
// Each post created or rewritten has its webhook event queued in the same
// transaction (stgypub.PostWebhookEvent: POST_PUBLISHED for a visible
// post not announced yet, POST_UPDATED for a rewritten announced one);
// restored comments queue nothing. Restored settings that leave
// federation off retire it as UpdatePubConfigIf does (followers removed,
// the actor's Delete queued to their inboxes).
func (s *Archive) RestoreSite(ctx context.Context, in *stgypub.SiteRestore) (stgypub.RestoreSummary, error) {
	var sum stgypub.RestoreSummary
	postIDs := make([]int64, len(in.Posts))
	for i, p := range in.Posts {
		postIDs[i] = int64(p.ID)
	}
	now, queued := s.Now(), 0
	err := s.siteTx(ctx, func(ctx context.Context, tx bun.Tx, touch func(...stgypub.ID) error) error {
		sum = stgypub.RestoreSummary{}
		owner, err := s.restoreOwner(ctx, tx, in, postIDs, &sum)
		if err != nil {
			return err
		}
		if err := restoreConflicts(ctx, tx, owner, postIDs, in.Comments); err != nil {
			return err
		}
		if err := restoreProfile(ctx, tx, owner, in, &sum); err != nil {
			return err
		}
		if sum.SettingsChanged && !in.Config.Extensions.FederationEnabled() {
			// The restored settings leave federation off: as for any
			// settings write, followers go and are sent the actor's Delete.
			if err := retireFederation(ctx, tx, owner, now); err != nil {
				return err
			}
		}
		queued = 0
		for _, p := range in.Posts {
			w, changed, err := restorePost(ctx, tx, owner, p, &sum)
			if err != nil {
				return err
			}
			if changed {
				n, err := queuePostEvent(ctx, tx, p.ID, w, now)
				if err != nil {
					return err
				}
				queued += n
			}
		}
		if err := restoreComments(ctx, tx, in.Comments, &sum); err != nil {
			return err
		}
		if err := restoreViews(ctx, tx, owner, in.Views, &sum); err != nil {
			return err
		}
		if sum.Changed() {
			return touch(owner)
		}
		return nil
	})
	if err == nil {
		s.webhooksQueued(queued)
	}
	return sum, err
}

// restoreOwner finds (and locks) or creates the account.
func (s *Archive) restoreOwner(ctx context.Context, tx bun.Tx, in *stgypub.SiteRestore, postIDs []int64, sum *stgypub.RestoreSummary) (stgypub.ID, error) {
	var row struct {
		ID        int64  `bun:"id"`
		LoginName string `bun:"login_name"`
		Owned     int    `bun:"owned"`
	}
	err := sqlRestoreOwner.raw(tx, in.LoginName, pgdialect.Array(postIDs)).Scan(ctx, &row)
	switch {
	case errors.Is(err, sql.ErrNoRows) && in.Existing:
		return 0, stgypub.Errorf(stgypub.CodeNotFound, "no account %q to import into", in.LoginName)
	case errors.Is(err, sql.ErrNoRows):
		var id int64
		err := sqlRestoreUser.raw(tx, int64(in.ArchiveOwner), int64(NewID()), in.LoginName, in.Nickname, in.Introduction, s.Now().UTC()).Scan(ctx, &id)
		if err != nil {
			return 0, fmt.Errorf("store: restore account %q: %w", in.LoginName, err)
		}
		sum.OwnerID, sum.OwnerCreated = stgypub.ID(id), true
		return sum.OwnerID, nil
	case err != nil:
		return 0, fmt.Errorf("store: restore account %q: %w", in.LoginName, err)
	}
	if !in.Existing && row.ID != int64(in.ArchiveOwner) && row.Owned == 0 {
		return 0, stgypub.Errorf(stgypub.CodeConflict,
			"login name %q is taken by another account (%s): import into it with -user %s (command line), or choose a new login with -as (as= on an upload)",
			row.LoginName, stgypub.ID(row.ID), row.LoginName)
	}
	sum.OwnerID = stgypub.ID(row.ID)
	return sum.OwnerID, nil
}

// restoreConflicts refuses, naming the first, a post of another account
// or a comment on another post.
func restoreConflicts(ctx context.Context, tx bun.Tx, owner stgypub.ID, postIDs []int64, cs []*stgypub.Comment) error {
	var post []struct {
		ID      int64 `bun:"id"`
		OwnedBy int64 `bun:"owned_by"`
	}
	if err := sqlRestorePostConflict.raw(tx, pgdialect.Array(postIDs), int64(owner)).Scan(ctx, &post); err != nil {
		return fmt.Errorf("store: restore post conflicts: %w", err)
	}
	if len(post) > 0 {
		return stgypub.Errorf(stgypub.CodeConflict, "post %s belongs to another account (%s); nothing was imported",
			stgypub.ID(post[0].ID), stgypub.ID(post[0].OwnedBy))
	}
	ids, posts := make([]int64, len(cs)), make([]int64, len(cs))
	for i, c := range cs {
		ids[i], posts[i] = int64(c.ID), int64(c.PostID)
	}
	var com []struct {
		ID         int64 `bun:"id"`
		PostID     int64 `bun:"post_id"`
		WantPostID int64 `bun:"want_post_id"`
	}
	if err := sqlRestoreCommentConflict.raw(tx, pgdialect.Array(ids), pgdialect.Array(posts)).Scan(ctx, &com); err != nil {
		return fmt.Errorf("store: restore comment conflicts: %w", err)
	}
	if len(com) > 0 {
		return stgypub.Errorf(stgypub.CodeConflict, "comment %s is on post %s, not %s; nothing was imported",
			stgypub.ID(com[0].ID), stgypub.ID(com[0].PostID), stgypub.ID(com[0].WantPostID))
	}
	return nil
}

// restoreProfile writes the profile and the settings row where they differ.
func restoreProfile(ctx context.Context, tx bun.Tx, owner stgypub.ID, in *stgypub.SiteRestore, sum *stgypub.RestoreSummary) error {
	var ids []int64
	if err := sqlRestoreProfile.raw(tx, int64(owner), in.Nickname, in.Introduction).Scan(ctx, &ids); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: restore profile: %w", err)
	}
	sum.ProfileChanged = len(ids) > 0 && !sum.OwnerCreated
	if in.Config == nil {
		return nil
	}
	c := *in.Config
	c.UserID = owner
	r := pubConfigToRow(&c)
	ids = ids[:0]
	err := sqlRestoreSettings.raw(tx, r.UserID, r.SiteName, r.Subtitle, r.Author, r.Introduction, r.DesignTheme,
		r.ShowServiceHeader, r.ShowSiteName, r.ShowPagination, r.ShowSideProfile, r.ShowSideRecent, r.ShowSidePopular,
		r.Extensions, r.UpdatedAt).Scan(ctx, &ids)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: restore settings: %w", err)
	}
	sum.SettingsChanged = len(ids) > 0
	return nil
}

// restorePost writes one post and its details where they differ; a post
// whose body changed loses its stored renderings. It returns how the post
// was written, for its webhook event (PostCreated or PostEdited), and
// whether it was written at all.
func restorePost(ctx context.Context, tx bun.Tx, owner stgypub.ID, p *stgypub.Post, sum *stgypub.RestoreSummary) (stgypub.PostWrite, bool, error) {
	q := *p
	q.OwnedBy = owner
	r := postToRow(&q)
	var res []bool
	err := sqlRestorePost.raw(tx, r.ID, r.OwnedBy, r.ReplyTo, r.PublishedAt, r.UpdatedAt, r.Snippet,
		r.FeaturedImage, r.FeaturedImageAlt, r.ReadingMinutes, r.DerivedVersion,
		pgdialect.Array(r.Tags), pgdialect.Array(r.TagKeys), r.Locale, r.AllowLikes, r.AllowReplies).Scan(ctx, &res)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, false, fmt.Errorf("store: restore post %s: %w", p.ID, err)
	}
	var details []int64
	err = sqlRestorePostDetails.raw(tx, r.ID, p.Content, stgypub.SearchText(p.PlainText)).Scan(ctx, &details)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, false, fmt.Errorf("store: restore post %s details: %w", p.ID, err)
	}
	switch {
	case len(res) > 0 && res[0]:
		sum.PostsCreated++
		return stgypub.PostCreated, true, nil
	case len(res) > 0 || len(details) > 0:
		sum.PostsUpdated++
	default:
		sum.PostsUnchanged++
		return 0, false, nil
	}
	if _, err := sqlRestoreDropRenders.raw(tx, r.ID).Exec(ctx); err != nil {
		return 0, false, fmt.Errorf("store: restore post %s renderings: %w", p.ID, err)
	}
	return stgypub.PostEdited, true, nil
}

// restoreComments writes the comments where they differ, in one statement.
func restoreComments(ctx context.Context, tx bun.Tx, cs []*stgypub.Comment, sum *stgypub.RestoreSummary) error {
	if len(cs) == 0 {
		return nil
	}
	n := len(cs)
	ids, posts, nicks, bodies, statuses, authors := make([]int64, n), make([]int64, n), make([]string, n), make([]string, n), make([]string, n), make([]bool, n)
	for i, c := range cs {
		ids[i], posts[i], nicks[i], bodies[i], statuses[i], authors[i] = int64(c.ID), int64(c.PostID), c.Nickname, c.Body, string(c.Status), c.IsAuthor
	}
	var inserted []bool
	err := sqlRestoreComments.raw(tx, pgdialect.Array(ids), pgdialect.Array(posts), pgdialect.Array(nicks),
		pgdialect.Array(bodies), pgdialect.Array(statuses), pgdialect.Array(authors)).Scan(ctx, &inserted)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: restore comments: %w", err)
	}
	for _, ins := range inserted {
		if ins {
			sum.CommentsCreated++
		} else {
			sum.CommentsUpdated++
		}
	}
	sum.CommentsUnchanged = n - len(inserted)
	return nil
}

// restoreViews raises the checkpoints with the monotonic UPSERT of
// upsert_checkpoints.sql: inserted or raised, never lowered.
func restoreViews(ctx context.Context, tx bun.Tx, owner stgypub.ID, views []stgypub.Checkpoint, sum *stgypub.RestoreSummary) error {
	cps := make([]stgypub.Checkpoint, len(views))
	for i, v := range views {
		cps[i] = stgypub.Checkpoint{PostID: v.PostID, OwnerID: owner, Date: v.Date, Count: v.Count}
	}
	rows := mergeCheckpoints(cps)
	if len(rows) == 0 {
		return nil
	}
	res, err := sqlUpsertCheckpoints.raw(tx, upsertArgs(rows)...).Exec(ctx)
	if err != nil {
		return fmt.Errorf("store: restore %d checkpoints: %w", len(rows), err)
	}
	n, _ := res.RowsAffected()
	sum.ViewsRaised, sum.ViewsUnchanged = int(n), len(rows)-int(n)
	return nil
}
