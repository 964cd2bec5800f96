// Command stgy-pub is STGY Pub's one binary: serve, migrate, import, demo,
// user and import-views (docs/ARCHITECTURE.md "One binary").
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	_ "time/tzdata" // IANA zones for extensions.timeZone, even without /usr/share/zoneinfo

	"github.com/stgy/stgypub/internal/obs"
	"github.com/stgy/stgypub/internal/redisguard"
)

// logsSuppressed counts WARN/ERROR records dropped by the rate-limited
// log handler (stgy_log_suppressed_total).
var logsSuppressed atomic.Int64

type command struct {
	name, usage string
	run         func(ctx context.Context, cfg *config, args []string) error
}

var commands = []command{
	{"serve", "serve                      run the HTTP server", runServe},
	{"migrate", "migrate                    apply the database migrations", runMigrate},
	{"import", "import -user LOGIN DIR     load a folder of Markdown files as posts (idempotent)", runImport},
	{"demo", "demo                       create the database, load the demo sites, serve", runDemo},
	{"user", "user create|set-password|make-admin ...   manage accounts", runUser},
	{"import-views", "import-views FILE          load existing per-post view totals (CSV: postId,views)", runImportViews},
}

func main() {
	slog.SetDefault(slog.New(obs.NewSampled(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}),
		0, 0, func() { logsSuppressed.Add(1) })))
	redisguard.SetLogger(slog.Default())
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg, err := loadConfig()
	if err != nil {
		fmt.Fprintln(os.Stderr, "stgy-pub:", err)
		os.Exit(2)
	}
	for _, c := range commands {
		if c.name == os.Args[1] {
			if err := c.run(ctx, cfg, os.Args[2:]); err != nil {
				fmt.Fprintf(os.Stderr, "stgy-pub %s: %v\n", c.name, err)
				os.Exit(1)
			}
			return
		}
	}
	usage()
	os.Exit(2)
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: stgy-pub COMMAND [ARGS]")
	for _, c := range commands {
		fmt.Fprintln(os.Stderr, "  "+c.usage)
	}
}
