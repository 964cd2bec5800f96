package server

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/federation"
)

// federated mounts a federation endpoint: 404 without Deps.Federation.
func (s *Server) federated(h func(*federation.Service, http.ResponseWriter, *http.Request)) http.HandlerFunc {
	return s.handle(func(w http.ResponseWriter, r *http.Request) error {
		if s.deps.Federation == nil {
			return errNotFound
		}
		h(s.deps.Federation, w, r)
		return nil
	})
}

// federatedSite mounts a federation endpoint of one site
// (/sites/{userId}/...): 404 for an ID that does not parse.
func (s *Server) federatedSite(h func(*federation.Service, http.ResponseWriter, *http.Request, stgypub.ID)) http.HandlerFunc {
	return s.federated(func(f *federation.Service, w http.ResponseWriter, r *http.Request) {
		id, err := stgypub.ParseID(chi.URLParam(r, "userId"))
		if err != nil {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		h(f, w, r, id)
	})
}
