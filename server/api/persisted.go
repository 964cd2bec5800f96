package api

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stgy/stgypub"
)

// PersistedDocuments is an allow-list of GraphQL documents by the
// lower-case SHA-256 hex of their text (docs/API.md "Persisted queries").
type PersistedDocuments map[string]string

// ParsePersistedDocuments reads a manifest of persisted documents: either
// graphql-codegen's persisted-documents.json ({"<hash>": "<document>"},
// the hash optionally prefixed "sha256:") or Apollo's persisted query
// manifest ({"format": "apollo-persisted-query-manifest", "operations":
// [{"id", "body"}]}). Every hash must be the SHA-256 of its document.
func ParsePersistedDocuments(b []byte) (PersistedDocuments, error) {
	var apollo struct {
		Format     string `json:"format"`
		Operations []struct {
			ID   string `json:"id"`
			Body string `json:"body"`
		} `json:"operations"`
	}
	out := PersistedDocuments{}
	if err := json.Unmarshal(b, &apollo); err == nil && apollo.Format != "" {
		for _, op := range apollo.Operations {
			if err := out.add(op.ID, op.Body); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("persisted documents: not a JSON object of hash to document: %w", err)
	}
	for h, doc := range m {
		if err := out.add(h, doc); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (p PersistedDocuments) add(hash, doc string) error {
	h := normalizeHash(hash)
	if h == "" || documentHash(doc) != h {
		return fmt.Errorf("persisted documents: %q is not the SHA-256 of its document", hash)
	}
	p[h] = doc
	return nil
}

// Merge adds q's documents to p.
func (p PersistedDocuments) Merge(q PersistedDocuments) {
	for h, d := range q {
		p[h] = d
	}
}

// documentHash is the lower-case SHA-256 hex of doc.
func documentHash(doc string) string {
	sum := sha256.Sum256([]byte(doc))
	return hex.EncodeToString(sum[:])
}

// normalizeHash returns a SHA-256 hex (optionally "sha256:"-prefixed, any
// case) in lower case, "" when it is not one.
func normalizeHash(h string) string {
	h = strings.ToLower(strings.TrimPrefix(h, "sha256:"))
	if len(h) != 64 {
		return ""
	}
	if _, err := hex.DecodeString(h); err != nil {
		return ""
	}
	return h
}

// persisted resolves extensions.persistedQuery (Apollo's automatic
// persisted queries: {"version": 1, "sha256Hash": "<hex>"}) into
// gq.Query, before any other check:
//   - hash only: the document of the allow-list, else of the APQ store
//     (unless PersistedOnly), else PERSISTED_QUERY_NOT_FOUND so the
//     client sends it again with its text;
//   - hash and text: the hash must be the text's SHA-256 (BAD_REQUEST);
//     the text is registered once it passes the query checks
//     (register is true);
//   - with PersistedOnly, a document that is not in the allow-list is
//     PERSISTED_QUERY_NOT_IN_LIST, sent by hash or as text.
//
// A malformed persistedQuery is BAD_REQUEST.
func (a *api) persisted(ctx context.Context, gq *graphql.RawParams) (register string, bad *refusal) {
	raw, present := gq.Extensions["persistedQuery"]
	if !present || raw == nil {
		if gq.Query == "" {
			return "", badRequest("request has no query")
		}
		if a.cfg.PersistedOnly && gq.Query != "" && a.cfg.PersistedDocuments[documentHash(gq.Query)] == "" {
			return "", notInList()
		}
		return "", nil
	}
	pq, ok := raw.(map[string]any)
	if !ok {
		return "", badRequest("extensions.persistedQuery must be an object")
	}
	if v, ok := pq["version"].(json.Number); !ok || v.String() != "1" {
		return "", badRequest("extensions.persistedQuery.version must be 1")
	}
	hs, _ := pq["sha256Hash"].(string)
	hash := normalizeHash(hs)
	if hash == "" {
		return "", badRequest("extensions.persistedQuery.sha256Hash must be 64 hexadecimal digits")
	}
	listed := a.cfg.PersistedDocuments[hash]
	if gq.Query == "" {
		switch {
		case listed != "":
			gq.Query = listed
		case a.cfg.PersistedOnly:
			return "", notInList()
		default:
			doc, ok := a.apq.Get(ctx, hash)
			if !ok {
				return "", &refusal{0, stgypub.CodePersistedQueryNotFound, "PersistedQueryNotFound", nil}
			}
			gq.Query = doc
		}
		return "", nil
	}
	if documentHash(gq.Query) != hash {
		return "", badRequest("extensions.persistedQuery.sha256Hash is not the SHA-256 of the query")
	}
	if listed != "" {
		return "", nil
	}
	if a.cfg.PersistedOnly {
		return "", notInList()
	}
	return hash, nil
}

func notInList() *refusal {
	return &refusal{0, stgypub.CodePersistedQueryNotInList, "this server runs only its persisted documents (allow-list); this one is not among them", nil}
}

// persistedQueryFill gives gqlgen the document persisted() resolved: the
// body it decodes again may hold only the hash.
type persistedQueryFill struct{}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationParameterMutator
} = persistedQueryFill{}

func (persistedQueryFill) ExtensionName() string                   { return "PersistedQueryFill" }
func (persistedQueryFill) Validate(graphql.ExecutableSchema) error { return nil }

func (persistedQueryFill) MutateOperationParameters(ctx context.Context, p *graphql.RawParams) *gqlerror.Error {
	if rq := requestFrom(ctx); rq != nil && rq.query != "" {
		p.Query = rq.query
	}
	return nil
}
