package api_test

import (
	"strings"
	"testing"
)

// TestDefer is docs/API.md "@defer": deferred fragments are run inline,
// so every response is complete (no null placeholder, nothing left
// unsent), over POST, GET and multipart/mixed alike.
func TestDefer(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	p := e.post(t, e.owner, "# Deferred\n\nbody", ago(1e9))
	q := `query($id: ID!) { publishedPost(id: $id) { id ... @defer(label: "more") { title owner { nickname } } ...F @defer } } fragment F on Post { locale }`
	body := `{"query":` + jsonStr(q) + `,"variables":{"id":"` + p.ID.String() + `"}}`
	want := `{"data":{"publishedPost":{"id":"` + p.ID.String() + `","title":"Deferred","owner":{"nickname":"owner nick"},"locale":"en"}}}`
	for _, accept := range []string{"", "application/json", "application/graphql-response+json"} {
		if w := e.rawReq(t, "POST", "/graphql", body, map[string]string{"Accept": accept}); w.Code != 200 || w.Body.String() != want {
			t.Errorf("Accept %q: %d %s", accept, w.Code, w.Body)
		}
	}
	if w := e.rawReq(t, "GET", getURL(q, map[string]any{"id": p.ID.String()}, nil), "", nil); w.Body.String() != want {
		t.Errorf("GET: %s", w.Body)
	}
	// A client taking JSON too gets JSON; one taking only multipart/mixed
	// gets the complete result as one part.
	if w := e.rawReq(t, "POST", "/graphql", body, map[string]string{"Accept": "multipart/mixed;deferSpec=20220824, application/json;q=0.9"}); w.Body.String() != want {
		t.Errorf("multipart or JSON: %s", w.Body)
	}
	w := e.rawReq(t, "POST", "/graphql", body, map[string]string{"Accept": "multipart/mixed;deferSpec=20220824"})
	wantPart := "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n" + strings.TrimSuffix(want, "}") + `,"hasNext":false}` + "\r\n-----\r\n"
	if w.Code != 200 || w.Header().Get("Content-Type") != `multipart/mixed; boundary="-"; deferSpec=20220824` || w.Body.String() != wantPart {
		t.Errorf("multipart: %d %v %q", w.Code, w.Header(), w.Body)
	}
}

func jsonStr(s string) string {
	b := strings.Builder{}
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}
