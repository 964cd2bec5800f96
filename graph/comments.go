package graph

import (
	"context"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/captcha"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/graph/model"
)

// client is the comment requester the HTTP layer put in ctx.
func client(ctx context.Context) stgypub.CommentClient { return stgypub.CommentClientFrom(ctx) }

// postComment posts and sets the cookies the result asks for: a pass
// issued inline (even when storing failed afterwards) and, on success,
// the nickname and as-owner preferences.
func (r *Resolver) postComment(ctx context.Context, in model.PostPubCommentInput) (*comment.Item, error) {
	res, err := r.Comments.Post(ctx, r.viewer(ctx), comment.PostInput{
		PostID: in.PostID, Nickname: in.Nickname, Body: in.Body, AsOwner: in.AsOwner,
		CaptchaID: strOr(in.CaptchaID), CaptchaAnswer: strOr(in.CaptchaAnswer),
	})
	if res != nil && res.PassToken != "" {
		auth.SetCookie(ctx, r.Captcha.PassCookie(res.PassToken))
	} else if res != nil && res.ClearPass {
		auth.SetCookie(ctx, r.Captcha.ClearPassCookie())
	}
	for _, c := range r.Comments.PreferenceCookies(res) {
		auth.SetCookie(ctx, c)
	}
	if err != nil {
		return nil, err
	}
	return res.Comment, nil
}

// createChallenge creates a challenge and clears a pass cookie that
// names no pass any more.
func (r *Resolver) createChallenge(ctx context.Context) (*captcha.Challenge, error) {
	ch, err := r.Captcha.CreateChallenge(ctx, client(ctx))
	if err == nil {
		r.clearDeadPass(ctx)
	}
	return ch, err
}

// clearDeadPass clears the pass cookie when it names no pass any more
// (docs/SPEC.md "CAPTCHA and pass tokens"); a Redis failure leaves it.
func (r *Resolver) clearDeadPass(ctx context.Context) {
	c := client(ctx)
	if c.PassToken == "" {
		return
	}
	if st, err := r.Captcha.Status(ctx, c.PassToken, c.IP); err == nil && st.Gone {
		auth.SetCookie(ctx, r.Captcha.ClearPassCookie())
	}
}

// verifyCaptcha checks an answer, sets the new pass cookie and returns
// the pass's status. A refused answer still clears a dead pass cookie.
func (r *Resolver) verifyCaptcha(ctx context.Context, id, answer string) (*captcha.PassStatus, error) {
	c := client(ctx)
	token, err := r.Captcha.Verify(ctx, c, id, answer)
	if err != nil {
		r.clearDeadPass(ctx)
		return nil, err
	}
	auth.SetCookie(ctx, r.Captcha.PassCookie(token))
	return r.Captcha.Status(ctx, token, c.IP)
}

// captchaStatus reads the browser's pass and clears a cookie that names
// no pass any more (unknown, used up or invalidated).
func (r *Resolver) captchaStatus(ctx context.Context) (*captcha.PassStatus, error) {
	c := client(ctx)
	st, err := r.Captcha.Status(ctx, c.PassToken, c.IP)
	if err == nil && st.Gone {
		auth.SetCookie(ctx, r.Captcha.ClearPassCookie())
	}
	return st, err
}

// formState reads the comment form's state and clears a pass cookie that
// names no pass any more.
func (r *Resolver) formState(ctx context.Context, postID stgypub.ID) (*comment.FormState, error) {
	st, err := r.Comments.FormState(ctx, r.viewer(ctx), postID)
	if err == nil && st.ClearPass {
		auth.SetCookie(ctx, r.Captcha.ClearPassCookie())
	}
	return st, err
}

// deleteCaptchaPass deletes the pass and its cookie.
func (r *Resolver) deleteCaptchaPass(ctx context.Context) (bool, error) {
	if err := r.Captcha.DeletePass(ctx, client(ctx).PassToken); err != nil {
		return false, err
	}
	auth.SetCookie(ctx, r.Captcha.ClearPassCookie())
	return true, nil
}

func importInput(in []*model.PubCommentImport) []comment.ImportInput {
	out := make([]comment.ImportInput, len(in))
	for i, c := range in {
		out[i] = comment.ImportInput{ID: c.ID, Nickname: c.Nickname, Body: c.Body, Status: c.Status, IsAuthor: c.IsAuthor}
	}
	return out
}

func commentOrder(o *model.PostOrder) stgypub.Order {
	if o != nil && *o == model.PostOrderOldest {
		return stgypub.OrderOldest
	}
	return stgypub.OrderNewest
}

func strOr(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
