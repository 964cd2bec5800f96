package api

import (
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
