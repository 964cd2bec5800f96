package comment

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/captcha"
)

// PostInput is a new comment as the form sends it.
type PostInput struct {
	PostID   stgypub.ID
	Nickname string
	Body     string
	// AsOwner is the "as owner" choice (moderators only; nil takes the
	// saved preference, then the default).
	AsOwner *bool
	// CaptchaID and CaptchaAnswer solve a challenge inline when the
	// reader has no usable pass.
	CaptchaID, CaptchaAnswer string
}

// PostResult is a stored comment and what the HTTP layer remembers in
// cookies.
type PostResult struct {
	Comment *Item
	// PassToken is a pass issued by solving the CAPTCHA inline ("" when
	// none); it is set even when storing the comment failed afterwards.
	PassToken string
	// ClearPass: the saved pass cookie names no pass any more (it was
	// unknown, used up by this comment or invalidated by a fifth
	// address) and no new pass replaces it; the HTTP layer clears it.
	ClearPass bool
	// Nickname and AsOwner are the preferences to save (AsOwner nil for
	// readers, who cannot choose it).
	Nickname string
	AsOwner  *bool
}

// Post stores a comment (docs/SPEC.md "Comments"). In order: the
// X-STGY-QueryHash of the post (BAD_USER_INPUT), the nickname and body
// (normalized; 1-30 and 1-1000 characters; BAD_USER_INPUT), the post
// (NOT_FOUND unless published or the viewer moderates it), the section
// (FORBIDDEN when closed), the cap (CONFLICT), then for readers a CAPTCHA
// pass use (the saved pass, else the inline answer; CAPTCHA_REQUIRED or
// BAD_USER_INPUT) reserved around the insert: committed when the comment
// is stored, released when it is not. The insert re-checks the section
// and the cap with the post row locked. A reader's comment is pending in
// moderated mode; the owner's and admins' are published and marked
// is_author when they choose "as owner". A comment by anyone but the
// post's owner notifies the owner. The public cache is invalidated.
func (s *Service) Post(ctx context.Context, viewer *stgypub.User, in PostInput) (*PostResult, error) {
	client := stgypub.CommentClientFrom(ctx)
	now := s.cfg.Now()
	if err := captcha.CheckQueryHash(client.QueryHash, now, in.PostID); err != nil {
		return nil, err
	}
	nick, body, err := checkText(in.Nickname, in.Body)
	if err != nil {
		return nil, err
	}
	t, err := s.admit(ctx, viewer, in.PostID, now)
	if err != nil {
		return nil, err
	}
	mod := stgypub.CanModerateComments(viewer, t.Post)
	asOwner := stgypub.AsOwnerChoice(viewer, t.Post, in.AsOwner, client.AsOwner)
	res := &PostResult{Nickname: nick}
	var use *captcha.PassUse
	if mod {
		res.AsOwner = &asOwner
	} else if res.PassToken, use, err = s.reserve(ctx, client, in); err != nil {
		res.ClearPass = client.PassToken != "" && res.PassToken == "" && errors.Is(err, stgypub.ErrPassGone)
		return res, err
	}
	c := &stgypub.Comment{PostID: in.PostID, Nickname: nick, Body: body, IsAuthor: asOwner}
	nc := s.newComment(viewer, t, c, mod, now)
	err = s.store.InsertComment(ctx, nc)
	if use != nil {
		s.settle(ctx, use, err == nil)
		res.ClearPass = err == nil && use.Spent()
	}
	if err != nil {
		return res, s.insertError(err)
	}
	s.inserted(ctx, t, nc)
	res.Comment = item(viewer, t.Post, c)
	return res, nil
}

// admit loads the post a new comment goes on (NOT_FOUND unless published
// or the viewer moderates it) and checks its section is open (FORBIDDEN)
// and its cap not reached (CONFLICT); the insert checks both again with
// the post row locked.
func (s *Service) admit(ctx context.Context, viewer *stgypub.User, postID stgypub.ID, now time.Time) (*stgypub.CommentTarget, error) {
	t, err := s.target(ctx, viewer, postID)
	if err != nil {
		return nil, err
	}
	if !t.SectionOpen(now) {
		return nil, closed()
	}
	if n, err := s.store.CountComments(ctx, postID); err != nil {
		return nil, fmt.Errorf("comment: count: %w", err)
	} else if n >= s.cfg.MaxComments {
		return nil, capReached(s.cfg.MaxComments)
	}
	return t, nil
}

// newComment is the insert of c on t's post under the rules: the cap,
// the owner notified unless the owner posts, the section re-checked and
// the status decided (stgypub.NewCommentStatus) with the post row
// locked.
func (s *Service) newComment(viewer *stgypub.User, t *stgypub.CommentTarget, c *stgypub.Comment, mod bool, now time.Time) *stgypub.NewComment {
	return &stgypub.NewComment{
		Comment: c, MaxComments: s.cfg.MaxComments,
		Notify: viewer == nil || viewer.ID != t.Post.OwnedBy,
		Check: func(t *stgypub.CommentTarget) error {
			if !t.SectionOpen(now) {
				return closed()
			}
			c.Status = stgypub.NewCommentStatus(t.Mode, mod)
			return nil
		},
	}
}

// insertError is the error of a refused insert: the cap's CONFLICT
// worded as admit words it, anything else as it is.
func (s *Service) insertError(err error) error {
	if stgypub.ErrorCode(err) == stgypub.CodeConflict && !errors.Is(err, stgypub.ErrNoteStored) {
		return capReached(s.cfg.MaxComments)
	}
	return err
}

// inserted follows a stored comment: the public cache is invalidated and
// the live subscriptions hear of it.
func (s *Service) inserted(ctx context.Context, t *stgypub.CommentTarget, nc *stgypub.NewComment) {
	s.invalidate(ctx, nc.Comment.PostID)
	s.announce(ctx, t.Post.OwnedBy, nc.Comment, nc.Notification)
}

// reserve takes one use of the reader's saved pass or, failing that,
// solves the inline answer (which issues a new pass, returned). When the
// saved pass is gone and the inline answer fails too, the error wraps
// stgypub.ErrPassGone, so the dead cookie is cleared either way.
func (s *Service) reserve(ctx context.Context, client stgypub.CommentClient, in PostInput) (string, *captcha.PassUse, error) {
	if s.gate == nil {
		return "", nil, stgypub.Errorf(stgypub.CodeCaptchaRequired, "comments from readers are not accepted now")
	}
	var passErr error
	if client.PassToken != "" {
		use, err := s.gate.ReservePass(ctx, client.PassToken, client.IP)
		if err == nil {
			return "", use, nil
		}
		if stgypub.ErrorCode(err) != stgypub.CodeCaptchaRequired || in.CaptchaID == "" {
			return "", nil, err
		}
		passErr = err
	}
	if in.CaptchaID == "" && in.CaptchaAnswer == "" {
		return "", nil, stgypub.Errorf(stgypub.CodeCaptchaRequired, "solve the CAPTCHA to comment")
	}
	token, use, err := s.gate.SolveInline(ctx, client, in.CaptchaID, in.CaptchaAnswer)
	if err != nil && passErr != nil && stgypub.ErrorCode(err) == stgypub.CodeInternal {
		return "", nil, passErr
	}
	if err != nil && errors.Is(passErr, stgypub.ErrPassGone) {
		err = fmt.Errorf("%w (%w)", err, stgypub.ErrPassGone)
	}
	return token, use, err
}

// settle commits a reserved pass use after a stored comment and releases
// it after a failed one; a Redis failure is logged (the comment stands).
func (s *Service) settle(ctx context.Context, use *captcha.PassUse, stored bool) {
	var err error
	if stored {
		err = use.Commit(context.WithoutCancel(ctx))
	} else {
		err = use.Release(context.WithoutCancel(ctx))
	}
	if err != nil {
		s.cfg.Logger.WarnContext(ctx, "comment: settle pass use", "stored", stored, "err", err)
	}
}

func closed() error {
	return stgypub.Errorf(stgypub.CodeForbidden, "comments are closed on this article")
}

func capReached(n int) error {
	return stgypub.Errorf(stgypub.CodeConflict, "this article has reached its limit of %d comments", n)
}

// checkText normalizes and limits a comment's nickname and body as every
// comment written through the API or the fediverse is (stgypub.CheckNickname,
// stgypub.CheckBody with the API limits); the error is BAD_USER_INPUT
// naming the field.
func checkText(nickname, body string) (string, string, error) {
	nick, err := stgypub.CheckNickname(nickname, stgypub.CommentNicknameMaxChars)
	if err != nil {
		return "", "", err
	}
	b, err := stgypub.CheckBody(body, stgypub.CommentBodyMaxChars)
	if err != nil {
		return "", "", err
	}
	return nick, b, nil
}
