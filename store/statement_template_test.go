package store

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

var showStatement = flag.String("statement", "", "TestShowStatement prints this rendered statement")

// TestShowStatement prints a statement as PostgreSQL receives it:
// go test ./store -run TestShowStatement -v -args -statement pub_site_newest
func TestShowStatement(t *testing.T) {
	if *showStatement == "" {
		t.Skip("no -statement NAME")
	}
	st := statements[*showStatement]
	if st == nil {
		t.Fatalf("no statement %q; declared: %s", *showStatement, strings.Join(statementNames(), " "))
	}
	fmt.Println(st.text)
}

// publishedRuleRE finds the publication rule (and its complement) written
// out instead of called as the "published" or "scheduled" fragment.
var publishedRuleRE = regexp.MustCompile(`published_at\s*(<=|>)\s*\$`)

// TestPublishedRuleWrittenOnce: the publication rule stands in
// query/fragments.gotxt only; no other query file and no statement
// constant in the Go code writes it, and every statement that reads
// published posts applies it, so each got it from the fragment.
func TestPublishedRuleWrittenOnce(t *testing.T) {
	for _, pattern := range []string{"query/*.sql", "query/*.gotxt"} {
		files, err := filepath.Glob(pattern)
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: %v %v", pattern, files, err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			n := len(publishedRuleRE.FindAll(b, -1))
			want := 0
			if f == filepath.Join("query", "fragments.gotxt") {
				want = 2 // the definitions of "published" and "scheduled"
			}
			if n != want {
				t.Errorf("%s writes the publication rule %d times, want %d (call {{template \"published\" (at \"p\" 2)}})", f, n, want)
			}
		}
	}
	for pos, lit := range sqlTextLiterals(t) {
		if publishedRuleRE.MatchString(lit) {
			t.Errorf("%s: a sqlText statement writes the publication rule; make it a query/*.gotxt template", pos)
		}
	}
	needing := []string{
		"adjacent_published", "adjacent_published_many", "ai_disallowed_sites",
		"count_published_by_user", "count_published_tagged", "last_published_change",
		"pub_article", "pub_configs", "pub_site_newest", "pub_site_oldest",
		"pub_site_tag_newest", "pub_site_tag_oldest", "published_by_ids",
		"published_by_user_newest", "published_by_user_oldest",
		"published_by_user_after_newest", "published_by_user_after_oldest",
		"published_by_user_tag_newest", "published_by_user_tag_oldest",
		"published_by_user_after_tag_newest", "published_by_user_after_tag_oldest",
		"published_for_sitemap", "published_post", "published_sites",
		"search_count", "search_newest", "search_oldest",
	}
	for _, name := range needing {
		st := statements[name]
		if st == nil {
			t.Errorf("statement %s is not declared", name)
			continue
		}
		if !strings.Contains(st.text, "published_at <= $") {
			t.Errorf("%s does not apply the publication rule:\n%s", name, st.text)
		}
		if statementFamilies[name] == "" {
			t.Errorf("%s is not rendered from a template", name)
		}
	}
}

// sqlTextLiterals returns the SQL of every sqlText call in the package's
// Go files, by position.
func sqlTextLiterals(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	out := map[string]string{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 2 {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "sqlText" {
				return true
			}
			lit, ok := call.Args[1].(*ast.BasicLit)
			if !ok {
				t.Errorf("%s: sqlText with SQL that is not a literal", fset.Position(call.Pos()))
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			out[fset.Position(call.Pos()).String()] = s
			return true
		})
	}
	if len(out) < 10 {
		t.Fatalf("found %d sqlText statements; the scan is broken", len(out))
	}
	return out
}

// TestVariantsDifferOnlyByOrder: each newest-first statement and its
// oldest-first twin come from one family and differ only in the sort
// direction (DESC/ASC) and, with keyset paging, the position's side (</>).
func TestVariantsDifferOnlyByOrder(t *testing.T) {
	flip := strings.NewReplacer(" DESC", " ASC", ") < (", ") > (")
	pairs := 0
	for _, name := range statementNames() {
		base, ok := strings.CutSuffix(name, "_newest")
		if !ok {
			continue
		}
		newest, oldest := statements[name], statements[base+"_oldest"]
		if oldest == nil {
			t.Errorf("%s has no %s_oldest", name, base)
			continue
		}
		pairs++
		if f := statementFamilies[name]; f == "" || f != statementFamilies[oldest.name] {
			t.Errorf("%s and %s: families %q and %q, want one", name, oldest.name, f, statementFamilies[oldest.name])
		}
		if newest.text == oldest.text {
			t.Errorf("%s and %s are the same statement", name, oldest.name)
		}
		if flip.Replace(newest.text) != flip.Replace(oldest.text) {
			t.Errorf("%s and %s differ by more than the order:\n%s\n----\n%s", name, oldest.name, newest.text, oldest.text)
		}
	}
	if pairs < 9 {
		t.Errorf("%d newest/oldest pairs, want the 9 families' twins", pairs)
	}
}

// TestBrokenTemplatePanics: a template that does not parse, calls a
// fragment or field that does not exist, or is missing panics when it is
// parsed or rendered, which for the embedded files is package load, so
// no test can pass with one.
func TestBrokenTemplatePanics(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"unclosed action", "SELECT {{.Order", "statement templates"},
		{"unknown function", "SELECT {{nope 1}}", "statement templates"},
		{"missing fragment", `SELECT {{template "nope" .}}`, "statement template broken"},
		{"missing field", "SELECT {{.Nope}}", "statement template broken"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := panicOf(func() {
				tpl := parseQueryTemplates(fstest.MapFS{"query/broken.gotxt": {Data: []byte(tt.text)}})
				renderStatement(tpl, "broken", variant{})
			})
			if !strings.Contains(got, tt.want) {
				t.Errorf("panic %q, want one mentioning %q", got, tt.want)
			}
		})
	}
	if got := panicOf(func() { renderStatement(queryTemplates, "no_such_family", variant{}) }); !strings.Contains(got, "no_such_family") {
		t.Errorf("missing family: panic %q", got)
	}
	// A template that renders what parseStatement refuses panics in declare.
	tpl := parseQueryTemplates(fstest.MapFS{"query/stray.gotxt": {Data: []byte("SELECT 1 {{if .Oldest}}-- oldest{{end}}")}})
	if _, err := parseStatement("stray", renderStatement(tpl, "stray", variant{Oldest: true})); err == nil || !strings.Contains(err.Error(), `"--"`) {
		t.Errorf("stray comment: err = %v", err)
	}
}

func panicOf(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	f()
	return ""
}

// TestEveryTemplateIsRendered: no query/*.gotxt family lies unused.
func TestEveryTemplateIsRendered(t *testing.T) {
	files, err := fs.Glob(queryTemplateFiles, "query/*.gotxt")
	if err != nil || len(files) < 2 {
		t.Fatalf("templates: %v %v", files, err)
	}
	used := map[string]bool{}
	for _, f := range statementFamilies {
		used[f] = true
	}
	for _, f := range files {
		family := strings.TrimSuffix(strings.TrimPrefix(f, "query/"), ".gotxt")
		if family != "fragments" && !used[family] {
			t.Errorf("%s is not rendered with sqlTemplate(name, %q, ...)", f, family)
		}
	}
}
