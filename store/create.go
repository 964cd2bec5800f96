package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/uptrace/bun/driver/pgdriver"
)

var dbNameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,62}$`)

// EnsureDatabase creates the database named in dsn's path when it does not
// exist, connecting to the server's "postgres" database to do so. It
// reports whether it created one. Names outside [A-Za-z_][A-Za-z0-9_]* are
// refused rather than quoted.
func EnsureDatabase(ctx context.Context, dsn string) (bool, error) {
	u, err := url.Parse(dsn)
	if err != nil {
		return false, fmt.Errorf("store: parse database URL: %w", err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	if !dbNameRE.MatchString(name) {
		return false, fmt.Errorf("store: database name %q: want letters, digits and _", name)
	}
	admin := *u
	admin.Path = "/postgres"
	db := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(admin.String())))
	defer db.Close()
	var exists bool
	if err := db.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return false, fmt.Errorf("store: look up database %s: %w", name, err)
	}
	if exists {
		return false, nil
	}
	// An identifier cannot be a parameter: name matched dbNameRE above.
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		return false, fmt.Errorf("store: create database %s: %w", name, err)
	}
	return true, nil
}
