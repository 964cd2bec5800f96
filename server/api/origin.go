package api

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stgy/stgypub"
)

// allowedOrigins is the base URL's origin plus cfg.AllowedOrigins, in
// lower case without a trailing slash.
func allowedOrigins(cfg Config) map[string]bool {
	m := map[string]bool{}
	add := func(s string) {
		u, err := url.Parse(strings.TrimSpace(s))
		if err != nil || u.Scheme == "" || u.Host == "" {
			return
		}
		m[strings.ToLower(u.Scheme+"://"+u.Host)] = true
	}
	add(cfg.BaseURL)
	for _, o := range cfg.AllowedOrigins {
		add(o)
	}
	return m
}

// OriginMismatch is the extensions.reason of the FORBIDDEN error a
// cookie request or an owner mutation gets from an Origin that is
// neither the base URL's nor in AllowedOrigins (localhost vs 127.0.0.1,
// say); extensions.baseUrl then names the origin to open instead
// (docs/API.md "Authentication").
const OriginMismatch = "ORIGIN_MISMATCH"

// originError is the FORBIDDEN error for a request from origin, which
// is not allowed: it says that the origin does not match the configured
// base URL and which one to open.
func (a *api) originError(origin string) *gqlerror.Error {
	base := strings.TrimRight(a.cfg.BaseURL, "/")
	err := codedError(stgypub.CodeForbidden, "%s", originMessage(origin, base))
	err.Extensions["reason"] = OriginMismatch
	err.Extensions["baseUrl"] = base
	return err
}

func originMessage(origin, base string) string {
	if origin == "" {
		return fmt.Sprintf("this request has no Origin; signed-in requests must come from the configured base URL %s (STGY_BASE_URL)", base)
	}
	return fmt.Sprintf("the origin %s does not match the configured base URL %s (STGY_BASE_URL): open %s instead, or add the origin to STGY_ALLOWED_ORIGINS", origin, base, base)
}
