// Package storetest gives each test its own PostgreSQL database, migrated and
// dropped at cleanup (docs/ARCHITECTURE.md "Testing").
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/stgy/stgypub/store"
)

// BaseURL is the server used for test databases: STGY_TEST_DATABASE_URL, or
// postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable.
func BaseURL() string {
	if u := os.Getenv("STGY_TEST_DATABASE_URL"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
}

// New creates a randomly named database, applies the migrations and
// returns a Store on it; the database is dropped when the test ends.
func New(t testing.TB) *store.Store {
	t.Helper()
	ctx := context.Background()
	base := BaseURL()
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "stgy_test_" + hex.EncodeToString(b[:])

	admin := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(base)))
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		admin.Close()
		t.Fatalf("storetest: create database: %v", err)
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("storetest: parse %s: %v", base, err)
	}
	u.Path = "/" + name
	s, err := store.Open(ctx, u.String())
	if err != nil {
		t.Fatalf("storetest: open: %v", err)
	}
	t.Cleanup(func() {
		s.Close()
		if _, err := admin.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Logf("storetest: drop %s: %v", name, err)
		}
		admin.Close()
	})
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatalf("storetest: migrate: %v", err)
	}
	return s
}

// Reopen opens another Store on s's database, as a second server process
// would (a restarted worker, several processes sharing a queue); it is
// closed when the test ends, before the database is dropped.
func Reopen(t testing.TB, s *store.Store) *store.Store {
	t.Helper()
	var name string
	if err := s.DB.QueryRowContext(context.Background(), "SELECT current_database()").Scan(&name); err != nil {
		t.Fatalf("storetest: current database: %v", err)
	}
	u, err := url.Parse(BaseURL())
	if err != nil {
		t.Fatalf("storetest: parse base URL: %v", err)
	}
	u.Path = "/" + name
	s2, err := store.Open(context.Background(), u.String())
	if err != nil {
		t.Fatalf("storetest: reopen: %v", err)
	}
	t.Cleanup(func() { s2.Close() })
	return s2
}
