package api_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/uptrace/bun"
)

// queryCounter counts SQL statements (a bun query hook).
type queryCounter struct{ n atomic.Int64 }

func (c *queryCounter) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context {
	c.n.Add(1)
	return ctx
}
func (c *queryCounter) AfterQuery(context.Context, *bun.QueryEvent) {}

// TestNoNPlusOne checks a listing's SQL count does not grow with its
// items: owners and settings come through dataloaders, view counts in one
// Redis batch.
func TestNoNPlusOne(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	qc := &queryCounter{}
	e.st.DB = e.st.DB.WithQueryHook(qc)
	query := `query($u: ID!, $n: Int) { site(userId: $u) { owner { nickname } config { siteName }
		posts(limit: $n) { totalCount items { id title viewCount owner { nickname } } } } }`
	count := func(n int) int64 {
		t.Helper()
		before := qc.n.Load()
		r := e.do(t, req{query: query, variables: map[string]any{"u": e.owner.ID.String(), "n": n}})
		if len(r.Errors) > 0 {
			t.Fatalf("%s", r.raw)
		}
		return qc.n.Load() - before
	}
	for i := range 12 {
		e.post(t, e.owner, fmt.Sprintf("# P%d", i), ago(time.Duration(i+1)*time.Minute))
	}
	// The owner's first counter read also starts the one-time refill of
	// Redis from PostgreSQL (counter.refill): let it finish first.
	count(1)
	e.counter.Wait()
	// A statement per listed item would add 11; one more or less than the
	// 1-item listing is a cache the other request warmed or found cold
	// (settings, the background refill), not N+1.
	one, twelve := count(1), count(12)
	if twelve > one+1 || twelve > 5 {
		t.Errorf("SQL statements: %d for 1 item, %d for 12", one, twelve)
	}
	t.Logf("SQL statements per site listing: %d", twelve)

	// prev and next of every listed post: one statement for the list.
	query = `query($u: ID!, $n: Int) { site(userId: $u) { posts(limit: $n) { items { id prev { id } next { id } } } } }`
	var got struct {
		Posts struct {
			Items []struct {
				ID         string
				Prev, Next *struct{ ID string }
			}
		}
	}
	e.do(t, req{query: query, variables: map[string]any{"u": e.owner.ID.String(), "n": 12}}).data(t, "site", &got)
	plain := twelve
	one, twelve = count(1), count(12)
	if twelve > one+1 || twelve > plain+1 {
		t.Errorf("SQL statements with prev/next: %d for 1 item, %d for 12 (%d without prev/next)", one, twelve, plain)
	}
	t.Logf("SQL statements per site listing with prev/next: %d", twelve)
	items := got.Posts.Items
	if len(items) != 12 {
		t.Fatalf("%d items", len(items))
	}
	// Newest first: item i's prev (older) is item i+1, its next item i-1.
	for i, it := range items {
		if (i+1 < len(items)) != (it.Prev != nil) || (i > 0) != (it.Next != nil) ||
			(it.Prev != nil && it.Prev.ID != items[i+1].ID) || (it.Next != nil && it.Next.ID != items[i-1].ID) {
			t.Errorf("item %d %s: prev %v next %v", i, it.ID, it.Prev, it.Next)
		}
	}
}
