// Package store is STGY Pub's PostgreSQL adapter: bun models, the embedded
// migrations and every SQL statement of the project, each written whole in
// query/*.sql, as one constant, or as a query/*.gotxt template rendered
// once at package load (statement.go, statement_template.go;
// docs/ARCHITECTURE.md "PostgreSQL"). Its parts implement the store
// interfaces of package stgypub and the adapters, one part per group:
// Store.Posts, Store.Users, Store.Comments, Store.Checkpoints,
// Store.Federation, Store.Webhooks and Store.Archive, each declared in the
// files named after it (posts*.go, users*.go, comments*.go, ...), all
// sharing the Store's one connection state.
package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"
	"github.com/uptrace/bun/migrate"

	"github.com/stgy/stgypub"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// Store is the PostgreSQL store: the handle Open and New make, which owns
// the connection state, and one field per entity, each the part of the
// store that one group of interfaces asks for (docs/ARCHITECTURE.md,
// package table). Wiring passes the part, st.Posts or st.Users, never the
// handle.
//
// The connection state's fields are set through the handle (they are
// promoted from the unexported shared struct every part points to): DB is
// the bun handle; Now is the clock that decides what is published
// (published_at <= Now()), which tests replace; Changes, when set, is
// told after commit about every write that changes an owner's public
// pages (site_change.go); WebhookQueued, when set, is called after the
// commit of every write that queued webhook deliveries (the worker's
// Wake). Set them before the store is shared: the parts read them at each
// call, through the one shared struct.
type Store struct {
	*shared

	// Posts: owners' posts, published reads and pages, renderings,
	// titles, derived columns, imports, search, sitemap and robots.
	Posts *Posts
	// Users: users, settings (pub_configs), site identities, sessions
	// and API tokens.
	Users *Users
	// Comments: comments, their moderation, notifications and archive.
	Comments *Comments
	// Checkpoints: daily view checkpoints (reads, sync, streams, owners)
	// and tallies.
	Checkpoints *Checkpoints
	// Federation: actor keys, followers, reactions, remote comments and
	// the federation delivery queue.
	Federation *Federation
	// Webhooks: webhooks and their delivery queue.
	Webhooks *Webhooks
	// Archive: a site's restore from an archive.
	Archive *Archive
}

// shared is the connection state of one Store, which every part points
// to (never copied, so a field set on the Store is seen by every part).
type shared struct {
	DB            *bun.DB
	Now           func() time.Time
	Changes       stgypub.SiteChangeNotifier
	WebhookQueued func()

	pageStmts preparedStatements // see prepared.go
	conns     *connPool          // nil for New on an open bun.DB (conn.go)
}

// newStore builds the handle and its parts over one shared state.
func newStore(sh *shared) *Store {
	return &Store{
		shared:      sh,
		Posts:       &Posts{sh},
		Users:       &Users{sh},
		Comments:    &Comments{sh},
		Checkpoints: &Checkpoints{sh},
		Federation:  &Federation{sh},
		Webhooks:    &Webhooks{sh},
		Archive:     &Archive{sh},
	}
}

// MaxConns is the size of Open's connection pool, open and idle alike:
// with fewer idle than open slots, every burst above the idle count
// closes connections it just opened and the next burst opens them again
// (a new PostgreSQL session each time). Page requests mostly hit the page
// cache, so 32 is well above what the pages need; connections idle for
// ConnMaxIdleTime are closed.
const (
	MaxConns        = 32
	ConnMaxIdleTime = 5 * time.Minute
)

// ConnectionsOpened is the number of PostgreSQL connections the pool has
// opened since Open (0 for a Store made with New): churn shows as a
// rising count under steady load (stgy_db_connections_opened_total).
func (s *Store) ConnectionsOpened() int64 {
	if s.conns == nil {
		return 0
	}
	return s.conns.opened.Load()
}

// ConnectionsDiscarded is the number of connections closed for being
// broken, out of sync, interrupted by their request's end or opened
// before a broken one (conn.go), and ReadsRetried the number of reads
// handed to another connection after a broken one; both 0 for a Store
// made with New.
func (s *Store) ConnectionsDiscarded() int64 {
	if s.conns == nil {
		return 0
	}
	return s.conns.discarded.Load()
}

// ReadsRetried: see ConnectionsDiscarded.
func (s *Store) ReadsRetried() int64 {
	if s.conns == nil {
		return 0
	}
	return s.conns.retried.Load()
}

// Ping checks that PostgreSQL answers (/readyz). database/sql does not
// retry a ping that failed on a stale pooled connection, so a broken one
// (which also retires the idle connections opened before it) is tried
// once more, on a fresh connection.
func (s *Store) Ping(ctx context.Context) error {
	err := s.DB.PingContext(ctx)
	if errors.Is(err, driver.ErrBadConn) && ctx.Err() == nil {
		err = s.DB.PingContext(ctx)
	}
	return err
}

// Open connects to PostgreSQL at dsn (postgres://user@host:port/db?sslmode=disable)
// with a pool of MaxConns connections, open and idle, and pings it.
func Open(ctx context.Context, dsn string) (*Store, error) {
	conns := newConnPool(pgdriver.NewConnector(pgdriver.WithDSN(dsn)))
	sqldb := sql.OpenDB(conns)
	sqldb.SetMaxOpenConns(MaxConns)
	sqldb.SetMaxIdleConns(MaxConns)
	sqldb.SetConnMaxIdleTime(ConnMaxIdleTime)
	db := bun.NewDB(sqldb, pgdialect.New())
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("store: connect: %w", err)
	}
	s := New(db)
	s.conns = conns
	return s, nil
}

// New wraps an open bun.DB. Its read-only queries are bounded by their
// context's read deadline (stgypub.WithReadDeadline, readdeadline.go).
func New(db *bun.DB) *Store {
	return newStore(&shared{DB: db.WithQueryHook(readDeadlineHook{}), Now: time.Now})
}

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
