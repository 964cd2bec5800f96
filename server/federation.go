package server

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/federation"
)

// federationHandlers mount the ActivityPub endpoints (docs/FEDERATION.md)
// on Deps.Federation; the routes wrap them with Server.handle.
type federationHandlers struct {
	svc *federation.Service // nil answers 404
}

// federated mounts a federation endpoint: 404 without Deps.Federation.
func (s federationHandlers) federated(h func(*federation.Service, http.ResponseWriter, *http.Request)) appHandler {
	return func(w http.ResponseWriter, r *http.Request) error {
		if s.svc == nil {
			return errNotFound
		}
		h(s.svc, w, r)
		return nil
	}
}

// federatedSite mounts a federation endpoint of one site
// (/sites/{userId}/...): 404 for an ID that does not parse.
func (s federationHandlers) federatedSite(h func(*federation.Service, http.ResponseWriter, *http.Request, stgypub.ID)) appHandler {
	return s.federated(func(f *federation.Service, w http.ResponseWriter, r *http.Request) {
		id, err := stgypub.ParseID(chi.URLParam(r, "userId"))
		if err != nil {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		h(f, w, r, id)
	})
}
