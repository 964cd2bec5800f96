package store

import (
	"embed"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/uptrace/bun"
)

// Every SQL statement of the project is written whole, once
// (docs/ARCHITECTURE.md "PostgreSQL"): long ones as query/<name>.sql,
// loaded by name with sqlFile, short ones as constants declared with
// sqlText, and statement families (variants, shared rules) as
// query/<family>.gotxt templates rendered once at package load with
// sqlTemplate (statement_template.go). None is assembled at run time, so
// what PostgreSQL runs and EXPLAIN takes is one fixed text per statement. Placeholders are PostgreSQL's
// $1..$n, each used at least once; full-line "--" comments (the
// statement's description) are dropped before anything is sent.

//go:embed query/*.sql
var queryFiles embed.FS

// statement is one whole SQL statement.
type statement struct {
	name   string
	text   string // as written, comments dropped, $n placeholders: for PREPARE
	bun    string // text with bun's ?0..?n-1 placeholders: for bun raw queries and their hooks
	params int    // n, the number of arguments every call must pass
	ran    atomic.Bool
}

// statements holds every declared statement by name (tests list them).
var statements = map[string]*statement{}

// sqlFile declares the statement of query/<name>.sql. A missing or
// malformed file panics when the package is loaded, so no test can pass
// without it.
func sqlFile(name string) *statement {
	b, err := queryFiles.ReadFile("query/" + name + ".sql")
	if err != nil {
		panic(fmt.Sprintf("store: statement %s: %v", name, err))
	}
	return declare(name, string(b))
}

// sqlText declares a short statement written in the code.
func sqlText(name, text string) *statement { return declare(name, text) }

func declare(name, text string) *statement {
	st, err := parseStatement(name, text)
	if err != nil {
		panic(err.Error())
	}
	if statements[name] != nil {
		panic("store: statement " + name + " declared twice")
	}
	statements[name] = st
	return st
}

var (
	placeholderRE = regexp.MustCompile(`\$([0-9]+)`)
	// stray are what must not reach bun's formatter or hide a template:
	// bun placeholders, inline comments, dollar quoting, Printf verbs.
	strayRE = regexp.MustCompile(`\?|--|/\*|\$\$|%[-+# 0-9.\[\]]*[a-zA-Z]`)
)

// parseStatement drops full-line comments and checks the placeholders:
// only $n, numbered from 1 without gaps.
func parseStatement(name, text string) (*statement, error) {
	var lines []string
	for line := range strings.SplitSeq(text, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "--") {
			lines = append(lines, strings.TrimRight(line, " \t\r"))
		}
	}
	body := strings.TrimSpace(strings.Join(lines, "\n"))
	if body == "" {
		return nil, fmt.Errorf("store: statement %s is empty", name)
	}
	if m := strayRE.FindString(body); m != "" {
		return nil, fmt.Errorf("store: statement %s: %q is not allowed (use $n placeholders, full-line -- comments)", name, m)
	}
	seen := map[int]bool{}
	params := 0
	for _, m := range placeholderRE.FindAllStringSubmatch(body, -1) {
		n, err := strconv.Atoi(m[1])
		if err != nil || n < 1 {
			return nil, fmt.Errorf("store: statement %s: bad placeholder $%s", name, m[1])
		}
		seen[n] = true
		params = max(params, n)
	}
	for i := 1; i <= params; i++ {
		if !seen[i] {
			return nil, fmt.Errorf("store: statement %s uses $%d but not $%d", name, params, i)
		}
	}
	bunText := placeholderRE.ReplaceAllStringFunc(body, func(m string) string {
		n, _ := strconv.Atoi(m[1:])
		return "?" + strconv.Itoa(n-1)
	})
	return &statement{name: name, text: body, bun: bunText, params: params}, nil
}

// check returns an error, before anything is sent, when args does not hold
// exactly one argument per placeholder, and marks st as run otherwise.
func (st *statement) check(args []any) error {
	if len(args) != st.params {
		return fmt.Errorf("store: statement %s takes %d arguments, got %d", st.name, st.params, len(args))
	}
	st.ran.Store(true)
	return nil
}

// raw is st as a bun raw query with args on db (the pool or a
// transaction), so bun's query hooks see it. With a wrong number of
// arguments its Scan and Exec fail without sending anything.
func (st *statement) raw(db bun.IDB, args ...any) *bun.RawQuery {
	q := db.NewRaw(st.bun, args...)
	if err := st.check(args); err != nil {
		return q.Err(err)
	}
	return q
}

// statementNames lists the declared statements, sorted.
func statementNames() []string {
	names := make([]string, 0, len(statements))
	for n := range statements {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
