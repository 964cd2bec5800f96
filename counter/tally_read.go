package counter

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redisguard"
)

// tallyTable is counts per post, per window day and per name.
type tallyTable map[stgypub.ID][][]int64

func (t tallyTable) raise(post stgypub.ID, day, tag int, n int64, days, width int) {
	rows := t[post]
	if rows == nil {
		rows = make([][]int64, days)
		for i := range rows {
			rows[i] = make([]int64, width)
		}
		t[post] = rows
	}
	rows[day][tag] = max(rows[day][tag], n)
}

// readTallies reads the owner's counters of kind for days (oldest
// first) from Redis (one pipeline of HGETALL) and PostgreSQL, merged by
// max; only the posts wanted (nil: every post).
func (tc *tallyCounter) read(ctx context.Context, owner stgypub.ID, kind itemKind, days []time.Time, wanted stgypub.ID) (tallyTable, error) {
	ctx = redisguard.WithTimeout(ctx, tc.cfg.CheckpointTimeout) // an owner's read, not a page's
	width := len(names(kind))
	t := tallyTable{}
	dayIdx := make(map[string]int, len(days))
	for i, d := range days {
		dayIdx[d.Format(time.DateOnly)] = i
	}
	kindKey := crawlDailyKind
	if kind == kindShare {
		kindKey = shareDailyKind
	}
	pipe := tc.rdb.Pipeline()
	var buf [8]byte
	cmds := make([]interface{ Val() map[string]string }, len(days))
	for i, d := range days {
		cmds[i] = pipe.HGetAll(ctx, tc.keys.key(kindKey, owner, d.AppendFormat(buf[:0], dayLayout)))
	}
	_, redisErr := pipe.Exec(ctx)
	if redisErr == nil {
		for i, cmd := range cmds {
			for field, val := range cmd.Val() {
				postHex, name, ok := strings.Cut(field, ":")
				post, err := stgypub.ParseID(postHex)
				tag := slices.Index(names(kind), name)
				n, nerr := strconv.ParseInt(val, 10, 64)
				if !ok || err != nil || tag < 0 || nerr != nil {
					continue
				}
				if wanted != 0 && post != wanted {
					continue
				}
				t.raise(post, i, tag, n, len(days), width)
			}
		}
	} else if !stgypub.IsUnavailable(redisErr) {
		return nil, fmt.Errorf("counter: read %s counts of %s: %w", kindName(kind), owner, redisErr)
	}
	if tc.store != nil {
		var rows []stgypub.TallyRow
		var err error
		if wanted != 0 {
			rows, err = tc.store.PostTallies(ctx, wanted, kindName(kind), days[0], days[len(days)-1])
		} else {
			rows, err = tc.store.OwnerTallies(ctx, owner, kindName(kind), days[0], days[len(days)-1])
		}
		if err != nil {
			return nil, fmt.Errorf("counter: %s counts of %s from PostgreSQL: %w", kindName(kind), owner, err)
		}
		for _, r := range rows {
			i, ok := dayIdx[r.Date.Format(time.DateOnly)]
			tag := slices.Index(names(kind), r.Name)
			if ok && tag >= 0 {
				t.raise(r.PostID, i, tag, r.Count, len(days), width)
			}
		}
	} else if redisErr != nil {
		return nil, fmt.Errorf("counter: read %s counts of %s: %w", kindName(kind), owner, redisErr)
	}
	return t, nil
}

// BotStats returns the owner's crawler report over the last days UTC
// days including today (docs/SPEC.md#crawler-report): per post with at
// least one crawl, the totals per family (SEARCH, SOCIAL, AI, OTHER) and
// the per-day series (oldest first, every day, zeros included); most
// crawls first, then post ID, at most TopK posts. Never cached: a crawl shows as soon as its
// batch ran. days outside 1..RetentionDays is BAD_USER_INPUT.
// Authorization is the caller's.
func (c *Counter) BotStats(ctx context.Context, ownerID stgypub.ID, days int) ([]stgypub.PostBotStats, error) {
	return c.tallies.botStats(ctx, ownerID, days)
}

// botStats is Counter.BotStats.
func (tc *tallyCounter) botStats(ctx context.Context, ownerID stgypub.ID, days int) ([]stgypub.PostBotStats, error) {
	if days < 1 || days > tc.cfg.RetentionDays {
		return nil, stgypub.FieldErrorf("days", "days must be 1 to %d", tc.cfg.RetentionDays)
	}
	window := tc.cal.window()
	window = window[len(window)-days:]
	t, err := tc.read(ctx, ownerID, kindCrawl, window, 0)
	if err != nil {
		return nil, err
	}
	out := make([]stgypub.PostBotStats, 0, len(t))
	for post, rows := range t {
		ps := stgypub.PostBotStats{PostID: post, Crawls: make([]stgypub.NameCount, len(familyNames)), Daily: make([]stgypub.DayCounts, len(window))}
		for f, name := range familyNames {
			ps.Crawls[f].Name = name
		}
		for i, d := range window {
			dc := stgypub.DayCounts{Date: d.Format(dayLayout), Counts: make([]stgypub.NameCount, len(familyNames))}
			for f, name := range familyNames {
				dc.Counts[f] = stgypub.NameCount{Name: name, Count: rows[i][f]}
				ps.Crawls[f].Count += rows[i][f]
				ps.Total += rows[i][f]
			}
			ps.Daily[i] = dc
		}
		out = append(out, ps)
	}
	slices.SortFunc(out, func(a, b stgypub.PostBotStats) int {
		if a.Total != b.Total {
			return int(b.Total - a.Total)
		}
		return compareID(a.PostID, b.PostID)
	})
	if len(out) > TopK {
		out = out[:TopK]
	}
	return out, nil
}

func compareID(a, b stgypub.ID) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// ShareCounts returns the post's share clicks per service over the
// retention window, in stgypub.ShareServices order, zeros included
// (docs/SPEC.md#share-links). Never cached. Authorization is the caller's.
func (c *Counter) ShareCounts(ctx context.Context, ownerID, postID stgypub.ID) ([]stgypub.NameCount, error) {
	return c.tallies.shareCounts(ctx, ownerID, postID)
}

// shareCounts is Counter.ShareCounts.
func (tc *tallyCounter) shareCounts(ctx context.Context, ownerID, postID stgypub.ID) ([]stgypub.NameCount, error) {
	t, err := tc.read(ctx, ownerID, kindShare, tc.cal.window(), postID)
	if err != nil {
		return nil, err
	}
	out := make([]stgypub.NameCount, len(shareNames))
	for i, s := range shareNames {
		out[i].Name = s
		for _, day := range t[postID] {
			out[i].Count += day[i]
		}
	}
	return out, nil
}
