package stgypub

import (
	"context"
	"errors"
	"net/netip"
)

// ErrPassGone is in the chain of the CAPTCHA_REQUIRED error of
// captcha.Service.ReservePass when the token names no pass any more: unknown
// or malformed, used up, or invalidated by a fifth address. The HTTP
// layer then clears the browser's pass cookie (docs/SPEC.md "CAPTCHA and
// pass tokens"). Test it with errors.Is.
var ErrPassGone = errors.New("captcha pass gone")

// Cookies of the comment form (HttpOnly, SameSite=Lax, one year).
const (
	CaptchaPassCookie     = "stgy_pub_comment_pass"
	CommentNicknameCookie = "stgy_pub_comment_nickname"
	CommentAsOwnerCookie  = "stgy_pub_comment_as_owner"
)

// CommentClient is what the HTTP layer learned about the requester of a
// comment or CAPTCHA operation: the normalized client IP, the protocol
// headers (X-STGY-MinuteHash, X-STGY-QueryHash) and the form cookies.
type CommentClient struct {
	IP         netip.Addr
	MinuteHash string
	QueryHash  string
	PassToken  string
	Nickname   string // saved nickname preference, "" when none
	AsOwner    *bool  // saved as-owner preference, nil when none
}

type commentClientKey struct{}

// WithCommentClient returns ctx carrying c.
func WithCommentClient(ctx context.Context, c CommentClient) context.Context {
	return context.WithValue(ctx, commentClientKey{}, c)
}

// CommentClientFrom returns the CommentClient of ctx (the zero value
// outside an HTTP request).
func CommentClientFrom(ctx context.Context) CommentClient {
	c, _ := ctx.Value(commentClientKey{}).(CommentClient)
	return c
}
