package auth

import (
	"context"

	"github.com/stgy/stgypub"
)

// Method says how a request authenticated.
type Method int

// The authentication methods.
const (
	Anonymous Method = iota
	Cookie           // the stgy_session cookie
	Bearer           // Authorization: Bearer <API token>
)

type viewerKey struct{}

type viewer struct {
	user   *stgypub.User
	method Method
	token  string // the raw session token for Cookie (logout needs it)
}

// WithViewer returns ctx carrying the authenticated user u (nil for
// anonymous) and how it authenticated; sessionToken is the raw cookie
// token for Cookie, "" otherwise.
func WithViewer(ctx context.Context, u *stgypub.User, m Method, sessionToken string) context.Context {
	return context.WithValue(ctx, viewerKey{}, &viewer{user: u, method: m, token: sessionToken})
}

// Viewer returns the user authenticated for ctx, nil when anonymous.
func Viewer(ctx context.Context) *stgypub.User {
	v, _ := ctx.Value(viewerKey{}).(*viewer)
	if v == nil {
		return nil
	}
	return v.user
}

// ViewerMethod returns how ctx's request authenticated (Anonymous when it
// did not).
func ViewerMethod(ctx context.Context) Method {
	v, _ := ctx.Value(viewerKey{}).(*viewer)
	if v == nil || v.user == nil {
		return Anonymous
	}
	return v.method
}

// SessionToken returns the raw session cookie token of ctx's request, ""
// when it did not authenticate with a cookie.
func SessionToken(ctx context.Context) string {
	v, _ := ctx.Value(viewerKey{}).(*viewer)
	if v == nil {
		return ""
	}
	return v.token
}

// RequireViewer returns the viewer or an UNAUTHENTICATED error
// (stgypub.RequireLogin).
func RequireViewer(ctx context.Context) (*stgypub.User, error) {
	u := Viewer(ctx)
	if err := stgypub.RequireLogin(u); err != nil {
		return nil, err
	}
	return u, nil
}

// RequireSelfOrAdmin returns the viewer when stgypub.RequireSelfOrAdmin
// allows it to act for userID; UNAUTHENTICATED when anonymous, FORBIDDEN
// otherwise.
func RequireSelfOrAdmin(ctx context.Context, userID stgypub.ID) (*stgypub.User, error) {
	u := Viewer(ctx)
	if err := stgypub.RequireSelfOrAdmin(u, userID); err != nil {
		return nil, err
	}
	return u, nil
}
