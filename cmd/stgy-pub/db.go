package main

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/stgy/stgypub/internal/obs"
	"github.com/stgy/stgypub/owner"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/store"
)

// openStore creates the database when missing, connects, migrates and
// derives the stored fields of posts older than the current rules
// (owner.DeriveStale).
func openStore(ctx context.Context, cfg *config) (*store.Store, error) {
	created, err := store.EnsureDatabase(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("%w (is PostgreSQL running? set STGY_DATABASE_URL)", err)
	}
	if created {
		slog.Info("created database")
	}
	st, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	applied, err := st.Migrate(ctx)
	if err != nil {
		st.Close()
		return nil, err
	}
	if len(applied) > 0 {
		slog.Info("applied migrations", "names", applied)
	}
	// Posts stored before the current derivation rules (featured image,
	// reading time) get their derived fields now, once.
	derived, err := owner.DeriveStale(ctx, st.Posts)
	if err != nil {
		st.Close()
		return nil, err
	}
	if derived > 0 {
		slog.Info("derived post fields", "posts", derived)
	}
	return st, nil
}

func runMigrate(ctx context.Context, cfg *config, _ []string) error {
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	fmt.Println("migrations applied")
	return nil
}

// announceChanges makes a command that writes outside the server (import,
// user) tell the running servers about the pages it changes
// (store.Changes, pagecache.Versions). Without Redis it warns: a running
// server that stayed connected to Redis meanwhile may then keep showing
// old pages for up to pagecache.DefaultMaxAge (one that lost Redis too
// flushes its cache when it reconnects). The returned function closes
// the Redis client.
func announceChanges(ctx context.Context, cfg *config, st *store.Store) func() {
	deps, err := obs.NewDependencies(prometheus.NewRegistry())
	if err != nil {
		slog.Warn("page-cache announcements disabled", "error", err.Error())
		return func() {}
	}
	rdb, _, err := openRedis(ctx, cfg, deps)
	if err == nil {
		err = rdb.Ping(ctx).Err()
	}
	if err != nil {
		slog.Warn("Redis unavailable: running servers that stay connected to it may show the old pages for up to an hour", "error", err.Error())
		if rdb != nil {
			rdb.Close()
		}
		return func() {}
	}
	st.Changes = pagecache.NewVersions(rdb, cfg.RedisPrefix, slog.Default())
	return func() { rdb.Close() }
}
