package importer

import (
	"context"
	"fmt"
	"io/fs"
	"slices"
	"time"

	"github.com/stgy/stgypub"
)

type outcome int

const (
	unchanged outcome = iota
	created
	updated
)

// createAttempts bounds retries when a minted ID is already taken.
const createAttempts = 8

// importFile imports one file; scheduled reports whether its post ends
// with a future publication time.
func importFile(ctx context.Context, st stgypub.PostStore, userID stgypub.ID, fsys fs.FS, name string, opts *Options) (_ stgypub.ID, _ outcome, scheduled bool, _ error) {
	src, err := readFile(fsys, name)
	if err != nil {
		return 0, unchanged, false, err
	}
	now := opts.now()
	a, err := parseArticle(name, src, opts, now)
	if err != nil {
		return 0, unchanged, false, err
	}
	pub := opts.Publication[name]
	want := desiredPublication(a, pub)
	isScheduled := func(t *time.Time) bool { return t != nil && t.After(now) }

	id, err := st.ImportedPostID(ctx, userID, name)
	if stgypub.IsNotFound(err) {
		id, err = create(ctx, st, userID, name, a, want)
		return id, created, isScheduled(want), err
	}
	if err != nil {
		return 0, unchanged, false, err
	}
	p, err := st.Post(ctx, id)
	if err != nil {
		return 0, unchanged, false, err
	}
	if p.OwnedBy != userID {
		return 0, unchanged, false, stgypub.Errorf(stgypub.CodeConflict, "post %s was imported for this user but is now owned by %s", id, p.OwnedBy)
	}
	out := unchanged
	if p.Content != a.Content || p.PlainText != a.PlainText || p.Snippet != a.Snippet || p.Locale != a.Locale || p.Derived != a.Derived || !slices.Equal(p.Tags, a.Tags) {
		p.Content, p.PlainText, p.Snippet, p.Locale, p.Derived, p.Tags = a.Content, a.PlainText, a.Snippet, a.Locale, a.Derived, a.Tags
		if err := st.UpdatePost(ctx, p); err != nil {
			return 0, unchanged, false, err
		}
		out = updated
	}
	// An undated file's time is arbitrary: once published it stays put
	// instead of following the clock on every import.
	keepUndated := a.Undated && pub == (Publication{}) && p.PublishedAt != nil && !p.PublishedAt.After(now)
	if !keepUndated && !keepPublication(p.PublishedAt, want, now) {
		if err := st.SetPublication(ctx, id, want); err != nil {
			return 0, unchanged, false, err
		}
		p.PublishedAt = want
		out = updated
	}
	return id, out, isScheduled(p.PublishedAt), nil
}

func create(ctx context.Context, st stgypub.PostStore, userID stgypub.ID, name string, a article, want *time.Time) (stgypub.ID, error) {
	var err error
	for range createAttempts {
		p := &stgypub.Post{
			ID:           stgypub.IDFromTime(a.Date, randomSeq()),
			OwnedBy:      userID,
			PublishedAt:  want,
			Snippet:      a.Snippet,
			Locale:       a.Locale,
			AllowLikes:   true,
			AllowReplies: true,
			Content:      a.Content,
			PlainText:    a.PlainText,
			Derived:      a.Derived,
			Tags:         a.Tags,
		}
		err = st.CreateImportedPost(ctx, name, p)
		if stgypub.ErrorCode(err) != stgypub.CodeConflict {
			return p.ID, err
		}
	}
	return 0, fmt.Errorf("no free post ID after %d attempts: %w", createAttempts, err)
}

// desiredPublication is the published_at a file asks for.
func desiredPublication(a article, pub Publication) *time.Time {
	switch {
	case pub.Unpublished:
		return nil
	case !pub.At.IsZero():
		t := pub.At.UTC().Truncate(time.Microsecond) // PostgreSQL precision
		return &t
	default:
		t := a.Date
		return &t
	}
}

// keepPublication reports whether the stored published_at already
// satisfies want: equal, or both scheduled (a scheduled post keeps its
// time, so a relative "one year from now" does not move every run).
func keepPublication(have, want *time.Time, now time.Time) bool {
	switch {
	case have == nil || want == nil:
		return have == nil && want == nil
	case have.Equal(*want):
		return true
	default:
		return have.After(now) && want.After(now)
	}
}
