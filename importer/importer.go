// Package importer loads a folder of Markdown articles as the posts of one
// user, idempotently: the post_imports table maps each file to its post, so
// running an import again updates changed posts instead of duplicating them
// (docs/ARCHITECTURE.md "One binary": the import subcommand and make run).
package importer

import (
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/stgy/stgypub"
)

// MaxFileBytes is the largest Markdown file Import accepts.
const MaxFileBytes = 1 << 20

// Publication overrides how one file is published.
type Publication struct {
	// Unpublished leaves the post unpublished (published_at NULL).
	Unpublished bool
	// At is an explicit published_at; a future time schedules the post.
	// A post already scheduled keeps its time on later imports. Zero means
	// the article date at noon UTC.
	At time.Time
}

// Options tune Import. The zero value publishes every file on its
// front-matter date and takes the locale from the front matter or the text.
type Options struct {
	// Locale forces every post's locale ("en", "ja"), canonicalized by
	// stgypub.CanonicalLocale ("EN_us" is stored as "en-US"; a tag it
	// refuses makes Import fail with BAD_USER_INPUT before any change);
	// "" takes the front-matter locale (canonicalized; ignored when
	// invalid), else "ja" when the text has kana, else "en".
	Locale string
	// Source names the rewriter of the folder's files (SourcePlain,
	// SourceGoBlog, SourceMDN; "" is plain): it expands the source's own
	// macros into CommonMark + GFM at import time, so the renderer never
	// sees them. Sources overrides it per file name, and a file's front
	// matter "source" overrides both. An unknown name is BAD_USER_INPUT.
	Source  string
	Sources map[string]string
	// BaseURL is the absolute http(s) URL the relative links and images
	// of the folder's files resolve against at import (a file's front
	// matter "base_url" overrides it; without either, the source's
	// default: https://go.dev/blog/ for goblog, the page's own
	// https://developer.mozilla.org/{locale}/docs/{slug}/ for mdn, none
	// for plain). A malformed URL is BAD_USER_INPUT, and so is a file
	// with relative references and no base URL to resolve them
	// (relativeRefs): they would point at this server.
	BaseURL string
	// Publication maps file names (as in the folder) to overrides.
	Publication map[string]Publication
	// UndatedDate is the date of files without a front-matter date (zero:
	// today by Now). UndatedSpreadDays > 0 moves each undated file back a
	// stable, name-derived 0..UndatedSpreadDays-1 days from it. An undated
	// file is published at noon UTC of that date or at Now, whichever is
	// earlier, so it is never scheduled; once published, later imports
	// keep its time.
	UndatedDate       time.Time
	UndatedSpreadDays int
	// Now is the clock that tells scheduled from published (time.Now when
	// nil).
	Now func() time.Time
}

func (o *Options) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// Summary counts what Import did; Posts maps each imported file name to
// its post ID. Scheduled counts the imported posts whose publication time
// is in the future (not visible yet); Skipped lists, sorted, the files of
// the folder that are not imported (not *.md or *.markdown).
type Summary struct {
	Created, Updated, Unchanged int
	Scheduled                   int
	Posts                       map[string]stgypub.ID
	Skipped                     []string
}

// markdownExts are the file name extensions Import reads (any case).
var markdownExts = []string{".md", ".markdown"}

// Import loads every *.md and *.markdown file directly in fsys (not
// recursive), sorted by name, as posts of userID; the file name is the
// post_imports source key. Other files are listed in Summary.Skipped;
// subfolders are ignored.
// A new post gets the ID stgypub.IDFromTime(article date, random 20 bits).
// A file whose post exists is compared with it: changed content, snippet,
// locale or publication updates the post, otherwise it is unchanged. The
// first failing file stops the import with an error naming it; files
// before it stay imported.
func Import(ctx context.Context, st stgypub.PostStore, userID stgypub.ID, fsys fs.FS, opts Options) (Summary, error) {
	sum := Summary{Posts: map[string]stgypub.ID{}}
	locale, err := stgypub.CanonicalLocale(opts.Locale)
	if err != nil {
		return sum, fmt.Errorf("importer: -locale %q: %w", opts.Locale, err)
	}
	opts.Locale = locale
	if err := checkSource(opts.Source); err != nil {
		return sum, fmt.Errorf("importer: %w", err)
	}
	for name, s := range opts.Sources {
		if err := checkSource(s); err != nil {
			return sum, fmt.Errorf("importer: %s: %w", name, err)
		}
	}
	if _, err := parseBase("BaseURL", opts.BaseURL); err != nil {
		return sum, fmt.Errorf("importer: %w", err)
	}
	names, skipped, err := markdownFiles(fsys)
	if err != nil {
		return sum, err
	}
	sum.Skipped = skipped
	for _, name := range names {
		id, outcome, scheduled, err := importFile(ctx, st, userID, fsys, name, &opts)
		if err != nil {
			return sum, fmt.Errorf("importer: %s: %w", name, err)
		}
		sum.Posts[name] = id
		if scheduled {
			sum.Scheduled++
		}
		switch outcome {
		case created:
			sum.Created++
		case updated:
			sum.Updated++
		default:
			sum.Unchanged++
		}
	}
	return sum, nil
}

// markdownFiles lists the Markdown files directly in fsys and the other
// non-folder entries (skipped), both sorted.
func markdownFiles(fsys fs.FS) (names, skipped []string, err error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, nil, fmt.Errorf("importer: read folder: %w", err)
	}
	for _, e := range entries {
		switch {
		case e.IsDir():
		case e.Type().IsRegular() && isMarkdown(e.Name()):
			names = append(names, e.Name())
		default:
			skipped = append(skipped, e.Name())
		}
	}
	sort.Strings(names)
	sort.Strings(skipped)
	return names, skipped, nil
}

func isMarkdown(name string) bool {
	ext := path.Ext(name)
	for _, m := range markdownExts {
		if strings.EqualFold(ext, m) {
			return true
		}
	}
	return false
}

func readFile(fsys fs.FS, name string) (string, error) {
	info, err := fs.Stat(fsys, name)
	if err != nil {
		return "", fmt.Errorf("stat: %w", err)
	}
	if info.Size() > MaxFileBytes {
		return "", stgypub.Errorf(stgypub.CodeBadUserInput, "file is %d bytes; the limit is %d", info.Size(), MaxFileBytes)
	}
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return "", fmt.Errorf("read: %w", err)
	}
	return stgypub.StripBOM(string(b)), nil
}

func randomSeq() int64 { return rand.Int64N(1 << 20) }
