package comment

import (
	"context"
	"fmt"

	"github.com/stgy/stgypub"
)

// Page is one page of a post's comments as a viewer sees it.
type Page struct {
	PostID stgypub.ID
	// Owner is the post's owner, whose site change a comment write
	// announces (the API's response cache records it).
	Owner  stgypub.ID
	Order  stgypub.Order
	Number int // 1-based
	Items  []*Item
	// TotalCount is the number of comments the viewer can list on every
	// page (published ones for readers, all for moderators).
	TotalCount int
	// PublishedCount is the number of published comments (what readers
	// see; the article page's count).
	PublishedCount int
	// CanModerate: the viewer sees pending comments and may approve and
	// delete (stgypub.CanModerateComments).
	CanModerate bool
}

// List returns page number (1-based, stgypub.CommentPageSize per page) of
// the post's comments in order. Readers get the published comments of an
// open section through the public cache, an empty page when the section
// is closed, NOT_FOUND when the post is not published; the post's owner
// and administrators read PostgreSQL directly and get pending comments
// too, in any state and mode. BAD_USER_INPUT for a page outside
// 1..stgypub.CommentMaxPage.
func (s *Service) List(ctx context.Context, viewer *stgypub.User, postID stgypub.ID, order stgypub.Order, number int) (*Page, error) {
	if number < 1 || number > stgypub.CommentMaxPage {
		return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "page must be 1-%d", stgypub.CommentMaxPage)
	}
	if order != stgypub.OrderOldest {
		order = stgypub.OrderNewest
	}
	t, err := s.target(ctx, viewer, postID)
	if err != nil {
		return nil, err
	}
	now := s.cfg.Now()
	var cp *stgypub.CommentPage
	published := -1
	switch stgypub.CommentListVisibility(viewer, t, now) {
	case stgypub.CommentsAll:
		cp, err = s.store.Comments(ctx, postID, stgypub.CommentQuery{Order: order, Page: number, IncludePending: true})
		if err == nil {
			published, err = s.store.CountPublishedComments(ctx, postID)
		}
	case stgypub.CommentsPublishedOnly:
		load := func() (*stgypub.CommentPage, error) {
			return s.store.Comments(ctx, postID, stgypub.CommentQuery{Order: order, Page: number})
		}
		if direct(ctx) {
			cp, err = load()
		} else {
			cp, err = s.cache.Page(ctx, t.Post, order, number, now, load)
		}
	default:
		cp = &stgypub.CommentPage{}
	}
	if err != nil {
		return nil, fmt.Errorf("comment: list %s: %w", postID, err)
	}
	if published < 0 {
		published = cp.TotalCount
	}
	p := &Page{PostID: postID, Owner: t.Post.OwnedBy, Order: order, Number: number, TotalCount: cp.TotalCount, PublishedCount: published,
		CanModerate: stgypub.CanModerateComments(viewer, t.Post), Items: make([]*Item, len(cp.Items))}
	for i, c := range cp.Items {
		p.Items[i] = item(viewer, t.Post, c)
	}
	return p, nil
}

// PublishedCount is the number of published comments the public page of
// post shows (0 when its section is closed), for the page's JSON-LD
// commentCount. It reads PostgreSQL, not the public cache: the rendered
// page is cached itself (server page cache) and dropped when a comment
// change commits, which is before this service drops the comment pages,
// so a page rendered in between must not read them.
func (s *Service) PublishedCount(ctx context.Context, post *stgypub.Post, mode string) (int, error) {
	if !stgypub.CommentSectionOpen(post, mode, s.cfg.Now()) {
		return 0, nil
	}
	n, err := s.store.CountPublishedComments(ctx, post.ID)
	if err != nil {
		return 0, fmt.Errorf("comment: count %s: %w", post.ID, err)
	}
	return n, nil
}

// Feed returns up to limit published comments of an open section, newest
// first, for the comments feed (nil when the section is closed).
func (s *Service) Feed(ctx context.Context, post *stgypub.Post, mode string, limit int) ([]*stgypub.Comment, error) {
	if !stgypub.CommentSectionOpen(post, mode, s.cfg.Now()) {
		return nil, nil
	}
	return s.store.PublishedComments(ctx, post.ID, limit)
}

// FormState is what the comment form needs before it opens.
type FormState struct {
	PostID stgypub.ID
	// Open: the section exists and accepts comments.
	Open bool
	Mode string
	// Status is what a comment by this viewer would get now.
	Status stgypub.CommentStatus
	// CaptchaRequired: the viewer is no moderator, has no usable pass and
	// could post now (the section is open and the cap not reached:
	// nothing can be posted otherwise, so nothing is required).
	CaptchaRequired bool
	// ClearPass: the pass cookie sent names no pass any more (unknown,
	// used up or invalidated); the HTTP layer clears it. Not in the API.
	ClearPass bool
	// Nickname is the saved nickname ("" when none).
	Nickname string
	// CanPostAsOwner: the viewer may choose "as owner"; AsOwner is the
	// choice the form starts with (saved preference, else the default).
	CanPostAsOwner, AsOwner bool
	// CapReached: the post holds MaxComments comments, pending included.
	CapReached  bool
	MaxComments int
	// The form's limits in code points (stgypub.CommentNicknameMaxChars,
	// stgypub.CommentBodyMaxChars).
	NicknameMaxChars, BodyMaxChars int
}

// FormState reads what the form of post shows to viewer: whether it is
// open, whether a CAPTCHA is needed (pass state from Redis; a Redis
// failure reads as "needed"), the saved nickname and as-owner choice
// (cookies, in ctx's stgypub.CommentClient) and whether the cap is
// reached. NOT_FOUND for a post the viewer may not see.
func (s *Service) FormState(ctx context.Context, viewer *stgypub.User, postID stgypub.ID) (*FormState, error) {
	t, err := s.target(ctx, viewer, postID)
	if err != nil {
		return nil, err
	}
	client := stgypub.CommentClientFrom(ctx)
	mod := stgypub.CanModerateComments(viewer, t.Post)
	st := &FormState{
		PostID: postID, Open: t.SectionOpen(s.cfg.Now()), Mode: t.Mode,
		Status: stgypub.NewCommentStatus(t.Mode, mod), CanPostAsOwner: mod,
		AsOwner: stgypub.AsOwnerChoice(viewer, t.Post, nil, client.AsOwner), MaxComments: s.cfg.MaxComments,
		NicknameMaxChars: stgypub.CommentNicknameMaxChars, BodyMaxChars: stgypub.CommentBodyMaxChars,
	}
	if n, err := stgypub.CheckNickname(client.Nickname, stgypub.CommentNicknameMaxChars); err == nil {
		st.Nickname = n
	}
	n, err := s.store.CountComments(ctx, postID)
	if err != nil {
		return nil, fmt.Errorf("comment: form state of %s: %w", postID, err)
	}
	st.CapReached = n >= s.cfg.MaxComments
	if !mod {
		usable := false
		if s.gate != nil && client.PassToken != "" {
			usable, st.ClearPass, err = s.gate.PassUsable(ctx, client.PassToken, client.IP)
			if err != nil {
				s.cfg.Logger.WarnContext(ctx, "comment: pass state unavailable", "err", err)
			}
		}
		st.CaptchaRequired = !usable && st.Open && !st.CapReached
	}
	return st, nil
}
