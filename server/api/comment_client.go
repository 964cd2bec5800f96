package api

import (
	"context"
	"net/http"
	"net/netip"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/captcha"
	"github.com/stgy/stgypub/comment"
)

// withCommentClient reads what the comment and CAPTCHA resolvers check
// from the HTTP request into ctx (stgypub.CommentClient): the normalized
// client IP, X-STGY-MinuteHash, X-STGY-QueryHash, the pass cookie and the
// saved nickname and as-owner cookies.
func withCommentClient(ctx context.Context, r *http.Request, ip netip.Addr) context.Context {
	c := stgypub.CommentClient{
		IP:         ip,
		MinuteHash: r.Header.Get(captcha.MinuteHashHeader),
		QueryHash:  r.Header.Get(captcha.QueryHashHeader),
	}
	if ck, err := r.Cookie(stgypub.CaptchaPassCookie); err == nil {
		c.PassToken = ck.Value
	}
	c.Nickname, c.AsOwner = comment.ReadPreferences(r)
	return stgypub.WithCommentClient(ctx, c)
}
