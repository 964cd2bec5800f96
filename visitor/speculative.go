package visitor

import (
	"net/http"
	"strings"
)

// speculativeHeaders are the request headers by which browsers announce a
// load the user has not asked for (yet), with the values that mean it:
//
//   - Sec-Purpose: prefetch or prefetch;prerender (Chromium speculation
//     rules and <link rel=prefetch>, Firefox's newer prefetch; the
//     Fetch standard's header);
//   - Purpose: prefetch (Chromium before Sec-Purpose, NoState Prefetch);
//   - X-Moz: prefetch (Firefox <link rel=prefetch>);
//   - X-Purpose: preview, prefetch or instant (Safari's Top Sites
//     previews, older Chromium instant pages).
//
// Values are compared case-insensitively by their first token, so
// parameters ("prefetch;anonymous-client-ip") do not matter.
var speculativeHeaders = map[string][]string{
	"Sec-Purpose": {"prefetch", "prerender"},
	"Purpose":     {"prefetch", "prerender"},
	"X-Moz":       {"prefetch"},
	"X-Purpose":   {"preview", "prefetch", "instant"},
}

// IsSpeculative reports whether a request is a browser's prefetch or
// prerender rather than a page the reader opened (docs/SPEC.md#bot-exclusion): such
// a request gets the page but is not a page view.
// A prerendered page that the reader later activates is not requested
// again, so it is not counted either; counting it would need script on
// the page.
func IsSpeculative(h http.Header) bool {
	for name, want := range speculativeHeaders {
		for _, v := range h.Values(name) {
			for _, item := range strings.Split(v, ",") {
				tok, _, _ := strings.Cut(item, ";")
				tok = strings.TrimSpace(tok)
				for _, w := range want {
					if strings.EqualFold(tok, w) {
						return true
					}
				}
			}
		}
	}
	return false
}
