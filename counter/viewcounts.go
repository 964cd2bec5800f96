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
// consulted only when the owner's counts are not marked as filled from
// PostgreSQL (Redis came back empty): then each day counts the larger of
// Redis and the checkpoint, so the answer is not 0 while a refill starts
// in the background. It waits at most Config.Budget. With Config.MemoTTL
// an answer is reused for that long (memo.go).
func (c *Counter) ViewCounts(ctx context.Context, ownerID stgypub.ID, postIDs []stgypub.ID) (map[stgypub.ID]int64, error) {
	out := make(map[stgypub.ID]int64, len(postIDs))
	if len(postIDs) == 0 {
		return out, nil
	}
	now := c.cfg.Now()
	if c.memo.viewCounts(ownerID, postIDs, now, out) {
		return out, nil
	}
	fields := make([]string, len(postIDs))
	for i, id := range postIDs {
		fields[i] = id.String()
		out[id] = 0
	}
	ctx, cancel := c.cfg.budget(ctx)
	defer cancel()
	days := c.cal.window()
	pipe := c.rdb.Pipeline()
	var cmds []*redis.SliceCmd
	for _, d := range days {
		cmds = append(cmds, pipe.HMGet(ctx, c.keys.dailyKey(ownerID, d.Format(dayLayout)), fields...))
	}
	filled := pipe.Exists(ctx, c.keys.filledKey(ownerID))
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, fmt.Errorf("counter: view counts of %s: %w", ownerID, err)
	}
	// Redis lost the owner's counts (it came back empty): this answer
	// takes the PostgreSQL checkpoints into account, per day the larger
	// of the two as refill does, and a refill restores Redis for the next
	// request. Without the checkpoints the answer would be 0.
	var cps map[int]map[stgypub.ID]int64
	if filled.Val() == 0 {
		c.refillAsync(ctx, ownerID)
		rows, err := ownerCheckpoints(ctx, c.cps, ownerID, days)
		if err != nil {
			return nil, fmt.Errorf("counter: view counts of %s: checkpoints: %w", ownerID, err)
		}
		cps = make(map[int]map[stgypub.ID]int64)
		for _, r := range rows {
			m := cps[int(r.day)]
			if m == nil {
				m = make(map[stgypub.ID]int64)
				cps[int(r.day)] = m
			}
			m[r.post] = max(m[r.post], r.count)
		}
	}
	for d, cmd := range cmds {
		vals := cmd.Val()
		for i, id := range postIDs {
			var n int64
			if i < len(vals) {
				if s, ok := vals[i].(string); ok {
					if v, err := strconv.ParseInt(s, 10, 64); err == nil && v > 0 {
						n = v
					}
				}
			}
			if cps != nil {
				n = max(n, cps[d][id])
			}
			out[id] += n
		}
	}
	if cps == nil {
		c.memo.keepCounts(ownerID, out, now) // not while a refill restores Redis
	}
	return out, nil
}

// TodayCount is a post's page views of today (UTC) as the view script
// counts them: what RecordView returns for a counted view, for a caller
// that was told "duplicate" (0) and wants the current figure
// (recordPubView). 0 when the post has none. It waits at most
// Config.Budget.
func (c *Counter) TodayCount(ctx context.Context, ownerID, postID stgypub.ID) (int64, error) {
	ctx, cancel := c.cfg.budget(ctx)
	defer cancel()
	n, err := c.rdb.HGet(ctx, c.keys.dailyKey(ownerID, c.cal.today().Format(dayLayout)), postID.String()).Int64()
	if errors.Is(err, redis.Nil) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("counter: today's count of %s: %w", postID, err)
	}
	return n, nil
}
