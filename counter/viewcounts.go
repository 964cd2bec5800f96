package counter

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
)

// ViewCounts returns each post's PV over the window, summed from the
// owner's daily Hashes with one pipeline of HMGETs (Post.viewCount and its
// dataloader). Every requested ID is in the map, 0 when it has no views;
// all posts must belong to ownerID (the key's hash tag). Checkpoints are
// not consulted, as for Ranking. It waits at most Config.Budget. When the
// owner's counts are not marked as filled from PostgreSQL (Redis came
// back empty), a refill starts in the background.
func (c *Counter) ViewCounts(ctx context.Context, ownerID stgypub.ID, postIDs []stgypub.ID) (map[stgypub.ID]int64, error) {
	out := make(map[stgypub.ID]int64, len(postIDs))
	if len(postIDs) == 0 {
		return out, nil
	}
	fields := make([]string, len(postIDs))
	for i, id := range postIDs {
		fields[i] = id.String()
		out[id] = 0
	}
	ctx, cancel := c.budget(ctx)
	defer cancel()
	pipe := c.rdb.Pipeline()
	var cmds []*redis.SliceCmd
	for _, d := range c.window() {
		cmds = append(cmds, pipe.HMGet(ctx, c.dailyKey(ownerID, d.Format(dayLayout)), fields...))
	}
	filled := pipe.Exists(ctx, c.filledKey(ownerID))
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, fmt.Errorf("counter: view counts of %s: %w", ownerID, err)
	}
	if filled.Val() == 0 {
		c.refillAsync(ctx, ownerID) // Redis lost the owner's counts: restore them for the next request
	}
	for _, cmd := range cmds {
		for i, v := range cmd.Val() {
			if s, ok := v.(string); ok {
				if n, err := strconv.ParseInt(s, 10, 64); err == nil && n > 0 {
					out[postIDs[i]] += n
				}
			}
		}
	}
	return out, nil
}

// TodayCount is a post's page views of today (UTC) as the view script
// counts them: what RecordView returns for a counted view, for a caller
// that was told "duplicate" (0) and wants the current figure
// (recordPubView). 0 when the post has none. It waits at most
// Config.Budget.
func (c *Counter) TodayCount(ctx context.Context, ownerID, postID stgypub.ID) (int64, error) {
	ctx, cancel := c.budget(ctx)
	defer cancel()
	n, err := c.rdb.HGet(ctx, c.dailyKey(ownerID, c.today().Format(dayLayout)), postID.String()).Int64()
	if errors.Is(err, redis.Nil) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("counter: today's count of %s: %w", postID, err)
	}
	return n, nil
}
