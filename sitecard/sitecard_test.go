package sitecard

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	seen := map[string]bool{}
	for _, name := range []string{"Go Blog Reader", "MDN 日本語ノート", "日本語だけ", strings.Repeat("Supercalifragilistic ", 20), ""} {
		b, err := Render(name, "STGY Pub")
		if err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%q: not a PNG: %v", name, err)
		}
		if r := img.Bounds(); r.Dx() != Width || r.Dy() != Height {
			t.Errorf("%q: %v", name, r)
		}
		if seen[string(b)] && name != "" && name != "日本語だけ" {
			t.Errorf("%q: same card as another name", name)
		}
		seen[string(b)] = true
	}
	title, _, _ := faces()
	lines := wrap(drawable(title, strings.Repeat("Supercalifragilistic ", 20)), title, Width-2*margin, 3)
	if len(lines) != 3 || !strings.HasSuffix(lines[2], "…") {
		t.Errorf("long name lines = %q", lines)
	}
	if got := drawable(title, "MDN 日本語ノート"); got != "MDN" {
		t.Errorf("drawable = %q", got)
	}
}
