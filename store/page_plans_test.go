package store_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stgy/stgypub/store"
)

// TestPubPagePlans checks with EXPLAIN ANALYZE, on a site of 3000 posts
// among 12000, that both page statements reach posts through the
// (owned_by, published_at, id) partial index and never scan the table.
func TestPubPagePlans(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	seed := []string{
		`INSERT INTO users (id, login_name, nickname) SELECT g, 'u' || g, 'user ' || g FROM generate_series(1, 5) g`,
		`INSERT INTO posts (id, owned_by, published_at, snippet, allow_likes, allow_replies)
SELECT g, 1 + g % 4, CASE WHEN g % 10 = 0 THEN NULL ELSE '2026-03-01'::timestamptz - g * interval '1 minute' END,
  '{"title":"post ' || g || '"}', true, true FROM generate_series(1, 12000) g`,
		`INSERT INTO post_details (post_id, content) SELECT g, 'body ' || g FROM generate_series(1, 12000) g`,
		`ANALYZE`,
	}
	for _, q := range seed {
		if _, err := s.DB.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		statement string
		args      []any
	}{
		{"pub_article", []any{int64(4001), now, 20}},
		{"pub_site_newest", []any{int64(1), now, 20, 21}},
		{"pub_site_oldest", []any{int64(1), now, 0, 21}},
	}
	for _, tt := range tests {
		t.Run(tt.statement, func(t *testing.T) {
			query, params := store.StatementText(tt.statement)
			if params != len(tt.args) {
				t.Fatalf("%s takes %d arguments, the test passes %d", tt.statement, params, len(tt.args))
			}
			var lines []string
			if err := s.DB.NewRaw("EXPLAIN (ANALYZE, COSTS OFF) "+query, tt.args...).Scan(ctx, &lines); err != nil {
				t.Fatal(err)
			}
			plan := strings.Join(lines, "\n")
			if !strings.Contains(plan, "idx_posts_owned_by_published_at") || strings.Contains(plan, "Seq Scan on posts") {
				t.Errorf("plan does not use the owner index only:\n%s", plan)
			}
			t.Logf("plan:\n%s", plan)
		})
	}
}
