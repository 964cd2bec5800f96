package importer_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stgy/stgypub/importer"
)

// TestImportFeaturedImage (issue 21 #1): an imported post's featured image
// is its first qualifying image over the whole body, relative ones made
// absolute with the import's base URL (option or front matter), and a
// re-import with an unchanged file keeps it.
func TestImportFeaturedImage(t *testing.T) {
	ctx := context.Background()
	s, user := setup(t)
	long := strings.Repeat("A paragraph long enough to push the image out of the snippet. ", 100)
	files := fstest.MapFS{
		"late.md":  {Data: []byte("---\ntitle: Late\n---\n" + long + "\n\n![Late figure](img/late.png)\n")},
		"own.md":   {Data: []byte("---\nbase_url: https://example.com/blog/\n---\n![s](badge.svg) [![Linked](<pics/a b.png>)](x.html)\n\nSome words.\n")},
		"table.md": {Data: []byte("| a |\n|---|\n| ![cell](../cell.jpg) |\n")},
		"html.md":  {Data: []byte("<p><img src=\"/root.webp\" alt=\"Rooted\"></p>\n")},
		"ja.md":    {Data: []byte("# 日本語\n\n" + strings.Repeat("画像が後ろにあります。", 500) + "\n\n![図](図/一.png)\n")},
	}
	opts := importer.Options{BaseURL: "https://old.example.org/posts/", Now: func() time.Time { return now }}
	sum, err := importer.Import(ctx, s.Posts, user, files, opts)
	if err != nil || sum.Created != len(files) {
		t.Fatalf("%+v, %v", sum, err)
	}
	want := map[string][2]string{
		"late.md":  {"https://old.example.org/posts/img/late.png", "Late figure"},
		"own.md":   {"https://example.com/blog/pics/a%20b.png", "Linked"},
		"table.md": {"https://old.example.org/cell.jpg", "cell"},
		"html.md":  {"https://old.example.org/root.webp", "Rooted"},
		"ja.md":    {"https://old.example.org/posts/%E5%9B%B3/%E4%B8%80.png", "図"},
	}
	for name, w := range want {
		p, err := s.Posts.Post(ctx, sum.Posts[name])
		if err != nil {
			t.Fatal(err)
		}
		if p.Derived.FeaturedImage != w[0] || p.Derived.FeaturedImageAlt != w[1] {
			t.Errorf("%s: featured image %q %q, want %q %q (content %.80q)", name, p.Derived.FeaturedImage, p.Derived.FeaturedImageAlt, w[0], w[1], p.Content)
		}
		if (p.Derived.ReadingMinutes < 1) != (name == "html.md") { // an image alone is no reading
			t.Errorf("%s: reading minutes %d", name, p.Derived.ReadingMinutes)
		}
	}
	again, err := importer.Import(ctx, s.Posts, user, files, opts)
	if err != nil || again.Updated != 0 || again.Unchanged != len(files) {
		t.Fatalf("re-import: %+v, %v", again, err)
	}
}
