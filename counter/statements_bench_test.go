package counter

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/uptrace/bun"
)

// statementCounter is a bun query hook that counts every statement the
// store sends to PostgreSQL.
type statementCounter struct{ n atomic.Int64 }

func (s *statementCounter) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context {
	return ctx
}

func (s *statementCounter) AfterQuery(_ context.Context, _ *bun.QueryEvent) { s.n.Add(1) }

// BenchmarkCheckpointStatements records 10,000 views of one post (distinct
// fingerprints, so every view counts) and reports the PostgreSQL statements
// they caused, counted at the driver by a bun query hook, next to the
// number of checkpoints crossed (the target: equal, plus at most one
// cleanup per UTC day per process). "flush" adds the periodic flush,
// called every 1,000 views: a post read 1,000 times a minute with the
// default one-minute interval, i.e. ten flushes.
func BenchmarkCheckpointStatements(b *testing.B) {
	const views = 10000
	for _, flushEvery := range []int{0, 1000} {
		name := "checkpoints-only"
		cfg := Config{}
		if flushEvery > 0 {
			name, cfg.FlushInterval = "flush-every-1000-views", time.Minute
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				f := newFixture(b, 1, cfg)
				hook := &statementCounter{}
				f.st.DB = f.st.DB.WithQueryHook(hook)
				for i := range views {
					f.view(b, f.posts[0], i)
					if flushEvery > 0 && (i+1)%flushEvery == 0 {
						f.c.Wait()
						if err := f.c.Flush(context.Background()); err != nil {
							b.Fatal(err)
						}
					}
				}
				f.c.Wait()
				b.ReportMetric(float64(hook.n.Load()), "pg-statements/10k-views")
				b.ReportMetric(float64(CheckpointsUpTo(views)), "checkpoints-crossed")
				b.ReportMetric(float64(f.cs.Calls()["DeleteCheckpointsBefore"]), "cleanups")
			}
		})
	}
}
