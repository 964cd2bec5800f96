package ui

import (
	"bytes"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestEntriesServed checks that every built entry point's files are
// embedded and served with their content type under immutable URLs.
func TestEntriesServed(t *testing.T) {
	names := EntryNames()
	if len(names) == 0 {
		t.Fatal("no entry points in dist/manifest.json")
	}
	for _, n := range names {
		e := MustEntry(n)
		if len(e.Scripts) == 0 {
			t.Errorf("%s: no script", n)
		}
		for _, u := range append(append([]string{}, e.Scripts...), e.Styles...) {
			rec := httptest.NewRecorder()
			Handler().ServeHTTP(rec, httptest.NewRequest("GET", u, nil))
			if rec.Code != 200 || rec.Body.Len() == 0 {
				t.Errorf("%s: GET %s = %d (%d bytes)", n, u, rec.Code, rec.Body.Len())
			}
			if got := rec.Header().Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
				t.Errorf("%s: %s Cache-Control = %q", n, u, got)
			}
		}
	}
	if _, ok := LookupEntry("no-such-entry"); ok {
		t.Error("LookupEntry(no-such-entry) found something")
	}
}

func TestWriteApp(t *testing.T) {
	var buf bytes.Buffer
	err := WriteApp(&buf, AppPage{Entry: "publications", Title: "Publications", BasePath: `/x"><script>alert(1)</script>`})
	if err != nil {
		t.Fatal(err)
	}
	body := buf.String()
	e := MustEntry("publications")
	for _, want := range []string{
		`<script defer src="` + e.Scripts[0] + `"></script>`,
		`<link rel="stylesheet" href="` + e.Styles[0] + `">`,
		`data-base="/x&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"`,
		`<meta name="robots" content="noindex">`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("shell lacks %s", want)
		}
	}
	// CSP-ready: no inline code or style of any kind.
	for _, bad := range []string{"<script>", "<style", " style=", " onclick=", " onload=", "javascript:"} {
		if strings.Contains(body, bad) {
			t.Errorf("shell contains %q", bad)
		}
	}
	if err := WriteApp(&buf, AppPage{Entry: "nope"}); err == nil {
		t.Error("WriteApp(unknown entry) succeeded")
	}
}
