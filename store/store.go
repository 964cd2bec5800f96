// Package store is STGY Pub's PostgreSQL adapter: bun models, the embedded
// migrations and every SQL statement of the project, each written whole in
// query/*.sql or as one constant (statement.go; docs/ARCHITECTURE.md
// "PostgreSQL"). It implements the store interfaces of package stgypub.
package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"
	"github.com/uptrace/bun/migrate"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// Store is the PostgreSQL store. Now is the clock that decides what is
// published (published_at <= Now()); tests replace it.
type Store struct {
	DB  *bun.DB
	Now func() time.Time

	pageStmts preparedStatements // see prepared.go
}

// Open connects to PostgreSQL at dsn (postgres://user@host:port/db?sslmode=disable)
// and pings it.
func Open(ctx context.Context, dsn string) (*Store, error) {
	sqldb := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(dsn)))
	sqldb.SetMaxOpenConns(32)
	sqldb.SetMaxIdleConns(16)
	db := bun.NewDB(sqldb, pgdialect.New())
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("store: connect: %w", err)
	}
	return New(db), nil
}

// New wraps an open bun.DB.
func New(db *bun.DB) *Store { return &Store{DB: db, Now: time.Now} }

// Close closes the connection pool.
func (s *Store) Close() error { return s.DB.Close() }

// Migrate applies every embedded migration not yet applied and returns the
// names of those it applied. It holds bun's migration lock meanwhile.
func (s *Store) Migrate(ctx context.Context) ([]string, error) {
	migrations := migrate.NewMigrations()
	if err := migrations.Discover(migrationFS); err != nil {
		return nil, fmt.Errorf("store: discover migrations: %w", err)
	}
	m := migrate.NewMigrator(s.DB, migrations)
	if err := m.Init(ctx); err != nil {
		return nil, fmt.Errorf("store: init migrations: %w", err)
	}
	if err := m.Lock(ctx); err != nil {
		return nil, fmt.Errorf("store: lock migrations: %w", err)
	}
	defer m.Unlock(ctx) //nolint:errcheck
	group, err := m.Migrate(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: migrate: %w", err)
	}
	var names []string
	for _, mg := range group.Migrations {
		names = append(names, mg.Name)
	}
	return names, nil
}
