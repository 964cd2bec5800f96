package api

import (
	"net/http"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/lexer"
	"github.com/vektah/gqlparser/v2/parser"

	"github.com/stgy/stgypub"
)

// checkQuery bounds what gqlgen's parser and validator will be given
// (docs/ARCHITECTURE.md "Security model"). Validation is not linear in the
// document (OverlappingFieldsCanBeMerged compares same-named fields
// pairwise), and the complexity limit only applies after it, so a large
// document of repeated fields used to cost seconds to minutes of CPU before
// being refused. checkQuery refuses, in time linear in the query, a query
// over MaxQueryBytes (413), over MaxTokens lexical tokens or with more than
// MaxFields field selections (400), and a query whose string literals escape
// an unpaired surrogate (gqlparser would read it as U+FFFD), all
// BAD_USER_INPUT. A query that does not lex or parse is left to gqlgen, which
// reports the syntax error as usual.
func (a *api) checkQuery(query string) *refusal {
	if len(query) > a.cfg.MaxQueryBytes {
		return &refusal{http.StatusRequestEntityTooLarge, stgypub.CodePayloadTooLarge, "query is over %d bytes", []any{a.cfg.MaxQueryBytes}}
	}
	if loneSurrogate(query) {
		return badRequest(`query has a \u escape of an unpaired UTF-16 surrogate`)
	}
	src := &ast.Source{Input: query}
	lx := lexer.New(src)
	for n := 0; ; n++ {
		if n > a.cfg.MaxTokens {
			return &refusal{http.StatusBadRequest, stgypub.CodeBadUserInput, "query is over %d tokens", []any{a.cfg.MaxTokens}}
		}
		tok, err := lx.ReadToken()
		if err != nil {
			return nil
		}
		if tok.Kind == lexer.EOF {
			break
		}
	}
	doc, err := parser.ParseQuery(src)
	if err != nil {
		return nil
	}
	if n := countFields(doc, a.cfg.MaxFields); n > a.cfg.MaxFields {
		return &refusal{http.StatusBadRequest, stgypub.CodeBadUserInput, "query selects over %d fields (fragments counted where they are spread)", []any{a.cfg.MaxFields}}
	}
	return nil
}

// countFields returns the number of field selections in doc, saturating
// just above limit: the fields written in fragment definitions, plus each
// operation's fields with every fragment spread counted as the fields it
// expands to (memoized, so fragments spreading fragments cannot make the
// count itself exponential). Introspection fields count too.
func countFields(doc *ast.QueryDocument, limit int) int {
	c := fieldCounter{doc: doc, limit: limit, memo: map[string]int{}, onPath: map[string]bool{}}
	total := 0
	for _, f := range doc.Fragments {
		total = c.add(total, c.written(f.SelectionSet))
	}
	for _, op := range doc.Operations {
		total = c.add(total, c.expanded(op.SelectionSet))
	}
	return total
}

type fieldCounter struct {
	doc    *ast.QueryDocument
	limit  int
	memo   map[string]int  // fragment name -> expanded count
	onPath map[string]bool // fragments being expanded (cycles count 0; validation refuses them)
}

// add is a+b saturating at limit+1.
func (c *fieldCounter) add(a, b int) int { return min(a+b, c.limit+1) }

// written counts the field nodes of ss as written, spreads not expanded.
func (c *fieldCounter) written(ss ast.SelectionSet) int {
	n := 0
	for _, sel := range ss {
		switch s := sel.(type) {
		case *ast.Field:
			n = c.add(n, c.add(1, c.written(s.SelectionSet)))
		case *ast.InlineFragment:
			n = c.add(n, c.written(s.SelectionSet))
		}
	}
	return n
}

// expanded counts the field nodes of ss with fragment spreads expanded.
func (c *fieldCounter) expanded(ss ast.SelectionSet) int {
	n := 0
	for _, sel := range ss {
		switch s := sel.(type) {
		case *ast.Field:
			n = c.add(n, c.add(1, c.expanded(s.SelectionSet)))
		case *ast.InlineFragment:
			n = c.add(n, c.expanded(s.SelectionSet))
		case *ast.FragmentSpread:
			n = c.add(n, c.fragment(s.Name))
		}
		if n > c.limit {
			return n
		}
	}
	return n
}

func (c *fieldCounter) fragment(name string) int {
	if v, ok := c.memo[name]; ok {
		return v
	}
	def := c.doc.Fragments.ForName(name)
	if def == nil || c.onPath[name] {
		return 0
	}
	c.onPath[name] = true
	v := c.expanded(def.SelectionSet)
	delete(c.onPath, name)
	c.memo[name] = v
	return v
}
