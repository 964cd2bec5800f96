package ui

import (
	"bytes"
	"strings"
	"testing"
)

func TestWritePublications(t *testing.T) {
	tests := []struct {
		name    string
		base    string
		want    []string
		notWant []string
	}{
		{"root", "", []string{`data-base=""`}, nil},
		{"prefix", "/blog", []string{`data-base="/blog"`}, nil},
		{"hostile prefix is escaped", `/x"><script>alert(1)</script>`,
			[]string{`data-base="/x&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"`}, []string{"<script>alert"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WritePublications(&buf, PublicationsData{BasePath: tt.base}); err != nil {
				t.Fatal(err)
			}
			body := buf.String()
			for _, a := range publicationsAssets {
				if u := URL(a); !strings.Contains(body, `"`+u+`"`) {
					t.Errorf("shell does not reference %s as %q", a, u)
				}
			}
			for _, s := range tt.want {
				if !strings.Contains(body, s) {
					t.Errorf("body lacks %q", s)
				}
			}
			for _, s := range tt.notWant {
				if strings.Contains(body, s) {
					t.Errorf("body contains %q", s)
				}
			}
		})
	}
}

// TestPublicationsNoInlineScript keeps the shell compatible with its
// Content-Security-Policy (script-src 'self', style-src 'self').
func TestPublicationsNoInlineScript(t *testing.T) {
	var buf bytes.Buffer
	if err := WritePublications(&buf, PublicationsData{}); err != nil {
		t.Fatal(err)
	}
	body := buf.String()
	for _, bad := range []string{"<script>", "<style", " style=", " onclick=", " onsubmit=", "javascript:"} {
		if strings.Contains(body, bad) {
			t.Errorf("shell contains %q", bad)
		}
	}
}

func BenchmarkWritePublications(b *testing.B) {
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := WritePublications(&buf, PublicationsData{BasePath: "/blog"}); err != nil {
			b.Fatal(err)
		}
	}
}
