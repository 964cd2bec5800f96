package importer_test

import (
	"context"
	"reflect"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stgy/stgypub/importer"
)

// TestImportKeepsTags (issue 21 #5): front-matter tags and categories
// (YAML lists, YAML strings, TOML arrays) become the post's tags, by the
// tag rule; a re-import keeps them, a changed list updates them.
func TestImportKeepsTags(t *testing.T) {
	ctx := context.Background()
	s, user := setup(t)
	files := fstest.MapFS{
		"yaml.md":   {Data: []byte("---\ntitle: A\ntags: [Go, Modules, go]\ncategories:\n  - 日本語\n  - Release Notes\n---\nBody.\n")},
		"string.md": {Data: []byte("---\ntitle: B\ntags: \"web, http ,  caching \"\n---\nBody.\n")},
		"toml.md":   {Data: []byte("+++\ntitle = \"C\"\ntags = [\"ガベージ コレクション\", \"GC\"]\ncategories = [\"Runtime\"]\n+++\nBody.\n")},
		"none.md":   {Data: []byte("# D\n\nBody.\n")},
	}
	opts := importer.Options{Now: func() time.Time { return now }}
	sum, err := importer.Import(ctx, s.Posts, user, files, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"yaml.md":   {"Go", "Modules", "日本語", "Release Notes"},
		"string.md": {"web", "http", "caching"},
		"toml.md":   {"ガベージ コレクション", "GC", "Runtime"},
		"none.md":   {},
	}
	for name, w := range want {
		p, err := s.Posts.Post(ctx, sum.Posts[name])
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(p.Tags, w) {
			t.Errorf("%s: tags %q, want %q", name, p.Tags, w)
		}
	}
	again, err := importer.Import(ctx, s.Posts, user, files, opts)
	if err != nil || again.Unchanged != len(files) {
		t.Fatalf("re-import: %+v %v", again, err)
	}
	files["string.md"] = &fstest.MapFile{Data: []byte("---\ntitle: B\ntags: [web]\n---\nBody.\n")}
	if third, err := importer.Import(ctx, s.Posts, user, files, opts); err != nil || third.Updated != 1 {
		t.Fatalf("changed tags: %+v %v", third, err)
	}
	if p, _ := s.Posts.Post(ctx, sum.Posts["string.md"]); !reflect.DeepEqual(p.Tags, []string{"web"}) {
		t.Errorf("updated tags %q", p.Tags)
	}
}
