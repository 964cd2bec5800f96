package archive

import (
	"context"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
)

// Stores are what Collect reads, one root store per entity (*store.Store
// implements every store, *counter.Counter the Counts).
type Stores struct {
	// Users gives the owner and the settings (User, PubConfig).
	Users stgypub.PubUserStore
	// Accounts tells whether the owner has a settings row (HasPubConfig).
	Accounts stgypub.AccountStore
	// Posts lists every post of the owner and reads each with its body
	// (PostsByOwner, Post).
	Posts stgypub.PostStore
	// Comments gives every comment of a post, pending included
	// (ExportComments).
	Comments stgypub.CommentStore
	// Checkpoints gives the owner's checkpoints (OwnerCheckpoints).
	Checkpoints stgypub.CheckpointStore
	// Counts gives the owner's daily view counters of the retention
	// window (DailyViews: the Redis daily Hashes); nil leaves them out
	// of the archive, which then has only checkpoints.
	Counts stgypub.CountReader
}

// collectPage is how many posts Collect lists per query.
const collectPage = 200

// checkpointsFrom is the earliest checkpoint date Collect asks for (none
// is older than the software).
var checkpointsFrom = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// Collect reads the whole site of owner at now into a sorted Site
// (Manifest.CreatedAt = now) and returns it with the site's time zone
// (for Write). NOT_FOUND for an unknown owner.
func Collect(ctx context.Context, src Stores, owner stgypub.ID, now time.Time) (*Site, *time.Location, error) {
	u, err := src.Users.User(ctx, owner)
	if err != nil {
		return nil, nil, err
	}
	site := &Site{
		Manifest: Manifest{CreatedAt: now.UTC()},
		Profile:  Profile{ID: u.ID, LoginName: u.LoginName, Nickname: u.Nickname, Introduction: u.Introduction},
	}
	cfg, err := src.Users.PubConfig(ctx, owner)
	if err != nil {
		return nil, nil, err
	}
	has, err := src.Accounts.HasPubConfig(ctx, owner)
	if err != nil {
		return nil, nil, err
	}
	if has {
		site.Settings = SettingsOf(cfg)
	}
	for offset := 0; ; offset += collectPage {
		page, err := src.Posts.PostsByOwner(ctx, owner, offset, collectPage)
		if err != nil {
			return nil, nil, err
		}
		for _, listed := range page {
			p, err := src.Posts.Post(ctx, listed.ID)
			if err != nil {
				return nil, nil, fmt.Errorf("archive: post %s: %w", listed.ID, err)
			}
			site.Posts = append(site.Posts, p)
			cs, err := src.Comments.ExportComments(ctx, p.ID)
			if err != nil {
				return nil, nil, fmt.Errorf("archive: comments of %s: %w", p.ID, err)
			}
			site.Comments = append(site.Comments, cs...)
		}
		if len(page) < collectPage {
			break
		}
	}
	cps, err := src.Checkpoints.OwnerCheckpoints(ctx, owner, checkpointsFrom, now.AddDate(0, 0, 1))
	if err != nil {
		return nil, nil, err
	}
	site.Checkpoints = viewCounts(cps)
	if src.Counts != nil {
		ds, err := src.Counts.DailyViews(ctx, owner)
		if err != nil {
			return nil, nil, err
		}
		site.DailyViews = viewCounts(ds)
	}
	site.Sort()
	return site, cfg.Location(), nil
}

func viewCounts(cps []stgypub.Checkpoint) []ViewCount {
	out := make([]ViewCount, 0, len(cps))
	for _, c := range cps {
		if c.Count > 0 {
			out = append(out, ViewCount{PostID: c.PostID, Date: c.Date.UTC(), Count: c.Count})
		}
	}
	return out
}
