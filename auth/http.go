package auth

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/stgy/stgypub"
)

// Authenticate reads the request's credentials and returns r's context
// carrying the viewer. An Authorization header must be "Bearer <token>"
// with a valid token (else UNAUTHENTICATED: a client that sends a token
// wants to know it is wrong). An unknown or expired session cookie reads
// as anonymous. Other errors are store failures.
func (s *Service) Authenticate(r *http.Request) (context.Context, error) {
	ctx := r.Context()
	if h := r.Header.Get("Authorization"); h != "" {
		scheme, token, ok := strings.Cut(h, " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") {
			return ctx, stgypub.Errorf(stgypub.CodeUnauthenticated, "Authorization must be Bearer <token>")
		}
		u, err := s.TokenUser(ctx, strings.TrimSpace(token))
		if err != nil {
			return ctx, err
		}
		return WithViewer(ctx, u, Bearer, ""), nil
	}
	c, err := r.Cookie(CookieName)
	if err != nil || c.Value == "" {
		return WithViewer(ctx, nil, Anonymous, ""), nil
	}
	u, err := s.SessionUser(ctx, c.Value)
	if stgypub.ErrorCode(err) == stgypub.CodeUnauthenticated {
		return WithViewer(ctx, nil, Anonymous, ""), nil
	}
	if err != nil {
		return ctx, err
	}
	return WithViewer(ctx, u, Cookie, c.Value), nil
}

// SessionCookie is the Set-Cookie for a new session: HttpOnly,
// SameSite=Lax, Path=/, Secure when configured, expiring with it.
func (s *Service) SessionCookie(sess *Session) *http.Cookie {
	return &http.Cookie{
		Name: CookieName, Value: sess.Token, Path: "/",
		Expires: sess.ExpiresAt, MaxAge: int(time.Until(sess.ExpiresAt).Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.cfg.SecureCookie,
	}
}

// ClearCookie is the Set-Cookie that deletes the session cookie.
func (s *Service) ClearCookie() *http.Cookie {
	return &http.Cookie{
		Name: CookieName, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.cfg.SecureCookie,
	}
}

type cookieSinkKey struct{}

// WithCookieSink returns ctx in which SetCookie calls set on w; the HTTP
// handler installs it so the login and logout resolvers can set cookies.
func WithCookieSink(ctx context.Context, w http.ResponseWriter) context.Context {
	return context.WithValue(ctx, cookieSinkKey{}, w)
}

// SetCookie adds c to the response of ctx's request; it reports false
// when ctx has no cookie sink (not an HTTP request).
func SetCookie(ctx context.Context, c *http.Cookie) bool {
	w, _ := ctx.Value(cookieSinkKey{}).(http.ResponseWriter)
	if w == nil {
		return false
	}
	http.SetCookie(w, c)
	return true
}
