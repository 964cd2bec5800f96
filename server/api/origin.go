package api

import (
	"net/http"
	"net/url"
	"strings"
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

// originOK checks the Origin header of a request that did not authenticate
// with a bearer token (ServeHTTP skips those: a browser cannot be made to
// send a token cross-site, so they are not forgeable) (docs/ARCHITECTURE.md
// "Security model"): a cookie-authenticated request must carry an allowed
// Origin; an anonymous request carrying an Origin must carry an allowed one
// too (so a foreign page cannot log a browser in); anonymous requests without
// Origin (API clients, server-side frontends) pass. docs/API.md "Transport
// rules" states the same.
func (a *api) originOK(r *http.Request, cookie bool) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return !cookie
	}
	return a.origins[strings.ToLower(strings.TrimRight(o, "/"))]
}
