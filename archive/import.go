package archive

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/stgy/stgypub"
)

// Importer is the one import path of a site archive: `stgy-pub archive
// import` and POST /publications/archive/restore both call Import
// (docs/ARCHIVE.md "Import rules").
type Importer struct {
	// MaxBytes bounds the archive, packed and unpacked (Read); <= 0:
	// DefaultMaxBytes.
	MaxBytes int64
	// Restore writes a validated site in one transaction
	// (store.Store.RestoreSite). It is called only once Read has accepted
	// the whole archive, so a caller may open its database in it.
	Restore func(ctx context.Context, in *stgypub.SiteRestore) (stgypub.RestoreSummary, error)
	// RaiseViews raises the Redis daily counters to the restored view rows
	// once they are committed (counter.Counter.RestoreViews); nil leaves
	// the counters alone (Imported.CountersErr says so).
	RaiseViews func(ctx context.Context, owner stgypub.ID, views []stgypub.Checkpoint) (CountersRaised, error)
}

// Target is the account an archive is imported into: Into, an existing
// account whatever its ID (the CLI's -user); else As, a login to create or
// re-import into (-as, the upload's as); else the archived login. Into and
// As exclude each other.
type Target struct {
	Into, As string
}

// CountersRaised is what raising the Redis daily counters did: fields
// raised, already at or above the restored count, and rows older than
// the window (kept as checkpoints only).
type CountersRaised struct {
	Raised    int `json:"raised"`
	Unchanged int `json:"unchanged"`
	Skipped   int `json:"skipped"`
}

// Imported is what Import did.
type Imported struct {
	// Login is the account's login the site was restored into.
	Login   string
	Summary stgypub.RestoreSummary
	// Counters is set when the Redis daily counters were raised;
	// CountersErr says why not otherwise (the restore stands: Stats show
	// the checkpoints, rankings count them once a later import reaches
	// Redis).
	Counters    *CountersRaised
	CountersErr error
}

// errNoCounters is CountersErr when the Importer has no RaiseViews.
var errNoCounters = fmt.Errorf("archive: no daily view counters configured")

// Import checks the target, reads and validates the whole archive from r
// (Read: nothing is written before it accepts every file), restores it
// with Restore and then raises the daily counters with RaiseViews. Errors:
// BAD_USER_INPUT for a bad target (field "as" or "user") or an archive
// Read refuses, PAYLOAD_TOO_LARGE over MaxBytes, and Restore's own
// (CONFLICT naming the item, NOT_FOUND for a missing Into account);
// nothing is written on any of them. A second import of the same archive
// changes nothing (Summary.Changed() is false).
func (im Importer) Import(ctx context.Context, r io.Reader, to Target, now time.Time) (*Imported, error) {
	if to.Into != "" && to.As != "" {
		return nil, stgypub.FieldErrorf("as", "-user (an existing account) and -as (a new login) exclude each other")
	}
	if to.As != "" && stgypub.CheckLoginName(to.As) != nil {
		return nil, stgypub.FieldErrorf("as", "as must be a login name: 1-50 letters, digits, '_', '.' or '-'")
	}
	site, err := Read(r, im.MaxBytes, now)
	if err != nil {
		return nil, err
	}
	out := &Imported{Login: site.Profile.LoginName}
	existing := to.Into != ""
	switch {
	case existing:
		out.Login = to.Into
	case to.As != "":
		out.Login = to.As
	}
	restore := site.Restore(out.Login, existing)
	if out.Summary, err = im.Restore(ctx, restore); err != nil {
		return nil, err
	}
	if im.RaiseViews == nil {
		out.CountersErr = errNoCounters
		return out, nil
	}
	raised, err := im.RaiseViews(ctx, out.Summary.OwnerID, restore.Views)
	if err != nil {
		out.CountersErr = err
	} else {
		out.Counters = &raised
	}
	return out, nil
}

// Line says in one line what the restore did ("nothing changed (already
// imported)" for a second import).
func (im *Imported) Line() string {
	s := im.Summary
	if !s.Changed() {
		return "nothing changed (already imported)"
	}
	account := "account and profile unchanged"
	switch {
	case s.OwnerCreated:
		account = "account created with its profile"
	case s.ProfileChanged:
		account = "profile changed"
	}
	settings := "settings unchanged"
	if s.SettingsChanged {
		settings = "settings changed"
	}
	return fmt.Sprintf("%s, %s; posts %d created, %d updated, %d unchanged; comments %d created, %d updated, %d unchanged; view rows %d raised, %d unchanged",
		account, settings, s.PostsCreated, s.PostsUpdated, s.PostsUnchanged,
		s.CommentsCreated, s.CommentsUpdated, s.CommentsUnchanged, s.ViewsRaised, s.ViewsUnchanged)
}
