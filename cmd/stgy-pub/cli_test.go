package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"flag"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/demo"
	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/store/storetest"
)

// cliEnv points every STGY_* variable the commands read at a database
// that does not exist yet (its name is returned, dropped at cleanup),
// runs in an empty temporary folder (returned) and holds the listen
// address, so a command that ran instead of printing help would create
// the database or a file, or fail to listen.
func cliEnv(t *testing.T) (dbName, dir string) {
	t.Helper()
	var b [6]byte
	_, _ = rand.Read(b[:])
	dbName = "stgy_cli_" + hex.EncodeToString(b[:])
	u, err := url.Parse(storetest.BaseURL())
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + dbName
	t.Cleanup(func() { dropDatabase(dbName) })
	held, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { held.Close() })
	t.Setenv("STGY_DATABASE_URL", u.String())
	t.Setenv("STGY_REDIS_URL", "redis://127.0.0.1:1/0")
	t.Setenv("STGY_LISTEN", held.Addr().String())
	t.Setenv("STGY_ADMIN_LISTEN", "off")
	t.Setenv("STGY_PUB_VIEW_SECRET", "")
	dir = t.TempDir()
	t.Chdir(dir)
	return dbName, dir
}

func dropDatabase(name string) {
	admin := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(storetest.BaseURL())))
	defer admin.Close()
	_, _ = admin.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
}

func databaseExists(t *testing.T, name string) bool {
	t.Helper()
	admin := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(storetest.BaseURL())))
	defer admin.Close()
	var n int
	if err := admin.QueryRowContext(t.Context(), "SELECT count(*) FROM pg_database WHERE datname = $1", name).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n > 0
}

// runCLI runs the command line args in-process and returns its exit
// status, standard output and standard error (the help and usage text).
func runCLI(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := cli(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestHelpRunsNothing (issue 22 #5) walks every command and subcommand
// with -h, -help and --help (alone, after flags and after a positional
// argument): each prints its usage on stdout and exits 0, with nothing
// on stderr; and afterwards no database was created, the working folder
// is still empty and nothing listened. It does so twice, the second time
// with a configuration that does not load (help reads none).
func TestHelpRunsNothing(t *testing.T) {
	db, dir := cliEnv(t)
	type walk struct {
		args []string
		want []string // in the usage text
	}
	var walks []walk
	for _, h := range []string{"-h", "-help", "--help", "help"} {
		walks = append(walks, walk{[]string{h}, []string{"usage: stgy-pub COMMAND", "archive", "import-views", "serve", "user"}})
	}
	var each func(path []string, cs []command)
	each = func(path []string, cs []command) {
		for _, c := range cs {
			p := append(append([]string{}, path...), c.name)
			want := []string{"usage: stgy-pub " + strings.Join(p, " "), c.summary}
			if c.sub != nil {
				for _, s := range c.sub {
					want = append(want, s.name)
				}
				each(p, c.sub)
			} else {
				fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
				c.flags(fs)
				fs.VisitAll(func(f *flag.Flag) { want = append(want, "-"+f.Name) })
			}
			for _, h := range []string{"-h", "-help", "--help"} {
				walks = append(walks, walk{append(append([]string{}, p...), h), want})
			}
			if len(path) == 0 {
				walks = append(walks, walk{[]string{"help", c.name}, want})
			}
		}
	}
	each(nil, commands)
	walks = append(walks,
		walk{[]string{"import-views", "views.csv", "--help"}, []string{"usage: stgy-pub import-views FILE"}},
		walk{[]string{"import", "-user", "alice", "--help"}, []string{"usage: stgy-pub import", "-source"}},
		walk{[]string{"import", "-user", "alice", "some/folder", "-h"}, []string{"usage: stgy-pub import"}},
		walk{[]string{"user", "create", "-login", "alice", "-help"}, []string{"usage: stgy-pub user create", "-nickname"}},
		walk{[]string{"user", "set-password", "-login", "alice", "--help"}, []string{"usage: stgy-pub user set-password", "-password"}},
		walk{[]string{"archive", "export", "-user", "alice", "-o", "alice.tgz", "--help"}, []string{"usage: stgy-pub archive export", "-user", "-o"}},
		walk{[]string{"archive", "import", "alice.tgz", "-h"}, []string{"usage: stgy-pub archive import", "-as"}},
		walk{[]string{"archive", "import", "-as", "bob", "alice.tgz", "-help"}, []string{"usage: stgy-pub archive import"}},
	)
	for pass := range 2 {
		if pass == 1 {
			t.Setenv("STGY_MAX_CONNS", "not-a-number")
			t.Setenv("STGY_BASE_URL", "ftp://nowhere")
		}
		for _, w := range walks {
			code, out, errOut := runCLI(w.args...)
			if code != 0 || errOut != "" {
				t.Errorf("pass %d: stgy-pub %s: exit %d, stderr %q", pass, strings.Join(w.args, " "), code, errOut)
			}
			for _, s := range w.want {
				if !strings.Contains(out, s) {
					t.Errorf("pass %d: stgy-pub %s: usage lacks %q:\n%s", pass, strings.Join(w.args, " "), s, out)
				}
			}
		}
	}
	if len(walks) < 30 {
		t.Fatalf("only %d help invocations walked", len(walks))
	}
	if databaseExists(t, db) {
		t.Errorf("help created the database %s", db)
	}
	if ents, _ := os.ReadDir(dir); len(ents) > 0 {
		t.Errorf("help created files: %v", ents)
	}
}

// TestWrongInvocations: a missing or unknown command, a missing argument
// or an unknown flag exits 2 with the reason and the usage on stderr,
// before anything is opened.
func TestWrongInvocations(t *testing.T) {
	db, dir := cliEnv(t)
	// A folder with someone's files: no archive or static copy goes there.
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "usage: stgy-pub COMMAND"},
		{[]string{"bogus"}, `unknown command "bogus"`},
		{[]string{"user"}, "usage: stgy-pub user"},
		{[]string{"user", "delete"}, `unknown command "delete"`},
		{[]string{"import"}, "want 1 argument(s), got 0"},
		{[]string{"import-views"}, "want 1 argument(s), got 0"},
		{[]string{"import-views", "a.csv", "b.csv"}, "want 1 argument(s), got 2"},
		{[]string{"migrate", "now"}, "want 0 argument(s), got 1"},
		{[]string{"demo", "help"}, "want 0 argument(s), got 1"},
		{[]string{"serve", "-port", "80"}, "flag provided but not defined: -port"},
		{[]string{"user", "create", "-nick", "x"}, "flag provided but not defined: -nick"},
		{[]string{"archive", "export", "-user", "gopher", "-o", dir}, "is a folder: name the archive file"},
		{[]string{"archive", "import", dir}, "is a folder: give the archive file"},
		{[]string{"static", "-user", "gopher", "-o", dir}, "holds other files and no .stgy-static"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) || !strings.Contains(errOut, "usage: stgy-pub") {
			t.Errorf("stgy-pub %s: exit %d, stdout %q, stderr %q (want %q)", strings.Join(c.args, " "), code, out, errOut, c.want)
		}
	}
	// A missing required flag is found after the configuration is read,
	// still before the database is touched.
	for _, args := range [][]string{{"user", "create"}, {"user", "make-admin", "-revoke"}, {"import", "."}} {
		code, _, errOut := runCLI(args...)
		if code != 2 || !strings.Contains(errOut, "is required") || !strings.Contains(errOut, "usage: stgy-pub") {
			t.Errorf("stgy-pub %s: exit %d, stderr %q", strings.Join(args, " "), code, errOut)
		}
	}
	if databaseExists(t, db) {
		t.Errorf("a wrong invocation created the database %s", db)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 || ents[0].Name() != "notes.txt" {
		t.Errorf("a wrong invocation created files: %v", ents)
	}
}

// TestImportViewsAsREADME runs `stgy-pub import-views views.csv` as the
// README writes it, without STGY_PUB_VIEW_SECRET (with STGY_DEV=true and
// without): importing records no page view, so it needs no secret. A
// second run changes nothing; an unknown post names its line.
func TestImportViewsAsREADME(t *testing.T) {
	rs := privateRedis(t)
	cfg := testConfig(t, rs.Addr)
	st, err := openStore(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := demo.Load(t.Context(), st.Posts, st.Users, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	posts, err := st.Posts.PublishedByUser(t.Context(), loaded[0].UserID, stgypubQuery(2))
	if err != nil || len(posts) < 2 {
		t.Fatalf("%d posts: %v", len(posts), err)
	}
	st.Close()
	_, dir := cliEnv(t)
	t.Setenv("STGY_DATABASE_URL", cfg.DatabaseURL)
	t.Setenv("STGY_REDIS_URL", cfg.RedisURL)
	csv := fmt.Sprintf("postId,views\n%s,138\n%s,7\n", posts[0].ID, posts[1].ID)
	if err := os.WriteFile(filepath.Join(dir, "views.csv"), []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, dev := range []string{"true", ""} {
		t.Setenv("STGY_DEV", dev)
		code, _, errOut := runCLI("import-views", "views.csv")
		if code != 0 {
			t.Fatalf("run %d (STGY_DEV=%q): exit %d: %s", i, dev, code, errOut)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, ".data")); err == nil {
		t.Errorf("import-views wrote a development secret")
	}
	if err := os.WriteFile(filepath.Join(dir, "bad.csv"), []byte("FFFFFFFFFFFFFFF0,3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI("import-views", "bad.csv"); code != 1 || !strings.Contains(errOut, "line 1") {
		t.Errorf("unknown post: exit %d: %s", code, errOut)
	}
}

// TestUserPasswordFromStdin: without -password and STGY_PASSWORD, and
// with standard input not a terminal, user create and set-password read
// one line of it; the account then signs in with it.
func TestUserPasswordFromStdin(t *testing.T) {
	rs := privateRedis(t)
	cfg := testConfig(t, rs.Addr)
	cliEnv(t)
	t.Setenv("STGY_DATABASE_URL", cfg.DatabaseURL)
	t.Setenv("STGY_REDIS_URL", cfg.RedisURL)
	t.Setenv("STGY_PASSWORD", "")
	stdin := func(line string) {
		f, err := os.CreateTemp(t.TempDir(), "stdin")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = f.WriteString(line)
		_, _ = f.Seek(0, 0)
		old := os.Stdin
		os.Stdin = f
		t.Cleanup(func() { os.Stdin = old; f.Close() })
	}
	stdin("first password 1\n")
	if code, _, errOut := runCLI("user", "create", "-login", "alice"); code != 0 {
		t.Fatalf("user create: exit %d: %s", code, errOut)
	}
	stdin("\ufeffsecond password 2\r\n")
	if code, _, errOut := runCLI("user", "set-password", "-login", "alice"); code != 0 {
		t.Fatalf("user set-password: exit %d: %s", code, errOut)
	}
	st, err := store.Open(t.Context(), cfg.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc := auth.New(st.Users, st.Users, auth.Config{})
	if _, err := svc.Login(t.Context(), "alice", "second password 2"); err != nil {
		t.Errorf("login with the new password: %v", err)
	}
	if _, err := svc.Login(t.Context(), "alice", "first password 1"); err == nil {
		t.Errorf("the old password still signs in")
	}
}
