package server

import (
	"net/http"
	"strings"

	"github.com/stgy/stgypub/visitor"
)

// robots serves /robots.txt (docs/SPEC.md#robots): everything may be
// crawled but /graphql; the sitemap is announced with its absolute URL.
// When sites set extensions.robots.disallowAI, one more group names the
// AI crawlers of the user-agent list (visitor.AIRobotsTokens) and
// disallows them those sites' pages (/sites/{userId}, and /pub/{postId}
// of each published post) besides /graphql; other sites stay open to
// them. The rules change with the settings, so the file is cached an
// hour at most; when the sites cannot be read the answer is 503 with
// Retry-After (crawlers then wait instead of taking an incomplete file).
func (s *sitemapHandlers) robots(w http.ResponseWriter, r *http.Request) {
	var b strings.Builder
	b.WriteString("User-agent: *\nAllow: /\nDisallow: /graphql\n")
	sites, err := s.posts.AIDisallowedSites(r.Context())
	if err != nil {
		warn(r.Context(), s.log, "robots.txt: AI-disallowed sites", err)
		w.Header().Set("Retry-After", RetryAfter)
		http.Error(w, "robots.txt is unavailable for a moment", http.StatusServiceUnavailable)
		return
	}
	if len(sites) > 0 {
		b.WriteString("\n")
		for _, tok := range visitor.AIRobotsTokens() {
			b.WriteString("User-agent: " + tok + "\n")
		}
		b.WriteString("Disallow: /graphql\n")
		for _, site := range sites {
			b.WriteString("Disallow: /sites/" + site.OwnerID.String() + "\n")
			for _, id := range site.PostIDs {
				b.WriteString("Disallow: /pub/" + id.String() + "\n")
			}
		}
	}
	b.WriteString("\nSitemap: " + s.base + "/sitemap.xml\n")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write([]byte(b.String()))
}
