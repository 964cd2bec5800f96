package counter

import (
	"context"
	"fmt"
	"math"
	"strconv"

	"golang.org/x/sync/errgroup"

	"github.com/stgy/stgypub"
)

// siteReadParallel bounds the buckets read at once when a window is
// summed from the daily Hashes (one pipeline each): Redis serializes one
// bucket's replies while this process decodes another's.
const siteReadParallel = 4

// siteTop returns the site-wide top entries of the last days days: the
// week (SiteRankingDays, when the retention window holds it) from the
// week sums, any other window from the daily Hashes.
func (s *siteCounter) siteTop(ctx context.Context, days int) ([]stgypub.RankingEntry, error) {
	if days == siteWeek && s.weekSums() {
		return s.siteTopWeek(ctx)
	}
	return s.siteTopDaily(ctx, days)
}

// siteTopWeek reads each bucket's first MaxRankingLimit members of the
// week sum ending today (siteScript, which builds it first when this is
// the bucket's first call of the day; ZRANGE … REV WITHSCORES, already
// in ranking order: see weekMember), all buckets in one pipeline, and
// merges them with the bounded top-K. Buckets hold disjoint posts, so the
// global top MaxRankingLimit is among them.
func (s *siteCounter) siteTopWeek(ctx context.Context) ([]stgypub.RankingEntry, error) {
	calls := make(map[int]*siteCall, s.cfg.SiteBuckets)
	for b := range s.cfg.SiteBuckets {
		calls[b] = &siteCall{keys: s.weekKeys(b), args: []any{s.weekTTLArg(), 0, MaxRankingLimit}}
	}
	s.evalBuckets(ctx, calls)
	all := make([]stgypub.RankingEntry, 0, len(calls)*MaxRankingLimit)
	for b, cl := range calls {
		reply, err := cl.cmd.StringSlice()
		if err != nil {
			return nil, fmt.Errorf("counter: read site-wide week sum of bucket %d: %w", b, err)
		}
		for i := 0; i+1 < len(reply); i += 2 {
			id, ok := parseWeekMember(reply[i])
			pv, err := strconv.ParseFloat(reply[i+1], 64)
			if ok && err == nil && pv >= 1 && pv < math.MaxInt64 {
				all = append(all, stgypub.RankingEntry{ID: id, PV: int64(pv)})
			}
		}
	}
	return mergeTops([][]stgypub.RankingEntry{all}), nil
}

// siteTopDaily reads every bucket's daily Hashes of the last days days
// (one pipeline of days HGETALLs per bucket, siteReadParallel buckets at
// a time), keeps each bucket's top 1000 and merges them.
func (s *siteCounter) siteTopDaily(ctx context.Context, days int) ([]stgypub.RankingEntry, error) {
	window := s.cal.window()
	window = window[len(window)-days:]
	tops := make([][]stgypub.RankingEntry, s.cfg.SiteBuckets)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(siteReadParallel)
	for b := range tops {
		g.Go(func() error {
			keys := make([]string, len(window))
			for i, d := range window {
				keys[i] = s.keys.siteDailyKey(b, d.Format(dayLayout))
			}
			t, err := s.daily.readDaily(gctx, keys)
			if err != nil {
				return fmt.Errorf("counter: read site-wide bucket %d: %w", b, err)
			}
			tops[b] = topK(t.totals(), TopK)
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return mergeTops(tops), nil
}

// mergeTops merges per-bucket top lists into the top 1000. A post found
// in two buckets (after SiteBuckets changed) is summed.
func mergeTops(tops [][]stgypub.RankingEntry) []stgypub.RankingEntry {
	n := 0
	for _, t := range tops {
		n += len(t)
	}
	merged := make([]stgypub.RankingEntry, 0, n)
	seen := make(map[stgypub.ID]int, n)
	for _, t := range tops {
		for _, e := range t {
			if i, ok := seen[e.ID]; ok {
				merged[i].PV += e.PV
				continue
			}
			seen[e.ID] = len(merged)
			merged = append(merged, e)
		}
	}
	return topK(merged, TopK)
}
