package api_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/server/api"
	"github.com/stgy/stgypub/ui"
)

func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

func pq(hash string) map[string]any {
	return map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hash}}
}

// TestAPICaching is docs/API.md "Caching": an anonymous GET that ran
// without errors and read nothing per client is public for max-age and
// s-maxage with an ETag answered 304 (also in its compressed form);
// POSTs, credentials, errors and per-client fields are no-store.
func TestAPICaching(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	p := e.post(t, e.owner, "# Cached\n\nbody", ago(1e9))
	q := getURL(`query($id: ID!) { publishedPost(id: $id) { title } }`, map[string]any{"id": p.ID.String()}, nil)
	w := e.rawReq(t, "GET", q, "", nil)
	etag := w.Header().Get("ETag")
	if w.Code != 200 || w.Header().Get("Cache-Control") != "public, max-age=30, s-maxage=60" || len(etag) < 20 ||
		w.Header().Get("Vary") == "" || !strings.Contains(strings.Join(w.Header().Values("Vary"), ","), "Accept") {
		t.Fatalf("%d %v %s", w.Code, w.Header(), w.Body)
	}
	for _, inm := range []string{etag, "W/" + etag, strings.TrimSuffix(etag, `"`) + `-gzip"`, `"other", ` + etag} {
		w := e.rawReq(t, "GET", q, "", map[string]string{"If-None-Match": inm})
		if w.Code != http.StatusNotModified || w.Body.Len() != 0 || w.Header().Get("ETag") != etag {
			t.Errorf("If-None-Match %s: %d %s", inm, w.Code, w.Body)
		}
	}
	if w := e.rawReq(t, "GET", q, "", map[string]string{"If-None-Match": `"other"`}); w.Code != 200 {
		t.Errorf("other ETag: %d", w.Code)
	}
	_, token, err := e.deps.Auth.CreateAPIToken(t.Context(), e.owner.ID, "ci")
	if err != nil {
		t.Fatal(err)
	}
	noStore := map[string]struct {
		method, target, body string
		headers              map[string]string
	}{
		"POST":                {"POST", "/graphql", `{"query":"{ __typename }"}`, nil},
		"bearer":              {"GET", q, "", map[string]string{"Authorization": "Bearer " + token}},
		"same-origin session": {"GET", q, "", map[string]string{"Cookie": auth.CookieName + "=" + e.cookies["owner"], "Sec-Fetch-Site": "same-origin"}},
		"an error":            {"GET", getURL(`{ pubConfig(userId: "00000000000000FF") { siteName } }`, nil, nil), "", nil},
		"per-client field":    {"GET", getURL(`{ me { id } }`, nil, nil), "", nil},
	}
	for name, c := range noStore {
		w := e.rawReq(t, c.method, c.target, c.body, c.headers)
		if w.Header().Get("Cache-Control") != "no-store" || w.Header().Get("ETag") != "" {
			t.Errorf("%s: %d %v", name, w.Code, w.Header())
		}
	}
	t.Run("configurable", func(t *testing.T) {
		e2 := *e
		e2.cfg.CacheMaxAge, e2.cfg.CacheSharedMaxAge = 5*time.Second, 120*time.Second
		e2.h = newHandler(&e2)
		if w := e2.rawReq(t, "GET", q, "", nil); w.Header().Get("Cache-Control") != "public, max-age=5, s-maxage=120" {
			t.Errorf("%v", w.Header())
		}
		e2.cfg.CacheMaxAge = -1
		e2.h = newHandler(&e2)
		if w := e2.rawReq(t, "GET", q, "", nil); w.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("off: %v", w.Header())
		}
	})
}

// TestPersistedQueriesReplay is Apollo's automatic persisted queries
// over GET: an unknown hash is PERSISTED_QUERY_NOT_FOUND, the document
// registers once with its hash (POST), then the hash alone runs it over
// GET on every app server sharing Redis, with ETag and 304.
func TestPersistedQueriesReplay(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	p := e.post(t, e.owner, "# Persisted\n\nbody", ago(1e9))
	doc := `query Article($id: ID!) { publishedPost(id: $id) { id title } }`
	vars := map[string]any{"id": p.ID.String()}
	hashOnly := getURL("", vars, pq(sha(doc)))

	w := e.rawReq(t, "GET", hashOnly, "", nil)
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"message":"PersistedQueryNotFound"`) || !strings.Contains(w.Body.String(), stgypub.CodePersistedQueryNotFound) || w.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("unknown hash: %d %v %s", w.Code, w.Header(), w.Body)
	}
	if w := e.rawReq(t, "GET", hashOnly, "", map[string]string{"Accept": "application/graphql-response+json"}); w.Code != 400 {
		t.Errorf("unknown hash, graphql-response+json: %d", w.Code)
	}
	body, _ := json.Marshal(map[string]any{"query": doc, "variables": vars, "extensions": pq(sha(doc))})
	want := `{"data":{"publishedPost":{"id":"` + p.ID.String() + `","title":"Persisted"}}}`
	if w := e.rawReq(t, "POST", "/graphql", string(body), nil); w.Body.String() != want {
		t.Fatalf("register: %d %s", w.Code, w.Body)
	}
	w = e.rawReq(t, "GET", hashOnly, "", nil)
	etag := w.Header().Get("ETag")
	if w.Code != 200 || w.Body.String() != want || etag == "" || !strings.HasPrefix(w.Header().Get("Cache-Control"), "public") {
		t.Fatalf("by hash: %d %v %s", w.Code, w.Header(), w.Body)
	}
	if w := e.rawReq(t, "GET", hashOnly, "", map[string]string{"If-None-Match": etag}); w.Code != http.StatusNotModified {
		t.Errorf("by hash with If-None-Match: %d %s", w.Code, w.Body)
	}
	other := newHandler(e) // another app server: its own memory, the same Redis
	r := httpRecorder(other, "GET", hashOnly, "")
	if r.Code != 200 || r.Body.String() != want {
		t.Errorf("second server: %d %s", r.Code, r.Body)
	}
	bad, _ := json.Marshal(map[string]any{"query": doc, "extensions": pq(sha(doc + " "))})
	if w := e.rawReq(t, "POST", "/graphql", string(bad), nil); w.Code != 400 || !strings.Contains(w.Body.String(), stgypub.CodeBadRequest) {
		t.Errorf("mismatched hash: %d %s", w.Code, w.Body)
	}
	for name, ext := range map[string]string{
		"version 2":      `{"persistedQuery":{"version":2,"sha256Hash":"` + sha(doc) + `"}}`,
		"hash too short": `{"persistedQuery":{"version":1,"sha256Hash":"abc"}}`,
		"not an object":  `{"persistedQuery":"x"}`,
	} {
		if w := e.rawReq(t, "POST", "/graphql", `{"extensions":`+ext+`}`, nil); w.Code != 400 || !strings.Contains(w.Body.String(), stgypub.CodeBadRequest) {
			t.Errorf("%s: %d %s", name, w.Code, w.Body)
		}
	}
}

// TestPersistedQueriesBound: at most APQMaxEntries documents stay
// registered; the least recently used goes first, in Redis too.
func TestPersistedQueriesBound(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *apiConfig, _ *apiDeps) { c.APQMaxEntries = 2 })
	docs := []string{`query A { __typename }`, `query B { __typename }`, `query C { __typename }`}
	for _, d := range docs {
		b, _ := json.Marshal(map[string]any{"query": d, "extensions": pq(sha(d))})
		if w := e.rawReq(t, "POST", "/graphql", string(b), nil); w.Code != 200 {
			t.Fatalf("%s: %s", d, w.Body)
		}
	}
	fresh := newHandler(e) // nothing in its process memory
	for i, d := range docs {
		w := httpRecorder(fresh, "GET", getURL("", nil, pq(sha(d))), "")
		found := !strings.Contains(w.Body.String(), "PersistedQueryNotFound")
		if found != (i > 0) {
			t.Errorf("%s found = %v: %s", d, found, w.Body)
		}
	}
	n, err := e.rdb.ZCard(t.Context(), e.cfg.RedisPrefix+"stgy:graphql:apq:{apq}:lru").Result()
	if err != nil || n != 2 {
		t.Errorf("LRU holds %d (%v)", n, err)
	}
}

// TestPersistedDocumentsAllowList: the UI's own operations (its
// persisted-documents.json) run by hash; with PersistedOnly nothing else
// runs, as text or by hash, and nothing registers.
func TestPersistedDocumentsAllowList(t *testing.T) {
	t.Parallel()
	docs, err := api.ParsePersistedDocuments(ui.PersistedDocuments())
	if err != nil || len(docs) < 10 {
		t.Fatalf("%d documents, %v", len(docs), err)
	}
	var meHash, meDoc string
	for h, d := range docs {
		if strings.HasPrefix(d, "query Me ") {
			meHash, meDoc = h, d
		}
	}
	if meHash == "" {
		t.Fatal("the UI's Me query is not in its persisted documents")
	}
	for _, only := range []bool{false, true} {
		e := newEnv(t, func(c *apiConfig, _ *apiDeps) { c.PersistedDocuments, c.PersistedOnly = docs, only })
		if w := e.rawReq(t, "POST", "/graphql", `{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"`+meHash+`"}}}`, nil); w.Body.String() != `{"data":{"me":null}}` {
			t.Errorf("only=%v: by hash: %s", only, w.Body)
		}
		b, _ := json.Marshal(map[string]any{"query": meDoc})
		if w := e.rawReq(t, "POST", "/graphql", string(b), nil); w.Body.String() != `{"data":{"me":null}}` {
			t.Errorf("only=%v: listed text: %s", only, w.Body)
		}
		w := e.rawReq(t, "POST", "/graphql", `{"query":"{ __typename }"}`, map[string]string{"Accept": "application/graphql-response+json"})
		if refused := strings.Contains(w.Body.String(), stgypub.CodePersistedQueryNotInList); refused != only || only && w.Code != 400 {
			t.Errorf("only=%v: other text: %d %s", only, w.Code, w.Body)
		}
		other := `query Other { __typename }`
		b, _ = json.Marshal(map[string]any{"query": other, "extensions": pq(sha(other))})
		e.rawReq(t, "POST", "/graphql", string(b), nil)
		w = e.rawReq(t, "GET", getURL("", nil, pq(sha(other))), "", nil)
		if got := strings.Contains(w.Body.String(), `"__typename":"Query"`); got == only {
			t.Errorf("only=%v: APQ registration: %s", only, w.Body)
		}
	}
	if _, err := api.ParsePersistedDocuments([]byte(`{"` + sha("x") + `":"y"}`)); err == nil {
		t.Error("a manifest whose hash is not its document's was accepted")
	}
	apollo := `{"format":"apollo-persisted-query-manifest","version":1,"operations":[{"id":"` + sha("query Q { __typename }") + `","name":"Q","type":"query","body":"query Q { __typename }"}]}`
	if d, err := api.ParsePersistedDocuments([]byte(apollo)); err != nil || len(d) != 1 {
		t.Errorf("Apollo manifest: %v %v", d, err)
	}
}

func httpRecorder(h http.Handler, method, target, body string) *responseRecorder {
	w := newRecorder()
	r := newRequest(method, target, body)
	h.ServeHTTP(w, r)
	return w
}
