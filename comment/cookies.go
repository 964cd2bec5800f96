package comment

import (
	"net/http"
	"net/url"
	"time"

	"github.com/stgy/stgypub"
)

// preferenceTTL is how long the form remembers a nickname and the
// as-owner choice.
const preferenceTTL = 365 * 24 * time.Hour

// PreferenceCookies are the Set-Cookies that remember a stored comment's
// nickname (URL-escaped) and, for moderators, the as-owner choice ("1" or
// "0"): HttpOnly, SameSite=Lax, Path=/, one year, Secure when secure.
// None for a failed post.
func PreferenceCookies(res *PostResult, secure bool, now time.Time) []*http.Cookie {
	if res == nil || res.Comment == nil {
		return nil
	}
	mk := func(name, value string) *http.Cookie {
		return &http.Cookie{
			Name: name, Value: value, Path: "/", MaxAge: int(preferenceTTL / time.Second),
			Expires: now.Add(preferenceTTL).UTC(), HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: secure,
		}
	}
	out := []*http.Cookie{mk(stgypub.CommentNicknameCookie, url.QueryEscape(res.Nickname))}
	if res.AsOwner != nil {
		v := "0"
		if *res.AsOwner {
			v = "1"
		}
		out = append(out, mk(stgypub.CommentAsOwnerCookie, v))
	}
	return out
}

// ReadPreferences reads the saved nickname and as-owner choice from a
// request's cookies (what PreferenceCookies set); unusable values read as
// none.
func ReadPreferences(r *http.Request) (nickname string, asOwner *bool) {
	if c, err := r.Cookie(stgypub.CommentNicknameCookie); err == nil {
		if v, err := url.QueryUnescape(c.Value); err == nil {
			if n, err := stgypub.CheckNickname(v, stgypub.CommentNicknameMaxChars); err == nil {
				nickname = n
			}
		}
	}
	if c, err := r.Cookie(stgypub.CommentAsOwnerCookie); err == nil && (c.Value == "1" || c.Value == "0") {
		v := c.Value == "1"
		asOwner = &v
	}
	return nickname, asOwner
}
