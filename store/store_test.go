package store_test

import (
	"context"
	"testing"

	"github.com/stgy/stgypub"

	"github.com/stgy/stgypub/store/storetest"
)

func TestMigrateCreatesSeedTables(t *testing.T) {
	s := storetest.New(t)
	for _, table := range []string{"users", "posts", "post_details", "user_pub_configs", "post_pub_access_counts", "user_sessions", "api_tokens", "post_imports"} {
		var n int
		err := s.DB.NewSelect().TableExpr("information_schema.tables").ColumnExpr("count(*)").
			Where("table_name = ?", table).Scan(context.Background(), &n)
		if err != nil || n != 1 {
			t.Errorf("table %s: count=%d err=%v", table, n, err)
		}
	}
	// Migrating again applies nothing.
	names, err := s.Migrate(context.Background())
	if err != nil || len(names) != 0 {
		t.Fatalf("second migrate: names=%v err=%v", names, err)
	}
}

func TestLoginNamesUniqueIgnoringCase(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	if err := s.Users.CreateUser(ctx, &stgypub.User{LoginName: "Alice", Nickname: "A"}); err != nil {
		t.Fatal(err)
	}
	err := s.Users.CreateUser(ctx, &stgypub.User{LoginName: "alice", Nickname: "B"})
	if stgypub.ErrorCode(err) != stgypub.CodeConflict {
		t.Fatalf("second user differing only in case: %v, want CONFLICT", err)
	}
}
