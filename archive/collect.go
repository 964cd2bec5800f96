package archive

import (
	"context"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
)

// Source is what Collect reads of the database (*store.Store implements
// it): the owner, the settings row, every post with its body, every
// comment and the checkpoints.
type Source interface {
	User(ctx context.Context, id stgypub.ID) (*stgypub.User, error)
	HasPubConfig(ctx context.Context, userID stgypub.ID) (bool, error)
	PubConfig(ctx context.Context, userID stgypub.ID) (*stgypub.PubConfig, error)
	PostsByOwner(ctx context.Context, ownerID stgypub.ID, offset, limit int) ([]*stgypub.Post, error)
	Post(ctx context.Context, id stgypub.ID) (*stgypub.Post, error)
	ExportComments(ctx context.Context, postID stgypub.ID) ([]*stgypub.Comment, error)
	OwnerCheckpoints(ctx context.Context, ownerID stgypub.ID, from, to time.Time) ([]stgypub.Checkpoint, error)
}

// DailySource gives the owner's daily view counters of the retention
// window (*counter.Counter implements it: the Redis daily Hashes).
type DailySource interface {
	DailyViews(ctx context.Context, ownerID stgypub.ID) ([]stgypub.Checkpoint, error)
}

// collectPage is how many posts Collect lists per query.
const collectPage = 200

// checkpointsFrom is the earliest checkpoint date Collect asks for (none
// is older than the software).
var checkpointsFrom = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// Collect reads the whole site of owner at now into a sorted Site
// (Manifest.CreatedAt = now) and returns it with the site's time zone
// (for Write). daily may be nil: the archive then has no daily counters,
// only checkpoints. NOT_FOUND for an unknown owner.
func Collect(ctx context.Context, src Source, daily DailySource, owner stgypub.ID, now time.Time) (*Site, *time.Location, error) {
	u, err := src.User(ctx, owner)
	if err != nil {
		return nil, nil, err
	}
	site := &Site{
		Manifest: Manifest{CreatedAt: now.UTC()},
		Profile:  Profile{ID: u.ID, LoginName: u.LoginName, Nickname: u.Nickname, Introduction: u.Introduction},
	}
	cfg, err := src.PubConfig(ctx, owner)
	if err != nil {
		return nil, nil, err
	}
	has, err := src.HasPubConfig(ctx, owner)
	if err != nil {
		return nil, nil, err
	}
	if has {
		site.Settings = SettingsOf(cfg)
	}
	for offset := 0; ; offset += collectPage {
		page, err := src.PostsByOwner(ctx, owner, offset, collectPage)
		if err != nil {
			return nil, nil, err
		}
		for _, listed := range page {
			p, err := src.Post(ctx, listed.ID)
			if err != nil {
				return nil, nil, fmt.Errorf("archive: post %s: %w", listed.ID, err)
			}
			site.Posts = append(site.Posts, p)
			cs, err := src.ExportComments(ctx, p.ID)
			if err != nil {
				return nil, nil, fmt.Errorf("archive: comments of %s: %w", p.ID, err)
			}
			site.Comments = append(site.Comments, cs...)
		}
		if len(page) < collectPage {
			break
		}
	}
	cps, err := src.OwnerCheckpoints(ctx, owner, checkpointsFrom, now.AddDate(0, 0, 1))
	if err != nil {
		return nil, nil, err
	}
	site.Checkpoints = viewCounts(cps)
	if daily != nil {
		ds, err := daily.DailyViews(ctx, owner)
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
