package server

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/templates"
	"github.com/stgy/stgypub/visitor"
)

// share serves GET /share/{postId}/{service} (docs/SPEC.md#share-links):
// 302 to the service's share page for the published post's canonical URL
// and title (stgypub.ShareURL; "copy" goes to the article itself), and
// counts the click unless it comes from a bot or a prefetch, has no
// client address, or the reader's fingerprint clicked the same service
// for the post recently (the counter's LRU). Nothing is cached. An
// unknown service or post is a 404 that says which.
func (s *pageHandlers) share(w http.ResponseWriter, r *http.Request) error {
	service := chi.URLParam(r, "service")
	if !stgypub.IsShareService(service) {
		return notFoundf("Unknown share service: the services are x, facebook, line, hatena and copy.")
	}
	id, err := stgypub.ParseID(chi.URLParam(r, "postId"))
	if err != nil {
		return notFoundf("No published post has this ID.")
	}
	a, err := s.pageData.PubArticle(r.Context(), id)
	if stgypub.IsNotFound(err) {
		return notFoundf("No published post has this ID.")
	}
	if err != nil {
		return err
	}
	site := newSiteIdentity(a.Owner, a.Config).in(s.langTag(a.Post.Locale))
	target, err := stgypub.ShareURL(service, s.pubURL(id), articleTitle(s.snippetParts(a.Post, false, false).title, a.Post, site))
	if err != nil {
		return err
	}
	if sh, ok := s.shareOf(r, a.Post, service); ok {
		s.tallies.QueueShare(r.Context(), sh)
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, target, http.StatusFound)
	return nil
}

// shareOf is the share click r makes, by the page views' rules
// (viewOf): none for other methods than GET, bots, prefetches, or
// without a client address; the address is reduced to the fingerprint
// here.
func (s *pageHandlers) shareOf(r *http.Request, post *stgypub.Post, service string) (stgypub.Share, bool) {
	if s.tallies == nil || len(s.viewSecret) == 0 || r.Method != http.MethodGet ||
		visitor.IsBot(r.UserAgent()) || visitor.IsSpeculative(r.Header) {
		return stgypub.Share{}, false
	}
	ip := visitor.ClientIP(r, s.proxies)
	if !ip.IsValid() {
		return stgypub.Share{}, false
	}
	return stgypub.Share{PostID: post.ID, OwnerID: post.OwnedBy, Service: service, Fingerprint: visitor.Fingerprint(s.viewSecret, ip)}, true
}

// shareRegion is the article's share buttons: the services' widgets
// (the default), or with extensions.shareMode "links" plain links
// through /share/{postId}/{service}, with a copy link, and no
// third-party script or iframe.
func (s *pageHandlers) shareRegion(site siteIdentity, id stgypub.ID, canonical, title string, vertical bool) *templates.Share {
	ext := site.config.Extensions
	if ext.ShareMode() == stgypub.ShareModeLinks {
		return templates.NewShareLinks(ext.ShareButtons(), s.base+"/share/"+id.String()+"/", canonical, title, vertical)
	}
	return templates.NewShare(ext.ShareButtons(), canonical, title, vertical)
}
