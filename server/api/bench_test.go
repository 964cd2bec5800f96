package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stgy/stgypub/visitor"
)

// BenchmarkSiteQuery measures a site page's GraphQL query end to end
// (HTTP handler, parse cache, resolvers, dataloaders, PostgreSQL, Redis):
// 20 posts with owner and viewCount, plus config and recent.
func BenchmarkSiteQuery(b *testing.B) {
	e := newEnv(b, nil)
	for i := range 25 {
		e.post(b, e.owner, fmt.Sprintf("# Post %d\n\nBody %d", i, i), ago(time.Duration(i+1)*time.Minute))
	}
	body, _ := json.Marshal(map[string]any{
		"query":     `query($u: ID!) { site(userId: $u) { config { siteName } posts { totalCount items { id title digest viewCount owner { nickname } } } recent { id } } }`,
		"variables": map[string]any{"u": e.owner.ID.String()},
	})
	b.ResetTimer()
	for b.Loop() {
		r := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		e.h.ServeHTTP(w, r)
		if w.Code != 200 || bytes.Contains(w.Body.Bytes(), []byte(`"errors"`)) {
			b.Fatalf("%d %s", w.Code, w.Body.String())
		}
	}
}

// BenchmarkRecordPubView measures one signed view through the endpoint:
// signature check, published-post lookup and the counter's Lua script;
// each iteration uses a new fingerprint so every view is counted.
func BenchmarkRecordPubView(b *testing.B) {
	e := newEnv(b, nil)
	p := e.post(b, e.owner, "# Viewed", ago(time.Hour))
	q := `mutation($p: ID!, $f: String!, $s: String!) { recordPubView(postId: $p, fingerprint: $f, signature: $s) { recorded } }`
	i := uint32(0)
	b.ResetTimer()
	for b.Loop() {
		i++
		fp := [4]byte{byte(i >> 24), byte(i >> 16), byte(i >> 8), byte(i)}
		body, _ := json.Marshal(map[string]any{"query": q, "variables": map[string]any{
			"p": p.ID.String(), "f": visitor.FormatFingerprint(fp), "s": visitor.Sign(viewSecret, p.ID, fp)}})
		r := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		e.h.ServeHTTP(w, r)
		if !bytes.Contains(w.Body.Bytes(), []byte(`"recorded":true`)) {
			b.Fatalf("%d %s", w.Code, w.Body.String())
		}
	}
}
