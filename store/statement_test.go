package store

import (
	"context"
	"database/sql"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"
)

func TestParseStatement(t *testing.T) {
	tests := []struct {
		name, text string
		params     int
		bun        string
		err        string // part of the error, "" for none
	}{
		{"no parameters", "SELECT 1", 0, "SELECT 1", ""},
		{"numbered", "SELECT $1, $2::date", 2, "SELECT ?0, ?1::date", ""},
		{"reused", "SELECT $2 WHERE a = $1 OR b = $2", 2, "SELECT ?1 WHERE a = ?0 OR b = ?1", ""},
		{"ten and more", "SELECT $1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11", 11, "SELECT ?0,?1,?2,?3,?4,?5,?6,?7,?8,?9,?10", ""},
		{"comment lines dropped", "-- what it does, $9 in words\nSELECT $1\n  -- more\nFROM t", 1, "SELECT ?0\nFROM t", ""},
		{"gap", "SELECT $1, $3", 0, "", "uses $3 but not $2"},
		{"zero", "SELECT $0", 0, "", "bad placeholder"},
		{"bun placeholder", "SELECT ? FROM t", 0, "", `"?"`},
		{"bun indexed placeholder", "SELECT ?0", 0, "", `"?"`},
		{"inline comment", "SELECT 1 -- no", 0, "", `"--"`},
		{"block comment", "SELECT /* no */ 1", 0, "", `"/*"`},
		{"dollar quoting", "SELECT $$x$$", 0, "", `"$$"`},
		{"Sprintf template", "SELECT %s FROM t", 0, "", `"%s"`},
		{"indexed Sprintf template", "SELECT %[3]s FROM t", 0, "", `"%[3]s"`},
		{"empty", "-- only a comment\n", 0, "", "empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := parseStatement(tt.name, tt.text)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want one mentioning %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if st.params != tt.params || st.bun != tt.bun {
				t.Errorf("params %d bun %q; want %d %q", st.params, st.bun, tt.params, tt.bun)
			}
		})
	}
}

// TestEveryQueryFileIsDeclared: no query/*.sql file lies unused, and every
// declared statement parsed (declaration panics otherwise).
func TestEveryQueryFileIsDeclared(t *testing.T) {
	files, err := fs.Glob(queryFiles, "query/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("query files: %v %v", files, err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(strings.TrimPrefix(f, "query/"), ".sql")
		if statements[name] == nil {
			t.Errorf("%s is not declared with sqlFile(%q)", f, name)
		}
	}
	if len(statements) < len(files) {
		t.Errorf("%d statements for %d files", len(statements), len(files))
	}
}

// TestWrongArgumentCountSendsNothing: a call with one argument too few or
// too many fails with a clear error before any connection is made (the
// pool points at a closed port).
func TestWrongArgumentCountSendsNothing(t *testing.T) {
	db := bun.NewDB(sql.OpenDB(pgdriver.NewConnector(pgdriver.WithAddr("127.0.0.1:1"))), pgdialect.New())
	defer db.Close()
	st, err := parseStatement("probe", "SELECT $1::int + $2::int")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]any{{1}, {1, 2, 3}, nil} {
		var n int
		err := st.raw(db, args...).Scan(context.Background(), &n)
		if err == nil || !strings.Contains(err.Error(), "statement probe takes 2 arguments") {
			t.Errorf("%d arguments: err = %v", len(args), err)
		}
		if st.ran.Load() {
			t.Error("marked as run")
		}
	}
	s := newStore(&shared{DB: db})
	var rows []postRow
	if err := s.queryPrepared(context.Background(), st, &rows, 1); err == nil || !strings.Contains(err.Error(), "takes 2 arguments") {
		t.Errorf("prepared: err = %v", err)
	}
}

// TestRawSQLOnlyThroughStatements: outside statement.go and prepared.go no
// store code hands SQL text to bun or database/sql except a declared
// statement's own text (st.bun, st.text); create.go's CREATE DATABASE on
// the maintenance connection is the one exception (an identifier cannot
// be a parameter).
func TestRawSQLOnlyThroughStatements(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	runners := map[string]bool{"NewRaw": true, "ExecContext": true, "QueryContext": true, "QueryRowContext": true, "PrepareContext": true}
	allowed := map[string]bool{"statement.go": true, "prepared.go": true, "create.go": true, "conn.go": true} // conn.go passes the driver calls of database/sql through
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || allowed[name] {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || !runners[sel.Sel.Name] {
				return true
			}
			// The SQL is the first argument of NewRaw, the second of the
			// context-taking methods.
			i := 1
			if sel.Sel.Name == "NewRaw" {
				i = 0
			}
			if len(call.Args) > i {
				if arg, ok := call.Args[i].(*ast.SelectorExpr); ok && (arg.Sel.Name == "bun" || arg.Sel.Name == "text") {
					return true
				}
			}
			t.Errorf("%s: %s with SQL that is not a declared statement (use sqlFile/sqlText and st.raw)", fset.Position(call.Pos()), sel.Sel.Name)
			return true
		})
	}
}
