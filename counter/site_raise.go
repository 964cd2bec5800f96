package counter

import (
	"context"
	"fmt"

	"github.com/redis/go-redis/v9"
)

// siteCall is one bucket's script run of a batch.
type siteCall struct {
	fields []siteField
	keys   []string
	args   []any
	cmd    *redis.Cmd
}

// newSiteCall builds bucket b's siteScript run for fields (grouped by
// day).
func (s *siteCounter) newSiteCall(b int, days map[int32][]siteField, batch map[siteField]int64) *siteCall {
	cl := &siteCall{keys: s.weekKeys(b)}
	cl.args = append(cl.args, s.weekTTLArg(), len(days), 0)
	for d, fs := range days {
		day := dayTime(d)
		cl.keys = append(cl.keys, s.keys.siteDailyKey(b, day.Format(dayLayout)))
		cl.args = append(cl.args, int64(s.cal.dayTTL(day).Seconds()), len(fs), s.weekSpan(day))
		for _, f := range fs {
			cl.args = append(cl.args, f.post.String(), batch[f], weekMember(f.post))
			cl.fields = append(cl.fields, f)
		}
	}
	return cl
}

// raiseSite raises the site-wide fields of batch to at least their
// values (and the week sums with them), one siteScript run per
// bucket (all of a bucket's keys share its slot) in one pipeline; a
// cluster client sends each node its part. Fields whose day has left the
// window are skipped. It returns the fields of the buckets whose write
// failed.
func (s *siteCounter) raiseSite(ctx context.Context, batch map[siteField]int64) (map[siteField]int64, error) {
	if len(batch) == 0 {
		return nil, nil
	}
	runs := map[int]map[int32][]siteField{}
	for f := range batch {
		if s.cal.dayTTL(dayTime(f.day)) <= 0 {
			continue
		}
		b := s.keys.siteBucket(f.post)
		if runs[b] == nil {
			runs[b] = map[int32][]siteField{}
		}
		runs[b][f.day] = append(runs[b][f.day], f)
	}
	calls := make(map[int]*siteCall, len(runs))
	for b, days := range runs {
		calls[b] = s.newSiteCall(b, days, batch)
	}
	s.evalBuckets(ctx, calls)
	var failed map[siteField]int64
	var first error
	for b, cl := range calls {
		err := cl.cmd.Err()
		if err == nil {
			continue
		}
		if first == nil {
			first = fmt.Errorf("counter: raise site-wide bucket %d: %w", b, err)
		}
		if failed == nil {
			failed = map[siteField]int64{}
		}
		for _, f := range cl.fields {
			failed[f] = batch[f]
		}
	}
	return failed, first
}

// evalBuckets runs every call's siteScript in one pipeline (a cluster
// client sends each node its part); a call answered NOSCRIPT (after a
// restart or SCRIPT FLUSH) is run again with EVAL. Each call's cmd holds
// its reply or error.
func (s *siteCounter) evalBuckets(ctx context.Context, calls map[int]*siteCall) {
	pipe := s.rdb.Pipeline()
	for _, cl := range calls {
		cl.cmd = siteScript.EvalSha(ctx, pipe, cl.keys, cl.args...)
	}
	_, _ = pipe.Exec(ctx) // errors are read per command
	for _, cl := range calls {
		if err := cl.cmd.Err(); err != nil && redis.HasErrorPrefix(err, "NOSCRIPT") {
			cl.cmd = siteScript.Run(ctx, s.rdb, cl.keys, cl.args...)
		}
	}
}
