package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/stgy/stgypub/importer"
)

// importFlags declares the flags of `stgy-pub import -user LOGIN
// [-locale en|ja] [-source plain|goblog|mdn] [-base-url URL] DIR` and
// returns the command.
func importFlags(fs *flag.FlagSet) runFunc {
	login := fs.String("user", "", "login name of the owner (required)")
	locale := fs.String("locale", "", "locale of every post, en or ja (default: front matter, else guessed)")
	source := fs.String("source", "", "where the files come from: "+strings.Join(importer.SourceNames(), ", ")+" (expands that source's macros; default plain)")
	baseURL := fs.String("base-url", "", "absolute URL relative links and images resolve against (default: the source's, e.g. https://go.dev/blog/)")
	return func(ctx context.Context, cfg *config, args []string) error {
		return runImport(ctx, cfg, *login, importer.Options{Locale: *locale, Source: *source, BaseURL: *baseURL}, args[0])
	}
}

// runImport imports the Markdown files of dir as posts of the user login.
func runImport(ctx context.Context, cfg *config, login string, opts importer.Options, dir string) error {
	if login == "" {
		return usageError{"-user is required"}
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("%s is not a folder", dir)
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	defer announceChanges(ctx, cfg, st)()
	u, err := st.Users.UserByLogin(ctx, login)
	if err != nil {
		return fmt.Errorf("user %q: %w", login, err)
	}
	sum, err := importer.Import(ctx, st.Posts, u.ID, os.DirFS(dir), opts)
	if err != nil {
		return err
	}
	fmt.Printf("imported %s into %s/sites/%s: %d created, %d updated, %d unchanged, %d scheduled (future date)\n",
		dir, cfg.BaseURL, u.ID, sum.Created, sum.Updated, sum.Unchanged, sum.Scheduled)
	if len(sum.Skipped) > 0 {
		fmt.Printf("skipped (not .md or .markdown): %s\n", strings.Join(sum.Skipped, ", "))
	}
	return nil
}
