package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/lexer"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/httpbody"
	"github.com/stgy/stgypub/pagecache"
)

// errNotStored ends a response-cache build whose response may not be
// kept (errors, a per-client field, a mutation, credentials): the
// request that built it answers with it, the others waiting on the build
// run their own.
var errNotStored = errors.New("api: response not cacheable")

// serveCached answers an anonymous read that has a response key
// (responseKey): from the response cache when a valid entry is there,
// else built once for every concurrent request of that key and kept
// when it may be (docs/API.md "Caching", README.md "Caching").
func (a *api) serveCached(w http.ResponseWriter, r *http.Request, key pagecache.Key) {
	c := a.deps.Responses
	now := c.Now()
	e := a.freshResponse(r.Context(), key, now)
	if e == nil {
		var own *capture
		var err error
		e, err = c.Load(r.Context(), key, func(ctx context.Context) (pagecache.Page, error) {
			own = newCapture()
			if id := w.Header()["X-Request-Id"]; len(id) == 1 {
				own.h["X-Request-Id"] = id // the builder's own request ID
			}
			rq := a.serve(own, r.WithContext(ctx), true)
			if rq == nil || rq.page == nil {
				return pagecache.Page{}, errNotStored
			}
			if err := a.pageVersions(ctx, rq.page); err != nil {
				a.log.WarnContext(ctx, "graphql: response cache: versions unavailable; response not kept", "request_id", rq.id, "err", err)
				pagecache.Build(*rq.page).Write(own, r, c.Now())
				return pagecache.Page{}, errNotStored
			}
			return *rq.page, nil
		})
		switch {
		case err != nil && own != nil:
			a.gz(own).ServeHTTP(w, r)
			return
		case err != nil:
			a.uncached.ServeHTTP(w, r)
			return
		}
	}
	if len(w.Header()["X-Request-Id"]) == 0 {
		w.Header()["X-Request-Id"] = []string{newRequestID()}
	}
	e.Write(w, r, now)
}

// freshResponse returns key's valid entry, nil on a miss; its owners'
// versions are confirmed in Redis when due (as the pages' are, see
// server.cached), and a stale entry is dropped.
func (a *api) freshResponse(ctx context.Context, key pagecache.Key, now time.Time) *pagecache.Entry {
	c := a.deps.Responses
	e := c.Get(key)
	if e == nil || e.Owner == 0 || a.deps.Versions == nil || !c.Recheck(e, now) {
		return e
	}
	owners := append([]stgypub.ID{e.Owner}, e.Owners...)
	vs, err := a.deps.Versions.Versions(ctx, owners)
	if err != nil {
		a.log.WarnContext(ctx, "graphql: response cache: version check failed", "err", err)
		return e
	}
	built := append([]int64{e.Version}, e.Versions...)
	for i, v := range vs {
		if i < len(built) && v > built[i] {
			c.Remove(key)
			return nil
		}
	}
	c.Confirm(e, now)
	return e
}

// pageVersions sets p's owners' page versions as they are right after
// its build (one round trip). A write that commits between the build's
// reads and this one, and whose announcement this server never gets, is
// not caught by the version checks: the cache's MaxAge bounds that case
// (the announcement, which every server acknowledges before a write
// returns, drops the response in all others, see pagecache.Cache.Load).
func (a *api) pageVersions(ctx context.Context, p *pagecache.Page) error {
	if a.deps.Versions == nil || p.Owner == 0 {
		return nil
	}
	vs, err := a.deps.Versions.Versions(ctx, append([]stgypub.ID{p.Owner}, p.Owners...))
	if err != nil {
		return err
	}
	p.Version, p.Versions = vs[0], vs[1:]
	return nil
}

// responsePage is what finish keeps of a storable response: the bytes,
// the headers a hit repeats, the owners it read and until when it holds.
func (a *api) responsePage(rq *request, body []byte) *pagecache.Page {
	owners, crossSite, until := rq.reads.Result()
	p := &pagecache.Page{
		Body: body, ContentType: contentType(rq.media), CacheControl: "no-store", Vary: "Accept",
		Expires: until,
	}
	if rq.get {
		p.Vary = "Accept, Authorization, Cookie"
		if a.cfg.CacheMaxAge >= 0 {
			p.CacheControl = "public, max-age=" + seconds(a.cfg.CacheMaxAge) + ", s-maxage=" + seconds(a.cfg.CacheSharedMaxAge)
		}
	}
	if !crossSite && len(owners) > 0 {
		p.Owner, p.Owners = owners[0], owners[1:]
	}
	return p
}

// storable reports whether a response that finish would send as a 200
// may be kept in the response cache: the operation is a query that ran
// without errors, for a client without credentials, reading no
// per-client field and setting no cookie, as one JSON response.
func storable(rq *request, h http.Header) bool {
	return rq.store && rq.executed && !rq.mutation && !rq.errored.Load() && !rq.private.Load() &&
		!rq.credentialed && rq.status == 0 && rq.media != mediaMultipart && len(h.Values("Set-Cookie")) == 0
}

// responseKey is the response-cache key of r, when r may be answered
// from the cache: a GET, or a POST of a persisted query (hash only),
// without an Authorization or Cookie header, asking for a JSON media
// type, whose parameters decode. The key's digest covers the media type,
// the method, the document normalized to its tokens (or the persisted
// hash), the operation name, and the variables and extensions in
// canonical JSON. A POST's body is read and put back. Anything else
// (including what the full path will refuse) has no key.
func (a *api) responseKey(r *http.Request) (pagecache.Key, bool) {
	if a.deps.Responses == nil || r.Header.Get("Authorization") != "" || r.Header.Get("Cookie") != "" {
		return pagecache.Key{}, false
	}
	acc := negotiate(r)
	if acc.json == "" {
		return pagecache.Key{}, false
	}
	var raw string
	switch r.Method {
	case http.MethodGet:
		raw = "G" + acc.json + "\x00" + r.URL.RawQuery
	case http.MethodPost:
		body, ok := a.postBody(r)
		if !ok {
			return pagecache.Key{}, false
		}
		raw = "P" + acc.json + "\x00" + body
	default:
		return pagecache.Key{}, false
	}
	if len(raw) <= maxMemoRequest {
		if k, ok := a.keys.Get(r.Context(), raw); ok {
			return k, k.Kind != 0
		}
	}
	k, ok := a.computeKey(r.Method, acc.json, raw[len(acc.json)+2:])
	if len(raw) <= maxMemoRequest {
		a.keys.Add(r.Context(), raw, k) // a zero Key remembers "no key"
	}
	return k, ok
}

// maxMemoRequest is the longest request (URL query or body) whose key
// is remembered: the memo holds Config.QueryCacheSize of them.
const maxMemoRequest = 8 << 10

// computeKey derives the key of a request's URL query (GET) or body
// (POST), see responseKey.
func (a *api) computeKey(method, media, raw string) (pagecache.Key, bool) {
	var p keyParams
	var ok bool
	if method == http.MethodGet {
		p, ok = getKeyParams(raw)
	} else {
		p, ok = postKeyParams(raw)
		ok = ok && p.query == "" // text POSTs are not cached
	}
	if !ok {
		return pagecache.Key{}, false
	}
	doc, ok := a.keyDocument(p)
	if !ok {
		return pagecache.Key{}, false
	}
	h := sha256.New()
	for _, part := range []string{media, method, doc, p.operationName, p.variables, p.extensions} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return pagecache.Key{Kind: pagecache.KindAPI, Variant: string(h.Sum(nil))}, true
}

// keyParams are a request's parameters as the key sees them: variables
// and extensions in canonical JSON ("" when absent or null), hash the
// persisted query's lower-case SHA-256 ("" when none).
type keyParams struct {
	query, operationName, variables, extensions, hash string
}

// keyDocument is the key's document part: "h:" and the persisted hash
// for a hash-only request, "q:" and the token digest of the text for a
// text-only one (not under PersistedOnly, where texts go the full way);
// a request carrying both has no key.
func (a *api) keyDocument(p keyParams) (string, bool) {
	switch {
	case p.hash != "" && p.query == "":
		return "h:" + p.hash, true
	case p.hash == "" && p.query != "" && !a.cfg.PersistedOnly && len(p.query) <= a.cfg.MaxQueryBytes:
		if d, ok := a.norms.Get(context.Background(), p.query); ok {
			return d, d != ""
		}
		d, ok := normalizeDocument(p.query, a.cfg.MaxTokens)
		if !ok {
			d = ""
		}
		a.norms.Add(context.Background(), p.query, d)
		return d, ok
	}
	return "", false
}

// normalizeDocument is "q:" and the SHA-256 of doc's tokens (kind,
// length and value each; comments, commas and white space dropped), so
// documents that differ only in layout share a key; false when doc does
// not lex or has more than maxTokens tokens.
func normalizeDocument(doc string, maxTokens int) (string, bool) {
	l := lexer.New(&ast.Source{Input: doc})
	h := sha256.New()
	var num [20]byte
	for n := 0; ; n++ {
		tok, err := l.ReadToken()
		if err != nil || n > maxTokens {
			return "", false
		}
		if tok.Kind == lexer.EOF {
			break
		}
		if tok.Kind == lexer.Comment {
			n--
			continue
		}
		h.Write(strconv.AppendInt(num[:0], int64(tok.Kind), 10))
		h.Write([]byte{':'})
		h.Write(strconv.AppendInt(num[:0], int64(len(tok.Value)), 10))
		h.Write([]byte{':'})
		h.Write([]byte(tok.Value))
	}
	return "q:" + string(h.Sum(nil)), true
}

// getKeyParams reads a GET's URL parameters as getParams does (each known
// one at most once, valid UTF-8, variables and extensions JSON objects).
func getKeyParams(rawQuery string) (keyParams, bool) {
	vals, err := url.ParseQuery(rawQuery)
	if err != nil {
		return keyParams{}, false
	}
	var p keyParams
	for k, v := range vals {
		if paramName(k) != k {
			continue
		}
		if len(v) != 1 || !utf8.ValidString(v[0]) {
			return keyParams{}, false
		}
		switch k {
		case "query":
			p.query = v[0]
		case "operationName":
			p.operationName = v[0]
		case "variables":
			p.variables = v[0]
		case "extensions":
			p.extensions = v[0]
		}
	}
	return p.canonical()
}

// postBody reads a POST's JSON body (Content-Type application/json, at
// most MaxBodyBytes, valid UTF-8) and puts it back for the full path. A
// body declared over MaxBodyBytes is not read: the full path answers it
// 413 at once (httpbody.Declared), without waiting for the bytes.
func (a *api) postBody(r *http.Request) (string, bool) {
	if httpbody.Declared(r, a.cfg.MaxBodyBytes) {
		return "", false
	}
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" || (params["charset"] != "" && !strings.EqualFold(params["charset"], "utf-8")) {
		return "", false
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, a.cfg.MaxBodyBytes+1))
	r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), r.Body))
	if err != nil || int64(len(body)) > a.cfg.MaxBodyBytes || !utf8.Valid(body) {
		return "", false
	}
	return string(body), true
}

// postKeyParams decodes a POST body's parameters.
func postKeyParams(body string) (keyParams, bool) {
	var raw struct {
		Query         *string         `json:"query"`
		OperationName *string         `json:"operationName"`
		Variables     json.RawMessage `json:"variables"`
		Extensions    json.RawMessage `json:"extensions"`
	}
	if json.Unmarshal([]byte(body), &raw) != nil {
		return keyParams{}, false
	}
	var p keyParams
	if raw.Query != nil {
		p.query = *raw.Query
	}
	if raw.OperationName != nil {
		p.operationName = *raw.OperationName
	}
	p.variables, p.extensions = string(raw.Variables), string(raw.Extensions)
	return p.canonical()
}

// canonical re-encodes variables and extensions (sorted keys, no white
// space; "" for absent or null) and reads the persisted hash; false when
// either is not a JSON object or has an unpaired surrogate escape, or the
// persisted query is malformed (the full path refuses those).
func (p keyParams) canonical() (keyParams, bool) {
	var ok bool
	if p.variables, _, ok = canonicalObject(p.variables); !ok {
		return p, false
	}
	var ext map[string]any
	if p.extensions, ext, ok = canonicalObject(p.extensions); !ok {
		return p, false
	}
	if pq, present := ext["persistedQuery"]; present && pq != nil {
		m, _ := pq.(map[string]any)
		v, _ := m["version"].(json.Number)
		hs, _ := m["sha256Hash"].(string)
		if p.hash = normalizeHash(hs); m == nil || v.String() != "1" || p.hash == "" {
			return p, false
		}
	}
	return p, true
}

func canonicalObject(s string) (string, map[string]any, bool) {
	if s == "" || s == "null" {
		return "", nil, true
	}
	if loneSurrogate(s) {
		return "", nil, false
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil || m == nil || dec.More() {
		return "", nil, false
	}
	b, err := json.Marshal(m)
	if err != nil {
		return "", nil, false
	}
	return string(b), m, true
}

// capture holds a response built for the cache that may not be kept, so
// the request that built it can answer with it.
type capture struct {
	h      http.Header
	status int
	body   bytes.Buffer
}

func newCapture() *capture { return &capture{h: http.Header{}} }

func (c *capture) Header() http.Header { return c.h }

func (c *capture) WriteHeader(code int) {
	if c.status == 0 {
		c.status = code
	}
}

func (c *capture) Write(p []byte) (int, error) {
	if c.status == 0 {
		c.status = http.StatusOK
	}
	return c.body.Write(p)
}

// ServeHTTP replays the captured response.
func (c *capture) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	h := w.Header()
	for k, v := range c.h {
		h[k] = v
	}
	if c.status == 0 {
		c.status = http.StatusOK
	}
	w.WriteHeader(c.status)
	_, _ = w.Write(c.body.Bytes())
}
