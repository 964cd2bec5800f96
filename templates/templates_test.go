package templates

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

func TestNewShare(t *testing.T) {
	const page = "https://pub.example/pub/19FD706DCB600000"
	tests := []struct {
		name     string
		ids      []string
		vertical bool
		want     []string // services in order; nil means no region
	}{
		{"none", nil, false, nil},
		{"only unknown", []string{"mastodon", "X"}, false, nil},
		{"fixed order", []string{"hatena", "line", "x", "facebook"}, false, []string{"x", "facebook", "line", "hatena"}},
		{"unknown ignored", []string{"line", "bluesky", "x"}, true, []string{"x", "line"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewShare(tt.ids, page, "A & B", tt.vertical)
			if tt.want == nil {
				if s != nil {
					t.Fatalf("NewShare = %+v, want nil", s)
				}
				return
			}
			var got []string
			for _, b := range s.Buttons {
				got = append(got, b.Service)
			}
			if strings.Join(got, ",") != strings.Join(tt.want, ",") {
				t.Fatalf("services = %v, want %v", got, tt.want)
			}
			if s.Widgets == tt.vertical {
				t.Errorf("Widgets = %v for vertical=%v", s.Widgets, tt.vertical)
			}
		})
	}
}

func TestShareURLs(t *testing.T) {
	s := NewShare([]string{"x", "facebook", "line", "hatena"}, "https://pub.example/pub/19FD706DCB600000", "Tom & Jerry?", false)
	want := []string{
		"https://twitter.com/intent/tweet?url=https%3A%2F%2Fpub.example%2Fpub%2F19FD706DCB600000&text=Tom+%26+Jerry%3F",
		"https://www.facebook.com/plugins/share_button.php?href=https%3A%2F%2Fpub.example%2Fpub%2F19FD706DCB600000&layout=button_count&size=small&width=102&height=20",
		"https://social-plugins.line.me/lineit/share?url=https%3A%2F%2Fpub.example%2Fpub%2F19FD706DCB600000&text=Tom+%26+Jerry%3F",
		"https://b.hatena.ne.jp/entry/s/pub.example/pub/19FD706DCB600000",
	}
	for i, b := range s.Buttons {
		if b.URL != want[i] {
			t.Errorf("%s URL = %s, want %s", b.Service, b.URL, want[i])
		}
	}
}

func TestErrorPageEscapesAndNoindex(t *testing.T) {
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	err = r.Error(&buf, &ErrorPage{
		Page:    Page{Meta: Meta{Lang: "en", Title: "Not found", NoIndex: true}, Theme: stgypub.DefaultTheme},
		Status:  404,
		Heading: "Not found",
		Message: `<script>alert(1)</script>`,
	})
	if err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{`<meta name="robots" content="noindex">`, "&lt;script&gt;alert(1)&lt;/script&gt;"} {
		if !strings.Contains(out, want) {
			t.Errorf("error page lacks %q", want)
		}
	}
	if strings.Contains(out, "<script>alert") {
		t.Error("error page contains unescaped message")
	}
}
