package demo_test

import (
	"context"
	"testing"
)

// TestDemoFeaturedImages (issue 21 #1): every demo article whose body
// holds a raster image gets it as its featured image, however late it
// comes (greenteagc's first image is past line 200), made absolute with
// the site's base URL; an SVG-only article (deadcode) gets none.
func TestDemoFeaturedImages(t *testing.T) {
	ctx := context.Background()
	s, loaded := loadDemo(t, demoNow)
	want := map[string]string{
		"greenteagc.md": "https://go.dev/blog/greenteagc/marksweep-007.png",
		"deadcode.md":   "",
	}
	seen := 0
	for _, l := range loaded {
		for name, id := range l.Import.Posts {
			w, ok := want[name]
			if !ok {
				continue
			}
			seen++
			p, err := s.Posts.Post(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if p.Derived.FeaturedImage != w {
				t.Errorf("%s/%s: featured image %q, want %q", l.LoginName, name, p.Derived.FeaturedImage, w)
			}
			if p.Derived.ReadingMinutes < 1 {
				t.Errorf("%s/%s: reading minutes %d", l.LoginName, name, p.Derived.ReadingMinutes)
			}
		}
	}
	if seen != len(want) {
		t.Fatalf("found %d of the %d articles", seen, len(want))
	}
	// The Japanese MDN articles' relative images are made absolute too.
	n := 0
	for _, l := range loaded {
		for _, id := range l.Import.Posts {
			p, err := s.Posts.Post(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if p.Derived.FeaturedImage != "" {
				n++
			}
		}
	}
	// greenteagc and the MDN articles with raster images (counted once a site).
	if n != 4 {
		t.Errorf("%d demo articles have a featured image, want 4", n)
	}
}
