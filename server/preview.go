package server

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/templates"
)

// Previews lets owners open their own posts in any publication state as
// the article page will show them (GET /publications/preview/{postId}).
// Both fields are required; auth.Service and owner.Service implement them.
type Previews struct {
	// Auth reads the request's session cookie or bearer token.
	Auth *auth.Service
	// Posts returns a post of any state with its Content for its owner
	// or an admin: UNAUTHENTICATED, FORBIDDEN or NOT_FOUND otherwise.
	Posts interface {
		Post(ctx context.Context, viewer *stgypub.User, id stgypub.ID) (*stgypub.Post, error)
	}
	// Now is the clock that decides the publication state shown; nil
	// means time.Now.
	Now func() time.Time
}

// previewCacheControl keeps owner previews out of every shared cache and
// off the disk.
const previewCacheControl = "private, no-store"

// errPreviewLogin answers a preview request without a session.
var errPreviewLogin = &stgypub.Error{Code: stgypub.CodeUnauthenticated, Message: "Log in at /publications to preview your posts."}

// preview serves GET /publications/preview/{postId}: the owner's (or an
// admin's) post in any state (draft, scheduled, published) rendered like
// /pub/{postId} with the site's design (?design= works), under a banner
// giving its state. It is noindex, "private, no-store", records no page
// view and carries no analytics; Recent and Popular entries are left out.
// Anonymous viewers get 401 with a hint to log in; everyone else who may
// not see the post gets the same 404 as a missing post.
func (s *pageHandlers) preview(w http.ResponseWriter, r *http.Request) error {
	h := w.Header()
	h.Set("Cache-Control", previewCacheControl)
	h.Set("X-Robots-Tag", "noindex")
	h.Set("Referrer-Policy", "same-origin")
	if s.previews == nil {
		return errNotFound
	}
	id, err := stgypub.ParseID(chi.URLParam(r, "postId"))
	if err != nil {
		return errNotFound
	}
	ctx, err := s.previews.Auth.Authenticate(r)
	if err != nil {
		if stgypub.ErrorCode(err) == stgypub.CodeUnauthenticated {
			return errPreviewLogin
		}
		return fmt.Errorf("server: preview %s: authenticate: %w", id, err)
	}
	viewer := auth.Viewer(ctx)
	if viewer == nil {
		return errPreviewLogin
	}
	post, err := s.previews.Posts.Post(ctx, viewer, id)
	switch stgypub.ErrorCode(err) {
	case "":
	case stgypub.CodeNotFound, stgypub.CodeForbidden:
		return errNotFound
	default:
		return fmt.Errorf("server: preview %s: %w", id, err)
	}
	page, err := s.buildPreview(r, post)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := s.renderer.Pub(&buf, page); err != nil {
		return err
	}
	writeBody(w, r, s.now(), htmlType, previewCacheControl, time.Time{}, buf.Bytes())
	return nil
}

// buildPreview is buildPub for a post of any state: the article, header,
// profile and share buttons as published, no counters.
func (s *pageHandlers) buildPreview(r *http.Request, post *stgypub.Post) (*templates.PubPage, error) {
	ctx := r.Context()
	owner, err := s.users.User(ctx, post.OwnedBy)
	if err != nil {
		return nil, fmt.Errorf("server: preview owner %s: %w", post.OwnedBy, err)
	}
	cfg, err := s.configs.PubConfig(ctx, post.OwnedBy)
	if err != nil {
		return nil, fmt.Errorf("server: preview settings %s: %w", post.OwnedBy, err)
	}
	site := newSiteIdentity(owner, cfg).in(s.langTag(post.Locale))
	theme := stgypub.ChooseTheme(r.URL.Query().Get("design"), cfg.DesignTheme)
	article, err := s.articleHTML(ctx, post, theme.Vertical)
	if err != nil {
		return nil, fmt.Errorf("server: preview %s: %w", post.ID, err)
	}
	now := time.Now()
	if s.previews.Now != nil {
		now = s.previews.Now()
	}
	state := post.State(now)
	shown := *post // a draft is shown dated today, as publishing it now would
	if shown.PublishedAt == nil {
		shown.PublishedAt = &now
	}
	page := s.pubPage(s.pubURL(post.ID), &shown, site, theme, article)
	page.Meta.NoIndex = true
	page.Analytics = nil
	page.Sidebar.ShowRecent, page.Sidebar.ShowPopular = false, false
	page.Preview = &templates.Preview{State: string(state), PublicURL: "/pub/" + post.ID.String()}
	if post.PublishedAt != nil {
		page.Preview.Date, page.Preview.DateISO = site.dates(post.PublishedAt)
	}
	return page, nil
}
