package api_test

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/captcha"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/graph"
)

// operation is one root field called with a variable per argument.
type operation struct {
	name  string
	doc   string
	vars  []*ast.ArgumentDefinition
	isMut bool
}

// schemaOperations builds, from the executable schema itself, one
// operation per root field of Query and Mutation taking every argument as
// a variable of the argument's type and selecting the result's scalar
// fields: so every operation, present and future, is fed bad variables.
func schemaOperations(s *ast.Schema) []operation {
	var ops []operation
	for _, root := range []*ast.Definition{s.Query, s.Mutation} {
		for _, f := range root.Fields {
			if strings.HasPrefix(f.Name, "__") {
				continue
			}
			var defs, args []string
			for _, a := range f.Arguments {
				defs = append(defs, "$"+a.Name+": "+a.Type.String())
				args = append(args, a.Name+": $"+a.Name)
			}
			kind := "query"
			if root == s.Mutation {
				kind = "mutation"
			}
			doc := kind + " Op"
			if len(defs) > 0 {
				doc += "(" + strings.Join(defs, ", ") + ")"
			}
			doc += " { " + f.Name
			if len(args) > 0 {
				doc += "(" + strings.Join(args, ", ") + ")"
			}
			doc += selection(s, f.Type, 0) + " }"
			ops = append(ops, operation{name: f.Name, doc: doc, vars: f.Arguments, isMut: root == s.Mutation})
		}
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].name < ops[j].name })
	return ops
}

// selection selects t's fields without required arguments, two levels
// deep (scalars and enums; objects once more).
func selection(s *ast.Schema, t *ast.Type, depth int) string {
	def := s.Types[t.Name()]
	if def == nil || (def.Kind != ast.Object && def.Kind != ast.Interface) {
		return ""
	}
	var fs []string
	for _, f := range def.Fields {
		required := false
		for _, a := range f.Arguments {
			required = required || a.Type.NonNull && a.DefaultValue == nil
		}
		if required || strings.HasPrefix(f.Name, "__") {
			continue
		}
		sub := s.Types[f.Type.Name()]
		switch {
		case sub.Kind == ast.Scalar || sub.Kind == ast.Enum:
			fs = append(fs, f.Name)
		case depth < 1:
			if sel := selection(s, f.Type, depth+1); sel != "" {
				fs = append(fs, f.Name+sel)
			}
		}
	}
	if len(fs) == 0 {
		return " { __typename }"
	}
	return " { " + strings.Join(fs, " ") + " }"
}

// valueGen makes variable values from a random source: mostly values of
// the expected kind with hostile content (wrong-case enum values, IDs of
// the wrong length, times without zones, huge numbers, deep nesting),
// sometimes values of another kind altogether.
type valueGen struct {
	s   *ast.Schema
	rnd *rand.Rand
}

var hostileStrings = []string{
	"", " ", "newest", "Newest", "NEWEST", "oldest", "pending", "PUBLISHED", "published", "19FD706DCB600000", "19fd706dcb600000",
	"19FD706DCB60000Z", "0", "-1", "FFFFFFFFFFFFFFFF", "2026-11-30T02:00:00Z", "2026-11-30", "0001-01-01T00:00:00Z",
	"9999-12-31T23:59:59.999999999+14:00", "10000-01-01T00:00:00Z", "\x00", "\ufeff", "\u202e", "𝕏", strings.Repeat("x", 5000),
	"<script>alert(1)</script>", "' OR 1=1 --", "{}", "[]", "null", "NaN", "1e400", "G-ABC", "UA-1234-1", "Asia/Tokyo", "Mars/Olympus",
	"\ud7ff", "a\nb", "%", "_", "\\", "ja", "en--US", "x-klingon",
}

func (g *valueGen) value(t *ast.Type, depth int) any {
	r := g.rnd
	if depth > 6 || r.IntN(10) == 0 {
		return g.wild(depth)
	}
	if r.IntN(12) == 0 {
		return nil
	}
	if t.Elem != nil {
		n := r.IntN(4)
		if r.IntN(20) == 0 {
			n = 30
		}
		out := make([]any, n)
		for i := range out {
			out[i] = g.value(t.Elem, depth+1)
		}
		return out
	}
	def := g.s.Types[t.NamedType]
	switch {
	case def == nil:
		return g.wild(depth)
	case def.Kind == ast.Enum:
		v := def.EnumValues[r.IntN(len(def.EnumValues))].Name
		switch r.IntN(3) {
		case 0:
			return strings.ToLower(v)
		case 1:
			return v[:1] + strings.ToLower(v[1:])
		}
		return v
	case def.Kind == ast.InputObject:
		m := map[string]any{}
		for _, f := range def.Fields {
			if r.IntN(4) > 0 {
				m[f.Name] = g.value(f.Type, depth+1)
			}
		}
		if r.IntN(8) == 0 {
			m["unknownField"] = 1
		}
		return m
	case def.Name == "Int":
		return []any{0, -1, 1, 20, 21, 100, 1001, 1 << 31, -(1 << 31) - 1, 1 << 53, 1.5, 1e300}[r.IntN(12)]
	case def.Name == "Boolean":
		return r.IntN(2) == 0
	case def.Name == "JSON":
		return map[string]any{"shareButtons": []any{"x", g.str()}, "comments": map[string]any{"mode": g.str()}, "timeZone": g.str(), "showViewCount": g.wild(depth + 1)}
	}
	return g.str()
}

func (g *valueGen) str() string { return hostileStrings[g.rnd.IntN(len(hostileStrings))] }

// wild is a value of a random JSON kind.
func (g *valueGen) wild(depth int) any {
	switch g.rnd.IntN(7) {
	case 0:
		return nil
	case 1:
		return g.rnd.IntN(3) == 0
	case 2:
		return g.rnd.NormFloat64() * 1e12
	case 3:
		if depth < 6 {
			return []any{g.wild(depth + 1), g.str()}
		}
	case 4:
		if depth < 6 {
			return map[string]any{g.str(): g.wild(depth + 1)}
		}
	}
	return g.str()
}

// noInternal sends op with vars as who and fails on INTERNAL or a 5xx.
func noInternal(t *testing.T, e *env, op operation, vars map[string]any, who string) {
	t.Helper()
	body, err := json.Marshal(map[string]any{"query": op.doc, "variables": vars})
	if err != nil {
		return // not representable as JSON (NaN): no client can send it
	}
	r := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(string(body)))
	r.Header.Set("Content-Type", "application/json")
	if who != "" {
		r.Header.Set("Origin", baseURL)
		r.AddCookie(&http.Cookie{Name: auth.CookieName, Value: e.cookies[who]})
	}
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	if w.Code >= 500 || strings.Contains(w.Body.String(), `"`+stgypub.CodeInternal+`"`) {
		t.Fatalf("%s as %q with %s: %d %.600s", op.name, who, body, w.Code, w.Body.String())
	}
}

// fuzzEnv is every service wired (comments and CAPTCHA too), with
// limits high enough that rate limiting never hides a resolver.
func fuzzEnv(t testing.TB) (*env, []operation, *ast.Schema) {
	e := newEnv(t, func(c *apiConfig, _ *apiDeps) {
		c.WritesPerMinute, c.LoginPerMinute, c.CaptchaPerHour, c.CommentsPerHour = 1<<30, 1<<30, 1<<30, 1<<30
	})
	gate := captcha.New(e.rdb, captcha.Config{Prefix: e.cfg.RedisPrefix, SecureCookie: true})
	e.deps.Resolver.Comments = comment.New(e.st.Comments, gate, comment.NewPublicCache(e.rdb, e.cfg.RedisPrefix, nil), comment.Config{SecureCookie: true})
	e.deps.Resolver.Captcha = gate
	e.h = newHandler(e)
	s := graph.NewSchema(e.deps.Resolver).Schema()
	e.post(t, e.owner, "# Fuzzed\n\nbody", ago(1e9))
	return e, schemaOperations(s), s
}

// TestNoInternalFromVariables is the property "no user input yields
// INTERNAL" over variables (docs/API.md "Errors"): every query and
// mutation of the schema, anonymous and as the owner, with 40 sets of
// generated variables each from a fixed seed. FuzzVariables explores
// further.
func TestNoInternalFromVariables(t *testing.T) {
	t.Parallel()
	e, ops, s := fuzzEnv(t)
	if len(ops) < 35 {
		t.Fatalf("only %d operations", len(ops))
	}
	g := &valueGen{s: s, rnd: rand.New(rand.NewPCG(11, 2026))}
	for _, op := range ops {
		for i := range 40 {
			vars := map[string]any{}
			for _, a := range op.vars {
				if g.rnd.IntN(6) > 0 {
					vars[a.Name] = g.value(a.Type, 0)
				}
			}
			noInternal(t, e, op, vars, []string{"", "owner"}[i%2])
		}
	}
}

// FuzzVariables lets the fuzzer choose the operation, the viewer and the
// random source of the variables.
func FuzzVariables(f *testing.F) {
	e, ops, s := fuzzEnv(f)
	for i := range 8 {
		f.Add(uint16(i*7), uint64(i), false)
	}
	f.Fuzz(func(t *testing.T, op uint16, seed uint64, owner bool) {
		o := ops[int(op)%len(ops)]
		g := &valueGen{s: s, rnd: rand.New(rand.NewPCG(seed, uint64(op)))}
		vars := map[string]any{}
		for _, a := range o.vars {
			vars[a.Name] = g.value(a.Type, 0)
		}
		who := ""
		if owner {
			who = "owner"
		}
		noInternal(t, e, o, vars, who)
	})
}
