package api

import (
	"net/http"
	"strings"

	"github.com/rs/cors"
)

// corsHeaders are the request headers a cross-origin script may send:
// the GraphQL transport's, the bearer token, the comment protocol's
// hashes (docs/API.md "Comments and CAPTCHA") and those Apollo Client
// and urql add.
var corsHeaders = []string{
	"Accept", "Content-Type", "Authorization", "X-STGY-MinuteHash", "X-STGY-QueryHash",
	"Apollo-Require-Preflight", "X-Apollo-Operation-Name", "Apollographql-Client-Name", "Apollographql-Client-Version",
}

// corsExposed are the response headers a cross-origin script may read:
// the validator, the retry hint, the request ID, and the rate-limit
// headers mutations carry (httprate's, docs/API.md "Rate limits").
var corsExposed = []string{"ETag", "Retry-After", "X-Request-ID",
	"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Increment"}

// withCORS answers CORS preflights and adds CORS headers to /graphql
// responses (docs/API.md "Browser access (CORS)"), with rs/cors: an
// Origin among the allowed origins (the base URL's and
// STGY_ALLOWED_ORIGINS) is echoed with Access-Control-Allow-Credentials,
// so its pages may send cookies; any other origin gets
// Access-Control-Allow-Origin: * without credentials, so its scripts read
// anonymous responses and browsers never attach cookies. Both vary by
// Origin. Preflights allow GET and POST with corsHeaders and are cached by
// the browser for 10 minutes.
func withCORS(origins map[string]bool, next http.Handler) http.Handler {
	allowed := make([]string, 0, len(origins))
	for o := range origins {
		allowed = append(allowed, o)
	}
	opts := cors.Options{
		AllowedMethods: []string{http.MethodGet, http.MethodPost},
		AllowedHeaders: corsHeaders,
		ExposedHeaders: corsExposed,
		MaxAge:         600,
		// 204 suits every browser; rs/cors stops the chain at a preflight.
		OptionsSuccessStatus: http.StatusNoContent,
	}
	cred := opts
	cred.AllowedOrigins, cred.AllowCredentials = allowed, true
	public := opts
	public.AllowedOrigins = []string{"*"}
	credentialed, anyone := cors.New(cred).Handler(next), cors.New(public).Handler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origins[normalizeOrigin(r.Header.Get("Origin"))] {
			credentialed.ServeHTTP(w, r)
			return
		}
		anyone.ServeHTTP(w, r)
	})
}

// normalizeOrigin is an Origin header's value as allowedOrigins keys it.
func normalizeOrigin(o string) string { return strings.ToLower(strings.TrimRight(o, "/")) }
