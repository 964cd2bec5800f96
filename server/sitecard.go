package server

import (
	"context"
	"fmt"
	"hash/fnv"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/sitecard"
)

// cardHandlers serve the generated card images (/sites/{userId}/card.png,
// /card.png): PNGs drawn once per text and kept in an in-process LRU.
type cardHandlers struct {
	siteCards *lru.Cache[string, []byte] // by drawn text
	// loadSite reads a site's owner and settings (pageHandlers.loadSite).
	loadSite func(ctx context.Context, ownerID stgypub.ID) (siteIdentity, error)
}

// siteCardCacheSize is how many generated cards the process keeps.
const siteCardCacheSize = 256

// serviceName is the home page's name, drawn on its card.
const serviceName = "STGY Pub"

// siteImage is a site's image (docs/SPEC.md#site-image): its
// extensions.siteImage when set (and not on this server's host), else the
// URL of its generated card, versioned by the text drawn on it so a
// renamed site gets a new URL (link previews cache images by URL).
func (s pageMeta) siteImage(site siteIdentity) string {
	if img := stgypub.ShareableImage(site.config.Extensions.SiteImage(), s.base); img != "" {
		return img
	}
	return s.base + "/sites/" + site.owner.ID.String() + "/card.png?v=" + cardVersion(cardText(site))
}

// serviceImage is the home page's og:image: the generated card of the
// service.
func (s pageMeta) serviceImage() string {
	return s.base + "/card.png?v=" + cardVersion(serviceName)
}

// cardText is the name drawn on a site's card: the site name, else, when
// none of its characters can be drawn (sitecard.Render: the Go fonts have
// no Han or kana), the owner's login name, which is ASCII.
func cardText(site siteIdentity) string {
	if sitecard.Drawable(site.name) {
		return site.name
	}
	return site.owner.LoginName
}

func cardVersion(text string) string {
	h := fnv.New64a()
	h.Write([]byte(text))
	return strconv.FormatUint(h.Sum64(), 36)
}

// siteCard serves GET /sites/{userId}/card.png: the generated site card
// (a 1200×630 PNG) for the site's current name, whatever ?v= says; from
// the in-process cache. Unknown users are 404.
func (s *cardHandlers) siteCard(w http.ResponseWriter, r *http.Request) error {
	id, err := stgypub.ParseID(chi.URLParam(r, "userId"))
	if err != nil {
		return errNotFound
	}
	site, err := s.loadSite(r.Context(), id)
	if err != nil {
		return err
	}
	return s.writeCard(w, r, cardText(site))
}

// serviceCard serves GET /card.png, the home page's card.
func (s *cardHandlers) serviceCard(w http.ResponseWriter, r *http.Request) error {
	return s.writeCard(w, r, serviceName)
}

func (s *cardHandlers) writeCard(w http.ResponseWriter, r *http.Request, text string) error {
	b, ok := s.siteCards.Get(text)
	if !ok {
		var err error
		if b, err = sitecard.Render(text, serviceName); err != nil {
			return fmt.Errorf("server: site card: %w", err)
		}
		s.siteCards.Add(text, b)
	}
	etag := `"` + cardVersion(text) + `"`
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("ETag", etag)
	w.Header().Set("Cache-Control", "public, max-age=86400")
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	_, err := w.Write(b)
	return err
}
