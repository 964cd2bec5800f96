// Command stgy-pub is STGY Pub's one binary: serve, migrate, import, demo,
// user and import-views (docs/ARCHITECTURE.md "One binary"). Every
// command and subcommand answers -h, -help and --help with its usage on
// standard output and exit status 0, before the configuration is read or
// anything is opened (cli.go).
package main

import (
	"context"
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

func main() {
	// The log goes through a buffer flushed every obs.DefaultLogFlush and
	// at exit: an access-log line costs a copy, not a write(2) per request.
	logger, logOut := obs.NewProcessLogger(os.Stderr, func() { logsSuppressed.Add(1) })
	slog.SetDefault(logger)
	redisguard.SetLogger(slog.Default())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	logOut.Close()
	os.Exit(code)
}
