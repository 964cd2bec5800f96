package api

import (
	"net/http"
	"strings"

	"github.com/stgy/stgypub/internal/accept"
)

// The response media types of docs/API.md "Transport rules" (the
// GraphQL-over-HTTP specification's, plus multipart/mixed for @defer).
const (
	mediaJSON      = "application/json"
	mediaGraphQL   = "application/graphql-response+json"
	mediaMultipart = "multipart/mixed"
)

// accepts is what the Accept header allows of the response media types.
type accepts struct {
	// json is the acceptable JSON type with the highest quality
	// (earlier ranges win ties): application/json or
	// application/graphql-response+json; */* and application/* mean
	// application/json, and so does a missing or empty header (the
	// GraphQL-over-HTTP specification's legacy rule). "" when neither
	// is acceptable.
	json string
	// multipart is true when multipart/mixed (incremental delivery of
	// @defer) is acceptable and the method is POST; it is answered only
	// when no JSON type is acceptable.
	multipart bool
}

// negotiate reads r's Accept header.
func negotiate(r *http.Request) accepts {
	header := strings.TrimSpace(r.Header.Get("Accept"))
	if header == "" {
		return accepts{json: mediaJSON}
	}
	var a accepts
	bestQ := 0.0
	for _, rg := range accept.Parse(header) {
		if rg.Q == 0 {
			continue
		}
		var m string
		switch rg.Type {
		case mediaJSON, "*/*", "application/*":
			m = mediaJSON
		case mediaGraphQL:
			m = mediaGraphQL
		case mediaMultipart:
			a.multipart = r.Method == http.MethodPost
		}
		if m != "" && rg.Q > bestQ {
			a.json, bestQ = m, rg.Q
		}
	}
	return a
}

// requestErrorStatus is the status of a response that carries request
// errors only (the document does not parse or validate, a variable does
// not coerce, a persisted query is unknown, a limit is exceeded): 400 for
// application/graphql-response+json, 200 for application/json, as the
// GraphQL-over-HTTP specification asks of each.
func requestErrorStatus(media string) int {
	if media == mediaGraphQL {
		return http.StatusBadRequest
	}
	return http.StatusOK
}

// contentType is the Content-Type header of a response in media.
func contentType(media string) string {
	switch media {
	case mediaGraphQL:
		return mediaGraphQL + "; charset=utf-8"
	case mediaMultipart:
		return `multipart/mixed; boundary="-"; deferSpec=20220824`
	}
	return mediaJSON + "; charset=utf-8"
}
