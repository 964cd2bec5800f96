package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// runFunc runs a command with the configuration (read after its flags
// parsed) and its positional arguments.
type runFunc func(ctx context.Context, cfg *config, args []string) error

// command is one command or subcommand of the binary.
type command struct {
	name    string
	args    string // the synopsis after the name: "[flags] DIR"
	summary string // one line in the command list
	about   string // what -help prints after the synopsis
	// nargs is the number of positional arguments, exactly.
	nargs int
	// flags declares the command's flags on fs and returns what runs it
	// once they are parsed; nil for a command with subcommands.
	flags func(fs *flag.FlagSet) runFunc
	sub   []command // user: create, set-password, make-admin; archive: export, import
}

// commands is the command table (README "The command line").
var commands = []command{
	{name: "serve", summary: "run the HTTP server",
		about: "Serves the public pages, the API and the owners' app on STGY_LISTEN (and /metrics, pprof and health on\n" +
			"STGY_ADMIN_LISTEN). Needs STGY_PUB_VIEW_SECRET (or STGY_DEV=true). Creates and migrates the database.",
		flags: func(*flag.FlagSet) runFunc { return runServe }},
	{name: "migrate", summary: "create the database when missing and apply the migrations",
		about: "Creates the database of STGY_DATABASE_URL when missing and applies every migration not yet applied.",
		flags: func(*flag.FlagSet) runFunc { return runMigrate }},
	{name: "import", args: "[flags] DIR", nargs: 1, summary: "load a folder of Markdown files as posts (idempotent)",
		about: "Reads every *.md and *.markdown file of DIR (not sub-folders) as one post of the user; importing\n" +
			"again updates changed files and never duplicates (README \"The command line\").",
		flags: importFlags},
	{name: "demo", summary: "create the database, load the demo sites and serve (make run)",
		about: "Development mode: creates and migrates the database, loads the three demo sites (idempotent),\n" +
			"prints where to look and serves. Without STGY_PUB_VIEW_SECRET it uses (and creates) .data/view-secret.",
		flags: func(*flag.FlagSet) runFunc { return runDemo }},
	{name: "user", args: "create|set-password|make-admin [flags]", summary: "manage accounts",
		about: "The password of create and set-password comes from -password, else STGY_PASSWORD, else the\n" +
			"terminal (typed twice, not echoed), else one line of standard input.",
		sub: userCommands},
	{name: "import-views", args: "FILE", nargs: 1, summary: "load existing per-post view totals (CSV: postId,views[,YYYY-MM-DD])",
		about: "Reads CSV lines postId,views[,YYYY-MM-DD] from FILE (- for standard input); a header line and blank\n" +
			"lines are skipped. Each total is booked on its UTC day (today by default) by taking the larger of it and\n" +
			"what is already counted, so running it twice changes nothing. Needs PostgreSQL and Redis.",
		flags: func(*flag.FlagSet) runFunc { return runImportViews }},
	{name: "static", args: "-user LOGIN -o DIR [flags]", summary: "write a site as static files (pages, feed, sitemap, assets)",
		about: "Writes the user's site into DIR as files any static host serves: DIR/sites/{userId}/ (listing, tag\n" +
			"and further pages, feed.atom, sitemap.xml), DIR/pub/{postId}/ per published post and the assets under\n" +
			"their hashed names. Pages are the live server's, built for -base-url; articles record their views\n" +
			"and load comments at -api over CORS. The same data gives the same bytes; -incremental rewrites only\n" +
			"the files that changed. Needs PostgreSQL and Redis (docs/STATIC.md).",
		flags: staticFlags},
	{name: "archive", args: "export|import [flags]", summary: "export a whole site to one file, or restore one (docs/ARCHIVE.md)",
		about: "export writes a user's site (profile, settings, posts, comments, view history) as one archive;\n" +
			"import validates an archive and restores it in one transaction, idempotently.",
		sub: archiveCommands},
}

// usageError is a wrong invocation: cli prints it with the command's
// usage and exits with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// isHelp reports whether arg asks for help.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "help"
}

// cli runs the command line args (without the program name) and returns
// the exit status: 0 done (help included), 1 the command failed, 2 a
// wrong invocation or configuration. Help never reads the configuration
// and never touches a database, Redis or a file.
func cli(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		mainUsage(stderr)
		return 2
	}
	if isHelp(args[0]) {
		if len(args) > 1 {
			if c := find(commands, args[1]); c != nil {
				commandUsage(stdout, "stgy-pub", c)
				return 0
			}
		}
		mainUsage(stdout)
		return 0
	}
	path, c := "stgy-pub", find(commands, args[0])
	if c == nil {
		fmt.Fprintf(stderr, "stgy-pub: unknown command %q\n", args[0])
		mainUsage(stderr)
		return 2
	}
	args = args[1:]
	for c.sub != nil {
		if len(args) == 0 || isHelp(args[0]) {
			w, code := stderr, 2
			if len(args) > 0 {
				w, code = stdout, 0
			}
			commandUsage(w, path, c)
			return code
		}
		s := find(c.sub, args[0])
		if s == nil {
			fmt.Fprintf(stderr, "%s %s: unknown command %q\n", path, c.name, args[0])
			commandUsage(stderr, path, c)
			return 2
		}
		path, c, args = path+" "+c.name, s, args[1:]
	}
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	run := c.flags(fs)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) || (err == nil && hasHelp(fs.Args())) {
		commandUsage(stdout, path, c)
		return 0
	}
	if err == nil && fs.NArg() != c.nargs {
		err = fmt.Errorf("want %d argument(s), got %d", c.nargs, fs.NArg())
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s %s: %v\n", path, c.name, err)
		commandUsage(stderr, path, c)
		return 2
	}
	cfg, err := loadConfig()
	if err != nil {
		fmt.Fprintln(stderr, "stgy-pub:", err)
		return 2
	}
	if err := run(ctx, cfg, fs.Args()); err != nil {
		fmt.Fprintf(stderr, "%s %s: %v\n", path, c.name, err)
		var u usageError
		if errors.As(err, &u) {
			commandUsage(stderr, path, c)
			return 2
		}
		return 1
	}
	return 0
}

func hasHelp(args []string) bool {
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			return true
		}
	}
	return false
}

func find(cs []command, name string) *command {
	for i := range cs {
		if cs[i].name == name {
			return &cs[i]
		}
	}
	return nil
}

func mainUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: stgy-pub COMMAND [ARGS]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-13s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "stgy-pub COMMAND -help shows a command's usage. Every command reads the STGY_* environment")
	fmt.Fprintln(w, "variables of README \"Configuration\".")
}

// commandUsage prints c's synopsis, description and flags (or
// subcommands) to w; path is the words before c's name.
func commandUsage(w io.Writer, path string, c *command) {
	fmt.Fprintf(w, "usage: %s %s", path, c.name)
	if c.args != "" {
		fmt.Fprint(w, " "+c.args)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w)
	fmt.Fprintln(w, c.summary+".")
	if c.about != "" {
		fmt.Fprintln(w)
		fmt.Fprintln(w, c.about)
	}
	if c.sub != nil {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "commands:")
		for _, s := range c.sub {
			fmt.Fprintf(w, "  %-13s %s\n", s.name, s.summary)
		}
		fmt.Fprintf(w, "\n%s %s COMMAND -help shows a command's flags.\n", path, c.name)
		return
	}
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	c.flags(fs)
	var flags strings.Builder
	fs.SetOutput(&flags)
	fs.PrintDefaults()
	if flags.Len() > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "flags:")
		fmt.Fprint(w, flags.String())
	}
}
