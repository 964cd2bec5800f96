package server

import (
	"net/http"
	"strings"

	"github.com/stgy/stgypub/templates"
)

// Third-party origins a page may load, by feature (docs/ARCHITECTURE.md
// "Security headers"). Google Analytics 4 per Google's CSP guide; the
// share widgets as ui/static/pub.js and the share template load them.
var (
	gaSources = cspSources{
		script:  []string{"https://*.googletagmanager.com"},
		connect: []string{"https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"},
	}
	shareSources = map[string]cspSources{
		// widgets.js turns the link into an iframe button.
		"x": {script: []string{"https://platform.twitter.com"}, frame: []string{"https://platform.twitter.com"}},
		// The share button is an iframe of facebook.com/plugins.
		"facebook": {frame: []string{"https://www.facebook.com"}},
		// Bookmark button script and counter, Hatena Star (JSONP).
		"hatena": {script: []string{"https://b.st-hatena.com", "https://s.hatena.ne.jp", "https://s.hatena.com"},
			frame: []string{"https://b.hatena.ne.jp"}},
		// LINE is a plain link: nothing loaded.
	}
)

// cspSources are the extra origins of one feature, per directive (their
// images are covered by img-src https:).
type cspSources struct{ script, connect, frame []string }

// basePolicy is the Content-Security-Policy of every response: only this
// origin's scripts, styles, fonts and fetches (/ui/..., /graphql), no
// inline script or style (pages have none: JSON-LD is data, not script),
// images from this origin, data: URLs and any https host (article images
// are the author's links), audio from this origin (the audio CAPTCHA),
// no plugins, no framing by other sites, forms
// posting only here.
const basePolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; font-src 'self'; " +
	"media-src 'self'; connect-src 'self'; manifest-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// pagePolicy is the policy of a page that loads Google Analytics (ga)
// and the share widgets of share (nil: none): basePolicy plus exactly
// those features' origins. Vertical themes render plain share links that
// load nothing, except the Facebook iframe in horizontal themes.
func pagePolicy(share *templates.Share, ga bool) string {
	var extra []cspSources
	if ga {
		extra = append(extra, gaSources)
	}
	if share != nil && share.Widgets {
		for _, b := range share.Buttons {
			if src, ok := shareSources[b.Service]; ok {
				extra = append(extra, src)
			}
		}
	}
	if len(extra) == 0 {
		return basePolicy
	}
	var script, connect, frame []string
	for _, e := range extra {
		script, connect, frame = append(script, e.script...), append(connect, e.connect...), append(frame, e.frame...)
	}
	add := func(dir string, srcs []string) string {
		if len(srcs) == 0 {
			return dir
		}
		return dir + " " + strings.Join(srcs, " ")
	}
	parts := []string{
		"default-src 'none'",
		add("script-src 'self'", script),
		"style-src 'self'",
		"img-src 'self' data: https:",
		"font-src 'self'",
		"media-src 'self'",
		add("connect-src 'self'", connect),
	}
	if len(frame) > 0 {
		parts = append(parts, add("frame-src", frame))
	}
	parts = append(parts, "manifest-src 'self'", "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'")
	return strings.Join(parts, "; ")
}

// securityHeaders sets the headers every response carries, 404s, errors,
// assets and /graphql included: the base Content-Security-Policy (pages
// that load more replace it with pagePolicy), nosniff, a Referrer-Policy
// that sends other sites the origin only, X-Frame-Options DENY for
// browsers without frame-ancestors, and HSTS (one year) when the base URL
// is https.
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	hsts := s.cfg.BaseURL.Scheme == "https"
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The values are shared slices of one element (len == cap, so an
		// Add copies): no key is canonicalized or value allocated per
		// request.
		h := w.Header()
		h["Content-Security-Policy"] = basePolicyH
		h["X-Content-Type-Options"] = nosniffH
		h["Referrer-Policy"] = referrerH
		h["X-Frame-Options"] = frameDenyH
		if hsts {
			h["Strict-Transport-Security"] = hstsH
		}
		next.ServeHTTP(w, r)
	})
}

// apiPolicy gives /graphql's responses apiPolicyH instead of basePolicy:
// JSON and event streams are not documents, they load nothing (the OWASP
// REST policy), and the shorter header is cheaper on every API request.
func apiPolicy(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Security-Policy"] = apiPolicyH
		next.ServeHTTP(w, r)
	})
}

// apiPolicyH is the Content-Security-Policy of /graphql's responses.
var apiPolicyH = []string{"default-src 'none'; frame-ancestors 'none'"}

// The header values securityHeaders sets, each a one-element slice.
var (
	basePolicyH = []string{basePolicy}
	nosniffH    = []string{"nosniff"}
	referrerH   = []string{"strict-origin-when-cross-origin"}
	frameDenyH  = []string{"DENY"}
	hstsH       = []string{"max-age=31536000"}
)
