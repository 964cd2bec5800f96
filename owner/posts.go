package owner

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/markdown"
)

// ContentMaxChars limits a post's Markdown body, in Unicode code points.
const ContentMaxChars = 100_000

// LocaleMaxChars limits a post's locale (posts.locale VARCHAR(50)).
const LocaleMaxChars = 50

// MyPostsMaxLimit clamps MyPosts' limit.
const MyPostsMaxLimit = 100

// localeRE is BCP 47 in shape: a 2-8 letter language and 1-8 alphanumeric
// subtags, separated by '-' (or '_', as some clients send).
var localeRE = regexp.MustCompile(`^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$`)

// PostInput is what an owner writes: the Markdown body and post flags.
type PostInput struct {
	Content      string
	Locale       string // BCP 47-ish tag, "" when unknown
	AllowLikes   bool
	AllowReplies bool
}

// Validate returns BAD_USER_INPUT for content over ContentMaxChars, with
// invalid UTF-8 or NUL, or a locale that is not a BCP 47-shaped tag of at
// most LocaleMaxChars.
func (in PostInput) Validate() error {
	if err := stgypub.CheckText("content", in.Content, ContentMaxChars); err != nil {
		return err
	}
	if len(in.Locale) > LocaleMaxChars {
		return stgypub.Errorf(stgypub.CodeBadUserInput, "locale is over %d characters", LocaleMaxChars)
	}
	if in.Locale != "" && !localeRE.MatchString(in.Locale) {
		return stgypub.Errorf(stgypub.CodeBadUserInput, "locale must be a language tag such as en or ja-JP")
	}
	return nil
}

// apply copies in into p and derives Snippet and PlainText from Content.
func (in PostInput) apply(p *stgypub.Post) {
	p.Content = in.Content
	p.Locale = in.Locale
	p.AllowLikes = in.AllowLikes
	p.AllowReplies = in.AllowReplies
	p.Snippet = markdown.Convert(in.Content, markdown.Options{}).Snippet
	p.PlainText = markdown.PlainText(in.Content)
}

// CreatePost creates an unpublished post owned by viewer.
// Errors: UNAUTHENTICATED (nil viewer), BAD_USER_INPUT (PostInput.Validate).
func (s *Service) CreatePost(ctx context.Context, viewer *stgypub.User, in PostInput) (*stgypub.Post, error) {
	if err := requireUser(viewer); err != nil {
		return nil, err
	}
	if err := in.Validate(); err != nil {
		return nil, err
	}
	p := &stgypub.Post{OwnedBy: viewer.ID}
	in.apply(p)
	if err := s.posts.CreatePost(ctx, p); err != nil {
		return nil, fmt.Errorf("owner: create post: %w", err)
	}
	return p, nil
}

// UpdatePost rewrites a post's body and flags; its publication is kept.
// Errors: UNAUTHENTICATED, BAD_USER_INPUT, NOT_FOUND, FORBIDDEN (neither
// owner nor admin).
func (s *Service) UpdatePost(ctx context.Context, viewer *stgypub.User, id stgypub.ID, in PostInput) (*stgypub.Post, error) {
	p, err := s.ownPost(ctx, viewer, id)
	if err != nil {
		return nil, err
	}
	if err := in.Validate(); err != nil {
		return nil, err
	}
	in.apply(p)
	if err := s.posts.UpdatePost(ctx, p); err != nil {
		return nil, fmt.Errorf("owner: update post: %w", err)
	}
	return s.reload(ctx, id)
}

// DeletePost deletes a post. Errors as UpdatePost.
func (s *Service) DeletePost(ctx context.Context, viewer *stgypub.User, id stgypub.ID) error {
	if _, err := s.ownPost(ctx, viewer, id); err != nil {
		return err
	}
	if err := s.posts.DeletePost(ctx, id); err != nil {
		return fmt.Errorf("owner: delete post: %w", err)
	}
	return nil
}

// SetPublication stores publishedAt as given (seed 001 "Canonical
// Publication State"): a time at or before now publishes, a future time
// schedules, nil unpublishes. Errors as UpdatePost.
func (s *Service) SetPublication(ctx context.Context, viewer *stgypub.User, id stgypub.ID, publishedAt *time.Time) (*stgypub.Post, error) {
	if _, err := s.ownPost(ctx, viewer, id); err != nil {
		return nil, err
	}
	if publishedAt != nil {
		t := publishedAt.UTC().Truncate(time.Microsecond) // TIMESTAMPTZ precision
		publishedAt = &t
	}
	if err := s.posts.SetPublication(ctx, id, publishedAt); err != nil {
		return nil, fmt.Errorf("owner: set publication: %w", err)
	}
	return s.reload(ctx, id)
}

// MyPosts lists viewer's posts of every state, newest first; limit is
// clamped to 1-MyPostsMaxLimit. Errors: UNAUTHENTICATED, BAD_USER_INPUT
// for a negative offset.
func (s *Service) MyPosts(ctx context.Context, viewer *stgypub.User, offset, limit int) ([]*stgypub.Post, error) {
	if err := requireUser(viewer); err != nil {
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
	if err := requireUser(viewer); err != nil {
		return nil, err
	}
	p, err := s.posts.Post(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("owner: post %s: %w", id, err)
	}
	if err := mayActFor(viewer, p.OwnedBy); err != nil {
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
