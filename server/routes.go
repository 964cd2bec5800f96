package server

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/klauspost/compress/gzhttp"

	"github.com/stgy/stgypub/federation"
	"github.com/stgy/stgypub/ui"
)

// routes declares every route of the server in one place.
func (s *Server) routes() http.Handler {
	r := chi.NewRouter()
	r.Use(s.requestID, s.readDeadline, s.securityHeaders, s.logRequests, s.recoverPanics, middleware.GetHead)
	r.NotFound(s.handle(func(http.ResponseWriter, *http.Request) error { return errNotFound }))
	r.MethodNotAllowed(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	})

	// Pages write their own compressed variants (pagecache.Entry.Write):
	// the cached ones are compressed once per entry, not per request.
	r.Get("/", s.handle(s.home.home))
	r.Get("/pub/{postId}", s.handle(s.pages.pub))
	r.Get("/pub/{postId}/comments.atom", s.handle(s.feeds.commentsFeed))
	r.Get("/sites/{userId}", s.handle(s.pages.site))
	r.Get("/sites/{userId}/feed.atom", s.handle(s.feeds.feed))
	r.Get("/sites/{userId}/card.png", s.handle(s.cards.siteCard))
	r.Get("/card.png", s.handle(s.cards.serviceCard))
	r.Get("/publications", s.handle(s.pages.publications))
	r.Get("/publications/*", s.handle(s.pages.publications))
	r.Get("/publications/preview/{postId}", s.handle(s.pages.preview))
	r.Get("/publications/archive", s.handle(s.owners.archiveExport)) // gzip already
	// No page deadline: the upload and its one transaction take longer
	// (RestoreUploadTime).
	r.Post("/publications/archive/restore", s.owners.archiveRestore)
	r.Get("/sitemap.xml", s.handle(s.sitemaps.sitemap))
	r.Get("/share/{postId}/{service}", s.handle(s.pages.share))
	r.Get("/favicon.svg", s.favicon)
	r.Get("/favicon.ico", s.faviconICO)
	// The API compresses what its response cache does not hold itself
	// (server/api compressor); cached responses are pagecache entries.
	if s.deps.API != nil {
		r.Handle("/graphql", apiPolicy(s.deps.API))
	}
	r.Get("/captcha/audio/{file}", s.handle(s.captchaAudio))
	// ActivityPub (docs/FEDERATION.md); /sites/{userId} negotiates the
	// actor document itself (site.go).
	r.Get("/.well-known/webfinger", s.handle(s.fed.federated(func(f *federation.Service, w http.ResponseWriter, r *http.Request) { f.ServeWebFinger(w, r) })))
	r.Get("/.well-known/nodeinfo", s.handle(s.fed.federated(func(f *federation.Service, w http.ResponseWriter, r *http.Request) { f.ServeNodeInfoLinks(w, r) })))
	r.Get("/nodeinfo/2.1", s.handle(s.fed.federated(func(f *federation.Service, w http.ResponseWriter, r *http.Request) { f.ServeNodeInfo(w, r) })))
	r.Post("/sites/{userId}/inbox", s.handle(s.fed.federatedSite((*federation.Service).ServeInbox)))
	r.Get("/sites/{userId}/outbox", s.handle(s.fed.federatedSite((*federation.Service).ServeOutbox)))
	r.Get("/sites/{userId}/followers", s.handle(s.fed.federatedSite((*federation.Service).ServeFollowers)))
	// Everything else is compressed per response by klauspost's gzhttp
	// (gzip, Vary: Accept-Encoding, ETags suffixed "-gzip").
	r.Group(func(r chi.Router) {
		r.Use(compress)
		r.Get("/robots.txt", s.sitemaps.robots)
		r.Get("/publications/stats.csv", s.handle(s.owners.statsCSV))
		r.Get("/healthz", s.health.healthz)
		r.Get("/readyz", s.health.readyz)
		r.Handle(ui.Prefix+"*", ui.Handler())
	})
	return r
}

// compress is the compression middleware of the routes that are not
// cached pages (static assets, robots.txt, health).
var compress = func() func(http.Handler) http.Handler {
	wrap, err := gzhttp.NewWrapper(gzhttp.MinSize(512), gzhttp.SuffixETag("-gzip"))
	if err != nil {
		panic(err) // constant options
	}
	return func(h http.Handler) http.Handler { return wrap(h) }
}()
