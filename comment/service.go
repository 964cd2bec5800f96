package comment

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/captcha"
	"github.com/stgy/stgypub/live"
)

// Config configures a Service; zero values take the defaults noted.
type Config struct {
	// MaxComments caps the comments stored per post, pending included
	// (STGY_PUB_COMMENT_MAX_COMMENTS); 100.
	MaxComments int
	// Now is the clock deciding publication; time.Now.
	Now func() time.Time
	// Logger receives cache and pass failures that do not fail a request.
	Logger *slog.Logger
	// SecureCookie sets the preference cookies' Secure attribute (https).
	SecureCookie bool
	// Events receives stored and approved comments for the live
	// subscriptions (live.Hub); nil announces nothing.
	Events *live.Hub
}

// Service applies the comment rules of the root package (modes,
// permissions, cap, CAPTCHA, notifications) over the store, the CAPTCHA
// gate and the public cache. It is safe for concurrent use.
type Service struct {
	store stgypub.CommentStore
	gate  *captcha.Service
	cache *PublicCache
	cfg   Config
}

// New returns a Service. store is required; gate checks readers' CAPTCHA
// passes (nil: readers cannot post, CAPTCHA_REQUIRED); cache may be nil
// (every list reads PostgreSQL).
func New(store stgypub.CommentStore, gate *captcha.Service, cache *PublicCache, cfg Config) *Service {
	if cfg.MaxComments <= 0 {
		cfg.MaxComments = stgypub.DefaultMaxComments
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Service{store: store, gate: gate, cache: cache, cfg: cfg}
}

// PreferenceCookies are the Set-Cookies remembering res's nickname and
// as-owner choice (PreferenceCookies with the service's Secure setting).
func (s *Service) PreferenceCookies(res *PostResult) []*http.Cookie {
	return PreferenceCookies(res, s.cfg.SecureCookie, s.cfg.Now())
}

// MaxComments is the per-post cap in force.
func (s *Service) MaxComments() int { return s.cfg.MaxComments }

// Item is a comment as one viewer sees it, with what the viewer may do.
type Item struct {
	*stgypub.Comment
	// CanEdit: stgypub.CanEditComment. CanModerate: approve and delete
	// (stgypub.CanModerateComments).
	CanEdit, CanModerate bool
}

func item(viewer *stgypub.User, p *stgypub.Post, c *stgypub.Comment) *Item {
	return &Item{Comment: c, CanEdit: stgypub.CanEditComment(viewer, p, c), CanModerate: stgypub.CanModerateComments(viewer, p)}
}

// deny is UNAUTHENTICATED for an anonymous viewer, FORBIDDEN otherwise.
func deny(viewer *stgypub.User, what string) error {
	if viewer == nil {
		return stgypub.Errorf(stgypub.CodeUnauthenticated, "login required to %s", what)
	}
	return stgypub.Errorf(stgypub.CodeForbidden, "only the article's owner or an administrator may %s", what)
}

// invalidate drops the post's public pages; a Redis failure is logged
// (by the cache) and never fails the mutation that changed them.
func (s *Service) invalidate(ctx context.Context, post stgypub.ID) {
	_ = s.cache.Invalidate(ctx, post)
}

// target loads a post's comment target; a post the viewer may not see
// (not published and not theirs to moderate) is NOT_FOUND like a missing
// one.
func (s *Service) target(ctx context.Context, viewer *stgypub.User, postID stgypub.ID) (*stgypub.CommentTarget, error) {
	t, err := s.store.CommentTarget(ctx, postID)
	if err != nil {
		return nil, err
	}
	if stgypub.CommentListVisibility(viewer, t, s.cfg.Now()) == stgypub.CommentsHidden {
		return nil, stgypub.Errorf(stgypub.CodeNotFound, "post not found")
	}
	return t, nil
}
