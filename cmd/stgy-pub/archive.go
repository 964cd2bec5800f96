package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/archive"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/internal/obs"
	"github.com/stgy/stgypub/internal/wiring"
	"github.com/stgy/stgypub/store"
)

// archiveCommands are `stgy-pub archive export|import` (docs/ARCHIVE.md).
var archiveCommands = []command{
	{name: "export", args: "-user LOGIN -o FILE", summary: "write a user's whole site to one archive file",
		about: "Writes the profile, settings, every post (Markdown with front matter), every comment of every status and\n" +
			"the view history (daily counts and checkpoints) of the user's site to FILE (- for standard output), a gzip'd\n" +
			"tar (docs/ARCHIVE.md). The file appears whole or not at all. Needs PostgreSQL and Redis.",
		flags: func(fs *flag.FlagSet) runFunc {
			login := fs.String("user", "", "login name of the site's owner (required)")
			out := fs.String("o", "", "archive file to write, - for standard output (required)")
			return func(ctx context.Context, cfg *config, _ []string) error {
				if *login == "" || *out == "" {
					return usageError{"-user and -o are required"}
				}
				if fi, err := os.Stat(*out); err == nil && fi.IsDir() {
					return usageError{fmt.Sprintf("-o %s is a folder: name the archive file, e.g. %s", *out, filepath.Join(*out, *login+".tgz"))}
				}
				return runArchiveExport(ctx, cfg, *login, *out)
			}
		}},
	{name: "import", args: "[-user LOGIN | -as NEWLOGIN] FILE", nargs: 1, summary: "restore a site archive (idempotent)",
		about: "Validates the whole archive FILE (- for standard input; at most STGY_ARCHIVE_MAX_BYTES) before writing\n" +
			"anything, then restores it in one transaction: into the account -user LOGIN, else the account -as NEWLOGIN\n" +
			"or the archived login (created, without a password, when missing). IDs are kept; a post or comment ID\n" +
			"held by another account or post is refused by name and nothing is written. Importing the same archive\n" +
			"again changes nothing; view counts are raised, never lowered. Needs PostgreSQL; Redis for the views of\n" +
			"the window to count in rankings at once.",
		flags: func(fs *flag.FlagSet) runFunc {
			into := fs.String("user", "", "import into this existing account")
			as := fs.String("as", "", "create (or re-import into) the account with this login instead of the archived one")
			return func(ctx context.Context, cfg *config, args []string) error {
				if *into != "" && *as != "" {
					return usageError{"-user and -as exclude each other"}
				}
				return runArchiveImport(ctx, cfg, args[0], *into, *as)
			}
		}},
}

// openCounter connects Redis for a command that reads or raises views
// (no view secret: nothing is recorded). The returned function closes it.
func openCounter(ctx context.Context, cfg *config, st *store.Store) (*counter.Counter, func(), error) {
	deps, err := obs.NewDependencies(prometheus.NewRegistry())
	if err != nil {
		return nil, nil, err
	}
	rdb, _, err := openRedis(ctx, cfg, deps)
	if err != nil {
		return nil, nil, err
	}
	if err := rdb.Ping(ctx).Err(); err != nil {
		rdb.Close()
		return nil, nil, fmt.Errorf("redis: %w", err)
	}
	ctr := counter.New(rdb, st.Checkpoints, counterConfig(cfg))
	return ctr, func() { ctr.Wait(); rdb.Close() }, nil
}

func runArchiveExport(ctx context.Context, cfg *config, login, out string) error {
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	u, err := st.Users.UserByLogin(ctx, login)
	if err != nil {
		return fmt.Errorf("user %q: %s", login, stgypub.ErrorMessage(err))
	}
	ctr, closeCounter, err := openCounter(ctx, cfg, st)
	if err != nil {
		return fmt.Errorf("%w (the daily view counts live in Redis)", err)
	}
	defer closeCounter()
	site, loc, err := archive.Collect(ctx, wiring.ArchiveStores(st, ctr), u.ID, time.Now())
	if err != nil {
		return err
	}
	if err := writeFileWhole(out, func(w io.Writer) error { return archive.Write(w, site, loc) }); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "exported %s (%s): %d posts, %d comments, %d daily and %d checkpoint view rows to %s\n",
		login, u.ID, len(site.Posts), len(site.Comments), len(site.DailyViews), len(site.Checkpoints), out)
	return nil
}

// writeFileWhole runs write into a temporary file beside name and renames
// it to name once complete ("-": standard output), so an interrupted
// export leaves no partial archive.
func writeFileWhole(name string, write func(io.Writer) error) error {
	if name == "-" {
		return write(os.Stdout)
	}
	f, err := os.CreateTemp(filepath.Dir(name), ".stgy-archive-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), name)
}

func runArchiveImport(ctx context.Context, cfg *config, file, into, as string) error {
	var in io.Reader = os.Stdin
	if file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return err
		}
		defer f.Close()
		if fi, err := f.Stat(); err == nil && fi.IsDir() {
			return usageError{fmt.Sprintf("%s is a folder: give the archive file", file)}
		}
		in = f
	}
	// The whole archive is validated before any database is opened:
	// Import calls Restore only once Read accepted every file.
	var st *store.Store
	defer func() {
		if st != nil {
			st.Close()
		}
	}()
	im := archive.Importer{
		MaxBytes: cfg.ArchiveMax,
		Restore: func(ctx context.Context, in *stgypub.SiteRestore) (stgypub.RestoreSummary, error) {
			var err error
			if st, err = openStore(ctx, cfg); err != nil {
				return stgypub.RestoreSummary{}, err
			}
			defer announceChanges(ctx, cfg, st)()
			return st.Archive.RestoreSite(ctx, in)
		},
		RaiseViews: func(ctx context.Context, owner stgypub.ID, views []stgypub.Checkpoint) (archive.CountersRaised, error) {
			ctr, closeCounter, err := openCounter(ctx, cfg, st)
			if err != nil {
				return archive.CountersRaised{}, err
			}
			defer closeCounter()
			return wiring.RaiseCounters(ctx, ctr, owner, views)
		},
	}
	done, err := im.Import(ctx, in, archive.Target{Into: into, As: as}, time.Now())
	if err != nil {
		switch stgypub.ErrorCode(err) {
		case stgypub.CodeBadUserInput, stgypub.CodePayloadTooLarge, stgypub.CodeConflict, stgypub.CodeNotFound:
			return errors.New(stgypub.ErrorMessage(err))
		}
		return err
	}
	sum := done.Summary
	fmt.Printf("imported %s into %s (%s, %s/sites/%s): %s\n", file, done.Login, sum.OwnerID, cfg.BaseURL, sum.OwnerID, done.Line())
	if c := done.Counters; c != nil {
		fmt.Printf("daily view counters: %d raised, %d unchanged, %d older than the window (kept as checkpoints)\n", c.Raised, c.Unchanged, c.Skipped)
	} else {
		warnCheckpointsOnly(done.CountersErr)
	}
	return nil
}

// warnCheckpointsOnly warns that the restored views reached PostgreSQL
// only (the checkpoints are committed): Stats show them, rankings miss
// them until the counters reach them.
func warnCheckpointsOnly(err error) {
	slog.Warn("views restored as checkpoints only: Stats show them, rankings and Popular entries do not until Redis counts them (run the import again when Redis is up)", "error", err.Error())
}
