package graph

import (
	"context"
	"sort"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/graph/model"
	"github.com/stgy/stgypub/live"
)

// ViewsTodayEvery is the least time between two pubViewsToday events:
// recorded views within it coalesce into the next event.
const ViewsTodayEvery = time.Second

func (r *Resolver) liveSource() (*live.Hub, error) {
	if r.Live == nil {
		return nil, stgypub.Errorf(stgypub.CodeUnavailable, "subscriptions are not available on this server")
	}
	return r.Live, nil
}

// commentAdded is pubCommentAdded: the post's comments the viewer may
// see (stgypub.LiveCommentVisible), as pubComments shows them.
func (r *Resolver) commentAdded(ctx context.Context, postID stgypub.ID) (<-chan *comment.Item, error) {
	src, err := r.liveSource()
	if err != nil {
		return nil, err
	}
	viewer := r.viewer(ctx)
	mod, err := r.Comments.Watch(ctx, viewer, postID)
	if err != nil {
		return nil, err
	}
	in := src.Comments(ctx, postID)
	out := make(chan *comment.Item, 1)
	go func() {
		defer close(out)
		for ev := range in {
			if ev.Comment == nil || !stgypub.LiveCommentVisible(mod, ev.Comment) {
				continue
			}
			select {
			case out <- comment.Live(viewer, ev.Owner, ev.Comment):
			case <-ctx.Done():
				return
			}
		}
	}()
	return out, nil
}

// commentNotification is pubCommentNotification: the viewer's own new
// notifications.
func (r *Resolver) commentNotification(ctx context.Context) (<-chan *stgypub.CommentNotification, error) {
	src, err := r.liveSource()
	if err != nil {
		return nil, err
	}
	viewer := r.viewer(ctx)
	if viewer == nil {
		return nil, stgypub.Errorf(stgypub.CodeUnauthenticated, "login required")
	}
	in := src.Notifications(ctx, viewer.ID)
	out := make(chan *stgypub.CommentNotification, 1)
	go func() {
		defer close(out)
		for ev := range in {
			if ev.Notification == nil || ev.Notification.UserID != viewer.ID {
				continue
			}
			select {
			case out <- ev.Notification:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out, nil
}

// viewsToday is pubViewsToday: a snapshot at once, then one after
// recorded views, at most one per ViewsTodayEvery.
func (r *Resolver) viewsToday(ctx context.Context, userID stgypub.ID) (<-chan *model.PubViewsToday, error) {
	src, err := r.liveSource()
	if err != nil {
		return nil, err
	}
	if err := stgypub.RequireSelfOrAdmin(r.viewer(ctx), userID); err != nil {
		return nil, err
	}
	if r.Insight == nil {
		return nil, stgypub.Errorf(stgypub.CodeUnavailable, "view counts are not available on this server")
	}
	in := src.Views(ctx, userID)
	out := make(chan *model.PubViewsToday, 1)
	go func() {
		defer close(out)
		var last time.Time
		for {
			if wait := time.Until(last.Add(ViewsTodayEvery)); wait > 0 {
				t := time.NewTimer(wait)
				select {
				case <-t.C:
				case <-ctx.Done():
					t.Stop()
					return
				}
			}
			ev, err := r.todaySnapshot(ctx, userID)
			last = time.Now()
			if err == nil {
				select {
				case out <- ev:
				case <-ctx.Done():
					return
				}
			} else if ctx.Err() == nil {
				r.Logger.WarnContext(ctx, "graph: pubViewsToday: read counts", "err", err)
			}
			if _, ok := <-in; !ok {
				return
			}
		}
	}()
	return out, nil
}

func (r *Resolver) todaySnapshot(ctx context.Context, owner stgypub.ID) (*model.PubViewsToday, error) {
	counts, err := r.Insight.TodayCounts(ctx, owner)
	if err != nil {
		return nil, err
	}
	ev := &model.PubViewsToday{UserID: owner, Day: r.Now().UTC().Format(time.DateOnly), Posts: make([]*model.PubPostViewsToday, 0, len(counts))}
	for id, n := range counts {
		ev.Total += int(n)
		ev.Posts = append(ev.Posts, &model.PubPostViewsToday{PostID: id, Views: int(n)})
	}
	sort.Slice(ev.Posts, func(i, j int) bool {
		a, b := ev.Posts[i], ev.Posts[j]
		return a.Views > b.Views || (a.Views == b.Views && a.PostID > b.PostID)
	})
	return ev, nil
}
