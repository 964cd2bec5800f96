package api

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// isLive reports a subscription request (docs/API.md "Subscriptions"):
// a WebSocket upgrade, or a POST whose Accept allows text/event-stream
// (graphql-sse, distinct connections mode). Clients such as urql list
// text/event-stream beside the JSON types on every request: when JSON is
// acceptable too, only a subscription operation goes live (the body is
// read, its persisted query resolved and parsed, then put back), so
// queries and mutations keep the plain path with its cache, compression
// and statuses.
func (a *api) isLive(r *http.Request) bool {
	if strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		return true
	}
	if r.Method != http.MethodPost || !strings.Contains(r.Header.Get("Accept"), "text/event-stream") {
		return false
	}
	if acc := negotiate(r); acc.json == "" && !acc.multipart {
		return true
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, a.cfg.MaxBodyBytes+1))
	r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), r.Body))
	if err != nil || int64(len(body)) > a.cfg.MaxBodyBytes {
		return false // the plain path answers with its refusal
	}
	return a.subscriptionBody(r.Context(), body)
}

// subscriptionBody reports whether a request body's operation is a
// subscription; a body that does not parse is not (the plain path
// explains why).
func (a *api) subscriptionBody(ctx context.Context, body []byte) bool {
	_, gq, bad := parseBody(body)
	if bad != nil {
		return false
	}
	if _, bad := a.persisted(ctx, gq); bad != nil || gq.Query == "" || len(gq.Query) > a.cfg.MaxQueryBytes {
		return false
	}
	key := gq.OperationName + "\x00" + gq.Query
	if v, ok := a.kinds.Get(ctx, key); ok {
		return v
	}
	doc, err := parser.ParseQueryWithTokenLimit(&ast.Source{Input: gq.Query}, 2*a.cfg.MaxTokens)
	sub := false
	if err == nil {
		for _, op := range doc.Operations {
			if gq.OperationName == "" || op.Name == gq.OperationName {
				sub = op.Operation == ast.Subscription
				break
			}
		}
	}
	a.kinds.Add(ctx, key, sub)
	return sub
}
