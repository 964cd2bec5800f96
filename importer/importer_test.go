package importer_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/demo"
	"github.com/stgy/stgypub/importer"
	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/store/storetest"
)

var now = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

func setup(t *testing.T) (*store.Store, stgypub.ID) {
	t.Helper()
	s := storetest.New(t)
	s.Now = func() time.Time { return now }
	u := &stgypub.User{LoginName: "reader", Nickname: "Reader"}
	if err := s.Users.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return s, u.ID
}

func postCount(t *testing.T, s *store.Store, owner stgypub.ID) int {
	t.Helper()
	posts, err := s.Posts.PostsByOwner(context.Background(), owner, 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	return len(posts)
}

func TestImportDemoTwice(t *testing.T) {
	ctx := context.Background()
	s, user := setup(t)
	opts := importer.Options{Locale: "en", Source: importer.SourceGoBlog, Now: func() time.Time { return now }}

	first, err := importer.Import(ctx, s.Posts, user, demo.English(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if first.Created != 13 || first.Updated != 0 || first.Unchanged != 0 || len(first.Posts) != 13 {
		t.Fatalf("first run: %+v", first)
	}
	second, err := importer.Import(ctx, s.Posts, user, demo.English(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if second.Created != 0 || second.Updated != 0 || second.Unchanged != 13 {
		t.Errorf("second run: %+v", second)
	}
	for name, id := range first.Posts {
		if second.Posts[name] != id {
			t.Errorf("%s: id %s then %s", name, id, second.Posts[name])
		}
	}
	if n := postCount(t, s, user); n != 13 {
		t.Errorf("%d posts after two runs, want 13", n)
	}

	t.Run("front-matter title and date", func(t *testing.T) {
		p, err := s.Posts.PublishedPost(ctx, first.Posts["slog.md"])
		if err != nil {
			t.Fatal(err)
		}
		wantDate := time.Date(2023, 8, 22, 12, 0, 0, 0, time.UTC)
		if !strings.HasPrefix(p.Content, "# Structured Logging with slog\n\nThe new `log/slog` package") {
			t.Errorf("content starts %q", p.Content[:60])
		}
		if p.PublishedAt == nil || !p.PublishedAt.Equal(wantDate) || !p.ID.Time().Equal(wantDate) {
			t.Errorf("published %v, id time %v; want %v", p.PublishedAt, p.ID.Time(), wantDate)
		}
		if p.Locale != "en" || !strings.Contains(p.Snippet, "Structured Logging with slog") ||
			!strings.Contains(p.PlainText, "structured logging to the standard library") {
			t.Errorf("locale %q snippet %.80q plain %.80q", p.Locale, p.Snippet, p.PlainText)
		}
	})
	t.Run("site order follows article dates", func(t *testing.T) {
		posts, err := s.Posts.PublishedByUser(ctx, user, stgypub.PostQuery{Limit: 2})
		if err != nil {
			t.Fatal(err)
		}
		if posts[0].ID != first.Posts["survey2025.md"] {
			t.Errorf("newest is %s, want survey2025.md's %s", posts[0].ID, first.Posts["survey2025.md"])
		}
	})
}

// importFiles is TestImportFiles' folder, options and first import, made
// anew for every subtest that imports again so none depends on another.
type importFiles struct {
	s     *store.Store
	user  stgypub.ID
	files fstest.MapFS
	opts  importer.Options
	clock time.Time
	sum   importer.Summary
}

var explicitAt = time.Date(2021, 6, 1, 9, 30, 0, 0, time.UTC)

func newImportFiles(t *testing.T) *importFiles {
	t.Helper()
	f := &importFiles{clock: now, files: fstest.MapFS{
		"a.md":         {Data: []byte("---\ntitle: Alpha\ndate: 2024-05-06\n---\n\nAlpha body.\n")},
		"b.md":         {Data: []byte("---\ntitle: Front matter wins\ndate: 2024-05-07\n---\n# Own heading\n\nBeta body.\n")},
		"c.md":         {Data: []byte("---\ntitle: ヘッダー\n---\n\nキャッシュの説明です。\n")},
		"draft.md":     {Data: []byte("---\ntitle: Draft\ndate: 2024-01-01\n---\nnot yet\n")},
		"later.md":     {Data: []byte("---\ntitle: Later\ndate: 2024-01-02\n---\nsoon\n")},
		"notes.txt":    {Data: []byte("not markdown")},
		"sub/deep.md":  {Data: []byte("# not imported: not directly in the folder\n")},
		"explicit.md":  {Data: []byte("---\ntitle: Explicit\ndate: 2020-01-01\n---\nbody\n")},
		"undated.md":   {Data: []byte("no front matter at all\n")},
		"undated2.md":  {Data: []byte("also undated\n")},
		"z-locale.md":  {Data: []byte("---\ntitle: Front\nlocale: ja-JP\n---\nEnglish words only\n")},
		"zz-empty.md":  {Data: []byte("")},
		"zzz-nul.md":   {Data: []byte("bad \x00 byte and \xff invalid\n")},
		"zzzz-crlf.md": {Data: []byte("---\r\ntitle: CRLF\r\ndate: 2022-02-02\r\n---\r\nbody\r\n")},
	}}
	f.opts = importer.Options{
		Publication: map[string]importer.Publication{
			"draft.md":    {Unpublished: true},
			"later.md":    {At: now.AddDate(1, 0, 0)},
			"explicit.md": {At: explicitAt},
		},
		UndatedDate:       time.Date(2025, 10, 1, 0, 0, 0, 0, time.UTC),
		UndatedSpreadDays: 30,
		Now:               func() time.Time { return f.clock },
	}
	f.s, f.user = setup(t)
	var err error
	if f.sum, err = importer.Import(context.Background(), f.s.Posts, f.user, f.files, f.opts); err != nil {
		t.Fatal(err)
	}
	return f
}

// post is the stored post imported from the named file.
func (f *importFiles) post(t *testing.T, name string) *stgypub.Post {
	t.Helper()
	p, err := f.s.Posts.Post(context.Background(), f.sum.Posts[name])
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

func (f *importFiles) reimport(t *testing.T) importer.Summary {
	t.Helper()
	again, err := importer.Import(context.Background(), f.s.Posts, f.user, f.files, f.opts)
	if err != nil {
		t.Fatal(err)
	}
	return again
}

func TestImportFiles(t *testing.T) {
	ctx := context.Background()
	f := newImportFiles(t)
	sum, opts, clock := f.sum, f.opts, f.clock
	if sum.Created != 12 || len(sum.Posts) != 12 || sum.Scheduled != 1 || len(sum.Skipped) != 1 || sum.Skipped[0] != "notes.txt" {
		t.Fatalf("summary %+v, want 12 created, 1 scheduled (later.md), notes.txt skipped", sum)
	}
	post := func(name string) *stgypub.Post { t.Helper(); return f.post(t, name) }

	cases := []struct {
		name, file, content, locale string
		state                       stgypub.PublicationState
		published                   time.Time // zero: do not check
	}{
		{"title prepended", "a.md", "# Alpha\n\nAlpha body.\n", "en", stgypub.StatePublished, time.Date(2024, 5, 6, 12, 0, 0, 0, time.UTC)},
		{"front-matter title wins over the body's heading", "b.md", "# Front matter wins\n\n# Own heading\n\nBeta body.\n", "en", stgypub.StatePublished, time.Date(2024, 5, 7, 12, 0, 0, 0, time.UTC)},
		{"Japanese detected", "c.md", "# ヘッダー\n\nキャッシュの説明です。\n", "ja", stgypub.StatePublished, time.Time{}},
		{"unpublished option", "draft.md", "# Draft\n\nnot yet\n", "en", stgypub.StateUnpublished, time.Time{}},
		{"scheduled option", "later.md", "# Later\n\nsoon\n", "en", stgypub.StateScheduled, clock.AddDate(1, 0, 0)},
		{"explicit time", "explicit.md", "# Explicit\n\nbody\n", "en", stgypub.StatePublished, explicitAt},
		{"front-matter locale wins", "z-locale.md", "# Front\n\nEnglish words only\n", "ja-JP", stgypub.StatePublished, time.Time{}},
		{"empty file", "zz-empty.md", "", "en", stgypub.StatePublished, time.Time{}},
		{"NUL dropped, bad UTF-8 replaced", "zzz-nul.md", "bad  byte and \uFFFD invalid\n", "en", stgypub.StatePublished, time.Time{}},
		{"CRLF front matter", "zzzz-crlf.md", "# CRLF\n\nbody\r\n", "en", stgypub.StatePublished, time.Date(2022, 2, 2, 12, 0, 0, 0, time.UTC)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := post(tc.file)
			if p.Content != tc.content || p.Locale != tc.locale || p.State(now) != tc.state {
				t.Errorf("content %q locale %q state %s; want %q %q %s", p.Content, p.Locale, p.State(now), tc.content, tc.locale, tc.state)
			}
			if !tc.published.IsZero() && !p.PublishedAt.Equal(tc.published) {
				t.Errorf("published %v, want %v", p.PublishedAt, tc.published)
			}
		})
	}
	t.Run("undated files spread within the window", func(t *testing.T) {
		for _, name := range []string{"undated.md", "undated2.md", "c.md"} {
			at := *post(name).PublishedAt
			lo, hi := opts.UndatedDate.AddDate(0, 0, -29), opts.UndatedDate
			if at.Hour() != 12 || at.Before(lo) || at.After(hi.Add(12*time.Hour)) {
				t.Errorf("%s published %v, want noon within %v..%v", name, at, lo, hi)
			}
		}
	})

	t.Run("rerun a day later changes nothing", func(t *testing.T) {
		f := newImportFiles(t)
		f.clock = now.AddDate(0, 0, 1)
		if again := f.reimport(t); again.Unchanged != 12 || again.Created+again.Updated != 0 {
			t.Errorf("rerun %+v", again)
		}
	})
	t.Run("changed content updates in place", func(t *testing.T) {
		f := newImportFiles(t)
		f.files["a.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Alpha\ndate: 2024-05-06\n---\n\nAlpha body, revised.\n")}
		again := f.reimport(t)
		if again.Updated != 1 || again.Unchanged != 11 || again.Posts["a.md"] != f.sum.Posts["a.md"] {
			t.Errorf("rerun %+v", again)
		}
		p := f.post(t, "a.md")
		if p.Content != "# Alpha\n\nAlpha body, revised.\n" || p.UpdatedAt == nil || !strings.Contains(p.PlainText, "revised") {
			t.Errorf("content %q updated %v", p.Content, p.UpdatedAt)
		}
		if n := postCount(t, f.s, f.user); n != 12 {
			t.Errorf("%d posts, want 12", n)
		}
	})
	t.Run("publication option change applies", func(t *testing.T) {
		f := newImportFiles(t)
		delete(f.opts.Publication, "draft.md")
		again := f.reimport(t)
		if again.Updated != 1 || f.post(t, "draft.md").State(now) != stgypub.StatePublished {
			t.Errorf("rerun %+v, state %s", again, f.post(t, "draft.md").State(now))
		}
	})
	t.Run("deleted post is imported again", func(t *testing.T) {
		f := newImportFiles(t)
		if err := f.s.Posts.DeletePost(ctx, f.sum.Posts["b.md"]); err != nil {
			t.Fatal(err)
		}
		again := f.reimport(t)
		if again.Created != 1 || again.Posts["b.md"] == f.sum.Posts["b.md"] {
			t.Errorf("rerun %+v", again)
		}
	})
}

func TestImportErrors(t *testing.T) {
	ctx := context.Background()
	s, user := setup(t)
	cases := []struct {
		name  string
		files fstest.MapFS
		want  string
	}{
		{"too large", fstest.MapFS{"big.md": {Data: make([]byte, importer.MaxFileBytes+1)}}, stgypub.CodeBadUserInput},
		{"unknown user", fstest.MapFS{"a.md": {Data: []byte("x")}}, stgypub.CodeNotFound},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u := user
			if tc.name == "unknown user" {
				u = 4242
			}
			_, err := importer.Import(ctx, s.Posts, u, tc.files, importer.Options{})
			if got := stgypub.ErrorCode(err); got != tc.want {
				t.Errorf("code %q (%v), want %q", got, err, tc.want)
			}
		})
	}
}

// TestImportMarkdownExtensions: *.markdown is imported like *.md (any
// case); other files are listed in Summary.Skipped, subfolders ignored.
func TestImportMarkdownExtensions(t *testing.T) {
	ctx := context.Background()
	s, user := setup(t)
	files := fstest.MapFS{
		"a.md":           {Data: []byte("---\ndate: 2024-01-01\n---\n# A\n")},
		"b.markdown":     {Data: []byte("---\ndate: 2024-01-02\n---\n# B\n")},
		"C.MARKDOWN":     {Data: []byte("---\ndate: 2024-01-03\n---\n# C\n")},
		"notes.txt":      {Data: []byte("x")},
		"image.png":      {Data: []byte("x")},
		"x.markdown.bak": {Data: []byte("x")},
		"sub/deep.md":    {Data: []byte("# deep\n")},
	}
	sum, err := importer.Import(ctx, s.Posts, user, files, importer.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Created != 3 || sum.Posts["b.markdown"] == 0 || sum.Posts["C.MARKDOWN"] == 0 || sum.Posts["a.md"] == 0 {
		t.Errorf("summary %+v, want a.md, b.markdown and C.MARKDOWN imported", sum)
	}
	if want := []string{"image.png", "notes.txt", "x.markdown.bak"}; strings.Join(sum.Skipped, ",") != strings.Join(want, ",") {
		t.Errorf("skipped %q, want %q", sum.Skipped, want)
	}
	p, err := s.Posts.Post(ctx, sum.Posts["b.markdown"])
	if err != nil || p.Content != "# B\n" || p.State(now) != stgypub.StatePublished {
		t.Errorf("b.markdown post %+v, %v", p, err)
	}
}

// TestImportUndatedIsNeverScheduled: an undated file imported before noon
// UTC is published at import time, not scheduled for noon; a later import
// keeps that time; Summary.Scheduled counts future posts.
func TestImportUndatedIsNeverScheduled(t *testing.T) {
	ctx := context.Background()
	s, user := setup(t)
	morning := time.Date(2026, 3, 10, 8, 15, 30, 0, time.UTC)
	clock := morning
	files := fstest.MapFS{
		"undated.md": {Data: []byte("# No date\n\nbody\n")},
		"later.md":   {Data: []byte("# Later\n")},
	}
	opts := importer.Options{
		Now:         func() time.Time { return clock },
		Publication: map[string]importer.Publication{"later.md": {At: morning.AddDate(0, 1, 0)}},
	}
	sum, err := importer.Import(ctx, s.Posts, user, files, opts)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Scheduled != 1 {
		t.Errorf("scheduled %d, want 1 (later.md only): %+v", sum.Scheduled, sum)
	}
	p, err := s.Posts.Post(ctx, sum.Posts["undated.md"])
	if err != nil {
		t.Fatal(err)
	}
	if p.PublishedAt == nil || !p.PublishedAt.Equal(morning) || p.State(morning) != stgypub.StatePublished {
		t.Fatalf("undated published at %v (state %s), want %v (import time, published)", p.PublishedAt, p.State(morning), morning)
	}

	clock = morning.AddDate(0, 0, 1).Add(-time.Hour) // next day, before noon
	again, err := importer.Import(ctx, s.Posts, user, files, opts)
	if err != nil {
		t.Fatal(err)
	}
	if again.Unchanged != 2 || again.Scheduled != 1 {
		t.Errorf("rerun %+v, want nothing changed", again)
	}
	if p, _ := s.Posts.Post(ctx, sum.Posts["undated.md"]); !p.PublishedAt.Equal(morning) {
		t.Errorf("rerun moved the undated post to %v", p.PublishedAt)
	}

	t.Run("undated date after noon stays at noon; spread never in the future", func(t *testing.T) {
		s, user := setup(t)
		afternoon := time.Date(2026, 3, 10, 15, 0, 0, 0, time.UTC)
		o := importer.Options{Now: func() time.Time { return afternoon }}
		sum, err := importer.Import(ctx, s.Posts, user, fstest.MapFS{"u.md": {Data: []byte("x")}}, o)
		if err != nil {
			t.Fatal(err)
		}
		if p, _ := s.Posts.Post(ctx, sum.Posts["u.md"]); !p.PublishedAt.Equal(time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)) {
			t.Errorf("published %v, want noon", p.PublishedAt)
		}
		o.UndatedDate, o.UndatedSpreadDays = afternoon.AddDate(0, 0, 5), 3
		sum, err = importer.Import(ctx, s.Posts, user, fstest.MapFS{"v.md": {Data: []byte("y")}, "w.md": {Data: []byte("z")}}, o)
		if err != nil || sum.Scheduled != 0 {
			t.Fatalf("%+v, %v", sum, err)
		}
		for _, id := range sum.Posts {
			if p, _ := s.Posts.Post(ctx, id); p.PublishedAt.After(afternoon) {
				t.Errorf("spread undated post published at %v, after now %v", p.PublishedAt, afternoon)
			}
		}
	})
}

// TestImportLocaleOption: Options.Locale is canonicalized like post
// locales; an invalid one is BAD_USER_INPUT before anything is imported.
func TestImportLocaleOption(t *testing.T) {
	ctx := context.Background()
	s, user := setup(t)
	files := fstest.MapFS{"a.md": {Data: []byte("# A\n")}, "b.md": {Data: []byte("---\nlocale: JA_jp\n---\n# B\n")}}
	for _, bad := range []string{"xx-invalid-!!", "en US", "e"} {
		_, err := importer.Import(ctx, s.Posts, user, files, importer.Options{Locale: bad})
		if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
			t.Errorf("locale %q: %v, want BAD_USER_INPUT", bad, err)
		}
	}
	if n := postCount(t, s, user); n != 0 {
		t.Fatalf("%d posts after refused imports, want 0", n)
	}
	if _, err := s.Posts.ImportedPostID(ctx, user, "a.md"); !stgypub.IsNotFound(err) {
		t.Errorf("import recorded after a refused locale: %v", err)
	}
	sum, err := importer.Import(ctx, s.Posts, user, files, importer.Options{Locale: "EN_us", Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	for name, id := range sum.Posts {
		if p, _ := s.Posts.Post(ctx, id); p.Locale != "en-US" {
			t.Errorf("%s locale %q, want en-US", name, p.Locale)
		}
	}
	s2, user2 := setup(t)
	sum, err = importer.Import(ctx, s2.Posts, user2, files, importer.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := s2.Posts.Post(ctx, sum.Posts["b.md"]); p.Locale != "ja-JP" {
		t.Errorf("front-matter locale stored as %q, want ja-JP", p.Locale)
	}
}
