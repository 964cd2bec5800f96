package federation

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/accept"
)

// WantsActivityJSON reports whether r asks for ActivityStreams JSON
// rather than a page: the highest quality Accept gives
// application/activity+json (or application/ld+json with the
// ActivityStreams profile) is above 0 and above the one it gives a page
// (text/html, application/xhtml+xml), so a tie is a page. A browser's
// Accept (text/html, and */* only as a wildcard) never asks for it, nor
// does "application/activity+json;q=0".
func WantsActivityJSON(r *http.Request) bool {
	var activity, page float64
	for _, rg := range accept.Parse(r.Header.Get("Accept")) {
		switch rg.Type {
		case "application/activity+json":
			activity = max(activity, rg.Q)
		case "application/ld+json":
			if strings.TrimSpace(rg.Params["profile"]) == ContextActivityStreams {
				activity = max(activity, rg.Q)
			}
		case "text/html", "application/xhtml+xml":
			page = max(page, rg.Q)
		}
	}
	return activity > 0 && activity > page
}

// contentType is the media type of every ActivityStreams answer.
const contentType = "application/activity+json; charset=utf-8"

// writeJSON writes v; errors go through writeError.
func (s *Service) writeJSON(w http.ResponseWriter, r *http.Request, ct string, v any, err error) {
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "max-age=60")
	_, _ = w.Write(b)
}

// writeError answers err: NOT_FOUND 404, BAD_USER_INPUT 400, an
// *InboxError its status and reason, unavailable 503, anything else 500
// "internal error" (logged).
func (s *Service) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var ie *InboxError
	switch {
	case errors.As(err, &ie):
		if ie.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(ie.RetryAfter))
		}
		http.Error(w, ie.Reason, ie.Status)
	case stgypub.IsNotFound(err):
		http.Error(w, "not found", http.StatusNotFound)
	case stgypub.ErrorCode(err) == stgypub.CodeBadUserInput:
		var e *stgypub.Error
		msg := "bad request"
		if errors.As(err, &e) {
			msg = e.Message
		}
		http.Error(w, msg, http.StatusBadRequest)
	case stgypub.ErrorCode(err) == stgypub.CodeUnavailable:
		w.Header().Set("Retry-After", "5")
		http.Error(w, "temporarily unavailable", http.StatusServiceUnavailable)
	default:
		s.log.ErrorContext(r.Context(), "federation: internal error", "path", r.URL.Path, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
	}
}

// ServeWebFinger answers GET /.well-known/webfinger?resource=.
func (s *Service) ServeWebFinger(w http.ResponseWriter, r *http.Request) {
	jrd, err := s.WebFinger(r.Context(), r.URL.Query().Get("resource"))
	w.Header().Set("Access-Control-Allow-Origin", "*")
	s.writeJSON(w, r, "application/jrd+json; charset=utf-8", jrd, err)
}

// ServeNodeInfoLinks answers GET /.well-known/nodeinfo.
func (s *Service) ServeNodeInfoLinks(w http.ResponseWriter, r *http.Request) {
	s.writeJSON(w, r, "application/json; charset=utf-8", s.NodeInfoLinks(), nil)
}

// ServeNodeInfo answers GET /nodeinfo/2.1.
func (s *Service) ServeNodeInfo(w http.ResponseWriter, r *http.Request) {
	s.writeJSON(w, r, `application/json; profile="`+NodeInfoSchema+`#"; charset=utf-8`, s.NodeInfo(), nil)
}

// ServeActor answers the actor document of userID (content negotiation
// on /sites/{userId}); Vary: Accept, as the page there.
func (s *Service) ServeActor(w http.ResponseWriter, r *http.Request, userID stgypub.ID) {
	w.Header().Add("Vary", "Accept")
	a, err := s.Actor(r.Context(), userID)
	s.writeJSON(w, r, contentType, a, err)
}

// ServeFollowers answers GET /sites/{userId}/followers.
func (s *Service) ServeFollowers(w http.ResponseWriter, r *http.Request, userID stgypub.ID) {
	c, err := s.Followers(r.Context(), userID)
	s.writeJSON(w, r, contentType, c, err)
}

// ServeOutbox answers GET /sites/{userId}/outbox[?page=N]: the
// collection, or page N (OutboxPageSize activities, newest first); a
// malformed page is 400.
func (s *Service) ServeOutbox(w http.ResponseWriter, r *http.Request, userID stgypub.ID) {
	page, err := ParseOutboxPage(r.URL.Query().Get("page"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	doc, err := s.OutboxDocument(r.Context(), userID, page)
	s.writeJSON(w, r, contentType, doc, err)
}

// ServeInbox answers POST /sites/{userId}/inbox: 202 when the activity
// was verified (handled or ignored), the InboxError's status otherwise.
func (s *Service) ServeInbox(w http.ResponseWriter, r *http.Request, userID stgypub.ID) {
	if _, err := s.Inbox(r.Context(), userID, r); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// ServeArticle answers a published post's Article (content negotiation
// on /pub/{postId}); Vary: Accept, as the page there. 404 when the post
// is not published or its site not federated.
func (s *Service) ServeArticle(w http.ResponseWriter, r *http.Request, postID stgypub.ID) {
	w.Header().Add("Vary", "Accept")
	a, err := s.Article(r.Context(), postID)
	s.writeJSON(w, r, contentType, a, err)
}
