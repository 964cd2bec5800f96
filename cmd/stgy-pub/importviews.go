package main

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/internal/obs"
)

// runImportViews implements `stgy-pub import-views FILE`: existing per-post
// view totals (docs/SPEC.md#importing-views: a views column moved into Redis)
// as CSV lines "postId,views[,YYYY-MM-DD]" ("-" reads standard input; a
// header line and blank lines are skipped). Re-running never doubles: each
// total is max-merged (counter.ImportViews). It records no page view, so
// it needs no STGY_PUB_VIEW_SECRET.
func runImportViews(ctx context.Context, cfg *config, args []string) error {
	var in io.Reader = os.Stdin
	if args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	deps, err := obs.NewDependencies(prometheus.NewRegistry())
	if err != nil {
		return err
	}
	rdb, _, err := openRedis(ctx, cfg, deps)
	if err != nil {
		return err
	}
	defer rdb.Close()
	// Importing records no page view, so it needs no view secret.
	ctr := counter.New(rdb, st.Checkpoints, counterConfig(cfg))
	defer ctr.Wait()
	totals, err := parseViewTotals(in)
	if err != nil {
		return err
	}
	entries := make([]counter.ImportEntry, 0, len(totals))
	for _, t := range totals {
		p, err := st.Posts.Post(ctx, t.PostID)
		if err != nil {
			return fmt.Errorf("line %d: post %s: %s", t.Line, t.PostID, stgypub.ErrorMessage(err))
		}
		entries = append(entries, counter.ImportEntry{OwnerID: p.OwnedBy, PostID: t.PostID, Views: t.Views, Date: t.Date})
	}
	res, err := ctr.ImportViews(ctx, entries)
	if err != nil {
		return err
	}
	fmt.Printf("imported %d totals: %d raised, %d unchanged\n", len(entries), res.Raised, res.Unchanged)
	return nil
}

// viewTotal is one CSV line of import-views.
type viewTotal struct {
	Line   int
	PostID stgypub.ID
	Views  int64
	Date   time.Time // zero: today
}

// parseViewTotals reads "postId,views[,YYYY-MM-DD]" lines; a first line
// whose first field is not an ID is a header, blank lines are skipped, and
// anything else malformed names its line.
func parseViewTotals(in io.Reader) ([]viewTotal, error) {
	r := csv.NewReader(stgypub.SkipBOM(in))
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	var out []viewTotal
	for line := 1; ; line++ {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if len(rec) == 0 || (len(rec) == 1 && strings.TrimSpace(rec[0]) == "") {
			continue
		}
		id, err := stgypub.ParseID(strings.TrimSpace(rec[0]))
		if err != nil {
			if line == 1 {
				continue // header
			}
			return nil, fmt.Errorf("line %d: %s", line, stgypub.ErrorMessage(err))
		}
		if len(rec) < 2 {
			return nil, fmt.Errorf("line %d: want postId,views[,date]", line)
		}
		views, err := strconv.ParseInt(strings.TrimSpace(rec[1]), 10, 64)
		if err != nil || views < 0 {
			return nil, fmt.Errorf("line %d: views %q is not a non-negative integer", line, rec[1])
		}
		t := viewTotal{Line: line, PostID: id, Views: views}
		if len(rec) > 2 && strings.TrimSpace(rec[2]) != "" {
			if t.Date, err = time.Parse("2006-01-02", strings.TrimSpace(rec[2])); err != nil {
				return nil, fmt.Errorf("line %d: date %q: want YYYY-MM-DD", line, rec[2])
			}
		}
		out = append(out, t)
	}
}
