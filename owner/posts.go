package owner

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/markdown"
)

// ContentMaxChars limits a post's Markdown body, in Unicode code points
// (stgypub.PostContentMaxChars).
const ContentMaxChars = stgypub.PostContentMaxChars

// LocaleMaxChars limits a post's locale (posts.locale VARCHAR(50)).
const LocaleMaxChars = stgypub.LocaleMaxChars

// MyPostsMaxLimit clamps MyPosts' limit.
const MyPostsMaxLimit = 100

// Publication times accepted by SetPublication: from the Unix epoch to
// the end of year 9999 (RFC 3339's four-digit years). The zero time (what
// an empty string used to decode to) and earlier dates are mistakes, not
// publications.
var (
	minPublishedAt = time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)
	maxPublishedAt = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
)

// PostInput is what an owner writes: the Markdown body and post flags.
// A nil flag takes its default on CreatePost (Locale "", AllowLikes and
// AllowReplies true) and keeps the post's current value on UpdatePost.
type PostInput struct {
	Content      string
	Locale       *string // BCP 47 tag (CanonicalLocale), "" when unknown
	AllowLikes   *bool
	AllowReplies *bool
	// Tags replaces the post's tags (stgypub.NormalizeTags) when not nil.
	Tags []string
}

// Validate returns BAD_USER_INPUT for content over ContentMaxChars, with
// invalid UTF-8 or NUL, or a non-nil locale CanonicalLocale refuses. A
// leading byte-order mark does not count (apply strips it).
func (in PostInput) Validate() error {
	if err := stgypub.CheckText("content", stgypub.StripBOM(in.Content), ContentMaxChars); err != nil {
		return err
	}
	if in.Tags != nil {
		if _, err := stgypub.NormalizeTags(in.Tags); err != nil {
			return err
		}
	}
	if in.Locale == nil {
		return nil
	}
	_, err := CanonicalLocale(*in.Locale)
	return err
}

// CanonicalLocale is stgypub.CanonicalLocale (kept for callers of the
// owner package).
func CanonicalLocale(s string) (string, error) { return stgypub.CanonicalLocale(s) }

// apply copies the given fields of in into p (the content without a
// leading byte-order mark, the locale canonicalized; in is validated),
// keeps p's value for each nil one and derives Snippet and PlainText from
// Content. Content that does not parse within markdown.RenderBudget is
// BAD_USER_INPUT and p is then unchanged (docs/API.md "Limits").
func (in PostInput) apply(p *stgypub.Post) error {
	content := stgypub.StripBOM(in.Content)
	doc, err := markdown.ConvertWithin(content, markdown.Options{}, markdown.RenderBudget)
	if errors.Is(err, markdown.ErrTooLarge) {
		return stgypub.FieldErrorf("content", "content renders to more than %d bytes of HTML: a reference or footnote used thousands of times (docs/API.md \"Limits\")", markdown.MaxHTMLBytes)
	}
	if err != nil {
		return stgypub.FieldErrorf("content", "content is too complex to render within %v: lists or quotes nested thousands deep, or thousands of unclosed links on one line (docs/API.md \"Limits\")", markdown.RenderBudget)
	}
	p.Content = content
	if in.Locale != nil {
		p.Locale, _ = CanonicalLocale(*in.Locale)
	}
	if in.AllowLikes != nil {
		p.AllowLikes = *in.AllowLikes
	}
	if in.AllowReplies != nil {
		p.AllowReplies = *in.AllowReplies
	}
	if in.Tags != nil {
		p.Tags, _ = stgypub.NormalizeTags(in.Tags) // Validate checked them
	}
	p.Snippet = doc.Snippet
	p.PlainText = markdown.PlainText(p.Content)
	p.Derived = doc.Derived(p.PlainText)
	return nil
}

// CreatePost creates an unpublished post owned by viewer.
// Errors: UNAUTHENTICATED (nil viewer), BAD_USER_INPUT (PostInput.Validate).
func (s *Service) CreatePost(ctx context.Context, viewer *stgypub.User, in PostInput) (*stgypub.Post, error) {
	if err := stgypub.RequireLogin(viewer); err != nil {
		return nil, err
	}
	if err := in.Validate(); err != nil {
		return nil, err
	}
	p := &stgypub.Post{OwnedBy: viewer.ID, AllowLikes: true, AllowReplies: true}
	if err := in.apply(p); err != nil {
		return nil, err
	}
	if err := s.posts.CreatePost(ctx, p); err != nil {
		return nil, fmt.Errorf("owner: create post: %w", err)
	}
	return p, nil
}

// UpdatePost rewrites a post's body and the flags in sets (a nil one
// keeps its value); its publication is kept.
// Errors: UNAUTHENTICATED, BAD_USER_INPUT, NOT_FOUND, FORBIDDEN (neither
// owner nor admin).
func (s *Service) UpdatePost(ctx context.Context, viewer *stgypub.User, id stgypub.ID, in PostInput) (*stgypub.Post, error) {
	return s.UpdatePostIf(ctx, viewer, id, in, stgypub.Precondition{})
}

// UpdatePostIf is UpdatePost under pre (the updatePost's ifVersion): a
// post no longer at pre's version is left as it is and the error is
// CONFLICT with the current version (stgypub.VersionConflict); the store
// compares the version in the write itself, so of two concurrent saves
// from one version exactly one is stored.
func (s *Service) UpdatePostIf(ctx context.Context, viewer *stgypub.User, id stgypub.ID, in PostInput, pre stgypub.Precondition) (*stgypub.Post, error) {
	p, err := s.ownPost(ctx, viewer, id)
	if err != nil {
		return nil, err
	}
	if err := in.Validate(); err != nil {
		return nil, err
	}
	if !pre.Holds(p.Version) {
		return nil, stgypub.VersionConflict("post", p.Version, p.UpdatedAt)
	}
	if err := in.apply(p); err != nil {
		return nil, err
	}
	if err := s.posts.UpdatePostIf(ctx, p, pre); err != nil {
		return nil, fmt.Errorf("owner: update post: %w", err)
	}
	return s.reload(ctx, id)
}

// DeletePost deletes a post. Errors as UpdatePost.
func (s *Service) DeletePost(ctx context.Context, viewer *stgypub.User, id stgypub.ID) error {
	return s.DeletePostIf(ctx, viewer, id, stgypub.Precondition{})
}

// DeletePostIf is DeletePost under pre (see UpdatePostIf): a post changed
// since pre's version is not deleted (CONFLICT).
func (s *Service) DeletePostIf(ctx context.Context, viewer *stgypub.User, id stgypub.ID, pre stgypub.Precondition) error {
	p, err := s.ownPost(ctx, viewer, id)
	if err != nil {
		return err
	}
	if !pre.Holds(p.Version) {
		return stgypub.VersionConflict("post", p.Version, p.UpdatedAt)
	}
	if err := s.posts.DeletePostIf(ctx, id, pre); err != nil {
		return fmt.Errorf("owner: delete post: %w", err)
	}
	return nil
}

// SetPublication stores publishedAt as given
// (docs/SPEC.md#publication-state): a time at or before now publishes, a
// future time schedules, nil unpublishes. Errors as UpdatePost;
// BAD_USER_INPUT (CheckPublishedAt) for the zero time or a time before 1970
// or after year 9999, leaving the post as it was.
func (s *Service) SetPublication(ctx context.Context, viewer *stgypub.User, id stgypub.ID, publishedAt *time.Time) (*stgypub.Post, error) {
	return s.SetPublicationIf(ctx, viewer, id, publishedAt, stgypub.Precondition{})
}

// SetPublicationIf is SetPublication under pre (see UpdatePostIf).
func (s *Service) SetPublicationIf(ctx context.Context, viewer *stgypub.User, id stgypub.ID, publishedAt *time.Time, pre stgypub.Precondition) (*stgypub.Post, error) {
	p, err := s.ownPost(ctx, viewer, id)
	if err != nil {
		return nil, err
	}
	if publishedAt != nil {
		if err := CheckPublishedAt(*publishedAt); err != nil {
			return nil, err
		}
		t := publishedAt.UTC().Truncate(time.Microsecond) // TIMESTAMPTZ precision
		publishedAt = &t
	}
	if !pre.Holds(p.Version) {
		return nil, stgypub.VersionConflict("post", p.Version, p.UpdatedAt)
	}
	if err := s.posts.SetPublicationIf(ctx, id, publishedAt, pre); err != nil {
		return nil, fmt.Errorf("owner: set publication: %w", err)
	}
	return s.reload(ctx, id)
}

// CheckPublishedAt returns BAD_USER_INPUT unless t lies from
// 1970-01-01T00:00:00Z up to the end of year 9999 (the zero time, year 1,
// is refused).
func CheckPublishedAt(t time.Time) error {
	if t.Before(minPublishedAt) || !t.Before(maxPublishedAt) {
		return stgypub.Errorf(stgypub.CodeBadUserInput,
			"publishedAt must be between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z (null unpublishes)")
	}
	return nil
}

// MyPosts lists viewer's posts of every state, newest first; limit is
// clamped to 1-MyPostsMaxLimit. Errors: UNAUTHENTICATED, BAD_USER_INPUT
// for a negative offset.
func (s *Service) MyPosts(ctx context.Context, viewer *stgypub.User, offset, limit int) ([]*stgypub.Post, error) {
	if err := stgypub.RequireLogin(viewer); err != nil {
		return nil, err
	}
	if offset < 0 || limit < 0 {
		return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "offset and limit must not be negative")
	}
	limit = min(max(limit, 1), MyPostsMaxLimit)
	posts, err := s.posts.PostsByOwner(ctx, viewer.ID, offset, limit)
	if err != nil {
		return nil, fmt.Errorf("owner: my posts: %w", err)
	}
	return posts, nil
}

// Post returns one post of any publication state with its Markdown
// content, for its owner or an admin (the editor pre-fills from it).
// Errors: UNAUTHENTICATED, FORBIDDEN, NOT_FOUND.
func (s *Service) Post(ctx context.Context, viewer *stgypub.User, id stgypub.ID) (*stgypub.Post, error) {
	return s.ownPost(ctx, viewer, id)
}

// ownPost loads post id and checks viewer may change it.
func (s *Service) ownPost(ctx context.Context, viewer *stgypub.User, id stgypub.ID) (*stgypub.Post, error) {
	if err := stgypub.RequireLogin(viewer); err != nil {
		return nil, err
	}
	p, err := s.posts.Post(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("owner: post %s: %w", id, err)
	}
	if err := stgypub.RequireSelfOrAdmin(viewer, p.OwnedBy); err != nil {
		return nil, err
	}
	return p, nil
}

func (s *Service) reload(ctx context.Context, id stgypub.ID) (*stgypub.Post, error) {
	p, err := s.posts.Post(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("owner: reload post %s: %w", id, err)
	}
	return p, nil
}
