package main

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/stgy/stgypub/store"
)

// openStore creates the database when missing, connects and migrates.
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
