package api

import (
	"bytes"
	"encoding/json"
	"net/url"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"
)

// getParams decodes a GET request's URL parameters (the GraphQL-over-HTTP
// specification's GET): query, operationName, and variables and
// extensions as JSON objects in strings. Every value must be valid UTF-8
// and appear at most once (unknown parameters are ignored); variables and extensions must be JSON objects
// without an unpaired surrogate escape. A refusal is 400 BAD_REQUEST.
// It returns the request as a JSON body, so that the POST path runs it.
func getParams(rawQuery string) ([]byte, *graphql.RawParams, *refusal) {
	vals, err := url.ParseQuery(rawQuery)
	if err != nil {
		return nil, nil, badRequest("URL parameters do not decode")
	}
	var p graphql.RawParams
	for k, v := range vals {
		if paramName(k) != k {
			continue // unknown parameters are ignored
		}
		if len(v) != 1 {
			return nil, nil, badRequest("URL parameter %s must appear once", paramName(k))
		}
		if !utf8.ValidString(v[0]) {
			return nil, nil, badRequest("URL parameter %s is not valid UTF-8", paramName(k))
		}
		switch k {
		case "query":
			p.Query = v[0]
		case "operationName":
			p.OperationName = v[0]
		case "variables", "extensions":
			m, bad := jsonObjectParam(k, v[0])
			if bad != nil {
				return nil, nil, bad
			}
			if k == "variables" {
				p.Variables = m
			} else {
				p.Extensions = m
			}
		}
	}
	body, err := json.Marshal(&p)
	if err != nil {
		return nil, nil, badRequest("URL parameters do not decode")
	}
	return body, &p, nil
}

// jsonObjectParam decodes a URL parameter holding a JSON object ("" and
// "null" are no object).
func jsonObjectParam(name, s string) (map[string]any, *refusal) {
	if s == "" || s == "null" {
		return nil, nil
	}
	if loneSurrogate(s) {
		return nil, badRequest(`URL parameter %s has a \u escape of an unpaired UTF-16 surrogate`, name)
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil || m == nil || dec.More() {
		return nil, badRequest("URL parameter %s must be a JSON object", name)
	}
	return m, nil
}

// paramName is k for a message: the known names, else "(unknown)", so
// that a refusal never echoes arbitrary input.
func paramName(k string) string {
	switch k {
	case "query", "operationName", "variables", "extensions":
		return k
	}
	return "(unknown)"
}
