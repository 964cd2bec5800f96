package importer_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/importer"
)

// TestImportRefusesBrokenFrontMatter (new-user report item 10): a front
// matter block that does not parse, or a date that is not a real date,
// stops the import with BAD_USER_INPUT naming the file (and the field);
// the files before it stay imported, the ones after it are not read.
func TestImportRefusesBrokenFrontMatter(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name, src, field, says string
	}{
		{"yaml unclosed flow", "---\ntitle: [unclosed\n---\nbad yaml\n", "", "YAML"},
		{"yaml bad indent", "---\ntitle: a\n  b: c\n---\nx\n", "", "YAML"},
		{"yaml tab indent", "---\ntitle:\n\t- x\n---\nx\n", "", "YAML"},
		{"toml bad", "+++\ntitle = \"unclosed\n+++\nx\n", "", "TOML"},
		{"month 13", "---\ndate: 2024-13-45\n---\nbad date\n", "date", "2024-13-45"},
		{"february 30", "---\ndate: 2024-02-30\n---\nx\n", "date", "2024-02-30"},
		{"day 32", "---\ntitle: T\ndate: 2023-01-32\n---\nx\n", "date", "2023-01-32"},
		{"words", "---\ndate: next tuesday\n---\nx\n", "date", "next tuesday"},
		{"toml bad date", "+++\ndate = \"2024-04-31\"\n+++\nx\n", "date", "2024-04-31"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, user := setup(t)
			files := fstest.MapFS{
				"a-good.md": {Data: []byte("---\ntitle: Good\ndate: 2024-02-29\n---\nok\n")},
				"b-bad.md":  {Data: []byte(tc.src)},
				"c-next.md": {Data: []byte("# Next\n")},
			}
			sum, err := importer.Import(ctx, s.Posts, user, files, importer.Options{Now: func() time.Time { return now }})
			var se *stgypub.Error
			if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput || !errors.As(err, &se) {
				t.Fatalf("err = %v, want BAD_USER_INPUT", err)
			}
			if !strings.Contains(err.Error(), "b-bad.md") || !strings.Contains(err.Error(), tc.says) || se.Field != tc.field {
				t.Errorf("err = %q (field %q), want it to name b-bad.md, %q and field %q", err, se.Field, tc.says, tc.field)
			}
			if tc.field != "" && !strings.Contains(err.Error(), "front matter "+tc.field) {
				t.Errorf("err = %q does not name the field", err)
			}
			if sum.Created != 1 || sum.Posts["a-good.md"] == 0 || sum.Posts["c-next.md"] != 0 || postCount(t, s, user) != 1 {
				t.Errorf("summary %+v: want a-good.md imported and the import stopped at b-bad.md", sum)
			}
		})
	}
}

// TestImportGoodFrontMatterStillReads: valid dates in every accepted
// form, an empty block and a block that is not a mapping (Markdown
// starting with a thematic break) still import.
func TestImportGoodFrontMatterStillReads(t *testing.T) {
	ctx := context.Background()
	s, user := setup(t)
	files := fstest.MapFS{
		"a.md": {Data: []byte("---\ndate: 2024-02-29\n---\nleap day\n")},
		"b.md": {Data: []byte("---\ndate: 2024-4-9\n---\nunpadded\n")},
		"c.md": {Data: []byte("---\ndate: 2024-04-09T10:00:00+09:00\n---\nrfc3339\n")},
		"d.md": {Data: []byte("---\n---\nempty block\n")},
		"e.md": {Data: []byte("---\nJust a sentence\n---\nbody\n")},
		"f.md": {Data: []byte("---\ndate:\n---\nempty date\n")},
	}
	sum, err := importer.Import(ctx, s.Posts, user, files, importer.Options{Now: func() time.Time { return now }})
	if err != nil || sum.Created != 6 {
		t.Fatalf("%+v, %v", sum, err)
	}
	for name, want := range map[string]string{"a.md": "2024-02-29", "b.md": "2024-04-09", "c.md": "2024-04-09"} {
		p, err := s.Posts.Post(ctx, sum.Posts[name])
		if err != nil || p.PublishedAt == nil || p.PublishedAt.UTC().Format("2006-01-02") != want {
			t.Errorf("%s: published %v, want %s (%v)", name, p.PublishedAt, want, err)
		}
	}
}

// TestImportPlainRelativeReferences (report item 10): with the plain
// source and no base URL a relative link or image would point at this
// server, which does not have the file: the import stops with an error
// naming the file and listing them. With -base-url (or base_url: in the
// front matter) they resolve; absolute URLs, fragments and this server's
// own page paths need no base.
func TestImportPlainRelativeReferences(t *testing.T) {
	ctx := context.Background()
	bad := []struct {
		src  string
		refs []string
	}{
		{"[rel](other.html) and ![img](pic.png)\n", []string{`"other.html"`, `"pic.png"`}},
		{"[up](../x/y.md)\n", []string{`"../x/y.md"`}},
		{"[root](/images/a.png)\n", []string{`"/images/a.png"`}},
		{"<img src=\"img/b.jpg\" alt=\"b\">\n", []string{`"img/b.jpg"`}},
		{"[ref]\n\n[ref]: docs/page.html\n", []string{`"docs/page.html"`}},
		{"[a](1.html) [b](2.html) [c](3.html) [d](4.html) [e](5.html) [f](6.html) [a again](1.html)\n", []string{"6 relative", `"5.html"`, "and 1 more"}},
	}
	for _, tc := range bad {
		s, user := setup(t)
		files := fstest.MapFS{"b.markdown": {Data: []byte("\ufeff---\ntitle: B\n---\n" + tc.src)}}
		_, err := importer.Import(ctx, s.Posts, user, files, importer.Options{Now: func() time.Time { return now }})
		if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput || !strings.Contains(err.Error(), "b.markdown") || !strings.Contains(err.Error(), "-base-url") {
			t.Errorf("%q: err = %v, want BAD_USER_INPUT naming b.markdown and -base-url", tc.src, err)
			continue
		}
		for _, r := range tc.refs {
			if !strings.Contains(err.Error(), r) {
				t.Errorf("%q: err = %q does not list %s", tc.src, err, r)
			}
		}
		if postCount(t, s, user) != 0 {
			t.Errorf("%q: a post was stored", tc.src)
		}
	}

	s, user := setup(t)
	files := fstest.MapFS{
		"ok.md":   {Data: []byte("[abs](https://go.dev/x) [frag](#top) [post](/pub/19E4A6826006F213) [site](/sites/1) [home](/) <mailto:a@example.com> ![i](//cdn.example.com/i.png)\n")},
		"own.md":  {Data: []byte("---\nbase_url: https://example.com/blog/\n---\n[rel](other.html) ![img](pic.png)\n")},
		"code.md": {Data: []byte("`[x](y.html)`\n\n    ![z](z.png)\n")},
	}
	sum, err := importer.Import(ctx, s.Posts, user, files, importer.Options{Now: func() time.Time { return now }})
	if err != nil || sum.Created != 3 {
		t.Fatalf("%+v, %v", sum, err)
	}
	p, _ := s.Posts.Post(ctx, sum.Posts["own.md"])
	if !strings.Contains(p.Content, "(https://example.com/blog/other.html)") || !strings.Contains(p.Content, "(https://example.com/blog/pic.png)") {
		t.Errorf("base_url: content %q", p.Content)
	}
	s2, user2 := setup(t)
	sum, err = importer.Import(ctx, s2.Posts, user2, fstest.MapFS{"b.md": {Data: []byte("[rel](other.html)\n")}},
		importer.Options{BaseURL: "https://old.example.org/posts/", Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	p, _ = s2.Posts.Post(ctx, sum.Posts["b.md"])
	if !strings.Contains(p.Content, "(https://old.example.org/posts/other.html)") {
		t.Errorf("-base-url: content %q", p.Content)
	}
}
