package main

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub/archive"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/internal/redisguard"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/server"
	"github.com/stgy/stgypub/webhook"
)

var updateREADME = flag.Bool("update", false, "rewrite the README's configuration table from the options table")

const readmePath = "../../README.md"

// readmeHeader opens the README's configuration table.
const readmeHeader = "| variable | default | meaning |\n|---|---|---|\n"

// readmeRow is an option's README row: name, default column, doc.
func readmeRow(o option) string {
	row := "|"
	for _, cell := range []string{"`" + o.name + "`", o.def, o.doc} {
		if cell == "" {
			row += " |"
		} else {
			row += " " + cell + " |"
		}
	}
	return row + "\n"
}

// TestOptionsMatchREADME: the README's configuration table is the options
// table, row for row: every option in both, in the same order, with the
// same default and doc; each doc states the range the option enforces and
// names the values besides the default a boolean or a choice takes.
// With -update the README's table is rewritten from the options table.
func TestOptionsMatchREADME(t *testing.T) {
	b, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	start := strings.Index(readme, readmeHeader)
	if start < 0 {
		t.Fatalf("README has no configuration table opening with %q", readmeHeader)
	}
	start += len(readmeHeader)
	end := start
	for end < len(readme) && readme[end] == '|' {
		end += strings.IndexByte(readme[end:], '\n') + 1
	}
	var want strings.Builder
	seen := map[string]bool{}
	for _, o := range (&config{}).options() {
		if seen[o.name] {
			t.Errorf("%s: two rows", o.name)
		}
		seen[o.name] = true
		if strings.Contains(o.doc, "|") {
			t.Errorf("%s: doc has a |, which would split its README cell", o.name)
		}
		if o.span != "" && !strings.Contains(o.doc, o.span) {
			t.Errorf("%s: doc does not state the accepted range %s: %q", o.name, o.span, o.doc)
		}
		for _, v := range o.others {
			if !strings.Contains(o.doc, "`"+v+"`") {
				t.Errorf("%s: doc does not name the value `%s`: %q", o.name, v, o.doc)
			}
		}
		want.WriteString(readmeRow(o))
	}
	if *updateREADME {
		if err := os.WriteFile(readmePath, []byte(readme[:start]+want.String()+readme[end:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got := strings.SplitAfter(readme[start:end], "\n")
	rows := strings.SplitAfter(want.String(), "\n")
	for i := 0; i < max(len(got), len(rows)); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(rows) {
			w = rows[i]
		}
		if g != w {
			t.Errorf("README configuration row %d:\n got %q\nwant %q\n(go test ./cmd/stgy-pub -run TestOptionsMatchREADME -update rewrites it)", i+1, g, w)
		}
	}
}

// notOptions are STGY_* names the code mentions that are no start-up
// option: the password `user create` reads, the retired ones.
func notOptions() map[string]bool {
	names := map[string]bool{"STGY_PASSWORD": true}
	for name := range retiredOptions {
		names[name] = true
	}
	return names
}

// TestOptionsCoverEveryVariable: every STGY_* name cmd/stgy-pub's code
// mentions is a row of the options table (or the password input or a
// retired name), and outside cmd/stgy-pub only the test helpers read the
// environment, and only STGY_TEST_* variables (config is read once, at
// start-up, in cmd).
func TestOptionsCoverEveryVariable(t *testing.T) {
	table := notOptions()
	for _, o := range (&config{}).options() {
		table[o.name] = true
	}
	name := regexp.MustCompile(`STGY_[A-Z0-9_]*[A-Z0-9]`)
	getenv := regexp.MustCompile(`os\.(?:Getenv|LookupEnv)\("(STGY_[A-Z0-9_]+)"\)`)
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != "../..") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		inCmd := filepath.Dir(path) == filepath.Join("..", "..", "cmd", "stgy-pub")
		if inCmd && !strings.HasSuffix(path, "_test.go") {
			for _, n := range name.FindAllString(string(b), -1) {
				if !table[n] {
					t.Errorf("%s mentions %s, which is not in the options table", path, n)
				}
			}
		}
		if !inCmd {
			for _, m := range getenv.FindAllStringSubmatch(string(b), -1) {
				if !strings.HasPrefix(m[1], "STGY_TEST_") {
					t.Errorf("%s reads %s: configuration is read in cmd/stgy-pub (options.go) only", path, m[1])
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// unsetOptions empties every option's variable for the test.
func unsetOptions(t *testing.T) {
	t.Helper()
	for _, o := range (&config{}).options() {
		t.Setenv(o.name, "")
	}
}

// TestLoadConfigDefaults: with nothing set, each option takes the default
// its package declares (the README's default column is written from the
// same values).
func TestLoadConfigDefaults(t *testing.T) {
	unsetOptions(t)
	c, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []struct {
		name      string
		got, want any
	}{
		{"STGY_DATABASE_URL", c.DatabaseURL, "postgres://postgres@127.0.0.1:5432/stgy_pub?sslmode=disable"},
		{"STGY_LISTEN", c.Listen, ":8080"},
		{"STGY_BASE_URL", c.BaseURL.String(), "http://localhost:8080"},
		{"STGY_ADMIN_LISTEN", c.AdminListen, defaultAdminListen},
		{"STGY_ACCESS_LOG", c.AccessLog, "all"},
		{"STGY_PUB_VIEW_KEY_ROTATION", c.RotateDaily, false},
		{"STGY_GRAPHQL_INTROSPECTION", c.Introspection, true},
		{"STGY_DEV", c.DevMode, false},
		{"STGY_PUB_VIEW_SECRET", len(c.ViewSecret), 0},
		{"STGY_PUB_VIEW_RETENTION_DAYS", c.RetentionDays, counter.DefaultRetentionDays},
		{"STGY_PUB_VIEW_FLUSH_INTERVAL", c.FlushInterval, counter.DefaultFlushInterval},
		{"STGY_REDIS_TIMEOUT", c.RedisTimeout, redisguard.DefaultTimeout},
		{"STGY_REDIS_BREAKER_OPEN", c.RedisBreakerOpen, redisguard.DefaultOpenFor},
		{"STGY_REDIS_BREAKER_FAILURES", c.RedisBreakerFailures, redisguard.DefaultFailures},
		{"STGY_REDIS_PAGE_BUDGET", c.RedisPageBudget, counter.DefaultBudget},
		{"STGY_PG_READ_DEADLINE", c.PGReadDeadline, server.DefaultPageDeadline},
		{"STGY_PUB_VIEW_QUEUE_BYTES", c.Views.QueueBytes, int64(counter.DefaultQueueBytes)},
		{"STGY_PUB_VIEW_DRAIN_TIMEOUT", c.Views.DrainTimeout, defaultDrainTimeout},
		{"STGY_PAGE_CACHE_BYTES", c.PageCacheBytes, int64(pagecache.DefaultMaxBytes)},
		{"STGY_ARCHIVE_MAX_BYTES", c.ArchiveMax, int64(archive.DefaultMaxBytes)},
		{"STGY_GRAPHQL_MAX_AGE", c.API.MaxAge, 30 * time.Second},
		{"STGY_PUB_COMMENTS_PER_HOUR", c.Comments.CommentsPerHour, 20},
		{"STGY_PUB_LIVE_KEEPALIVE", c.Live.KeepAlive, 15 * time.Second},
		{"STGY_WEBHOOK_MAX_PER_OWNER", c.Hooks.MaxPerOwner, webhook.DefaultMaxPerOwner},
		{"STGY_WEBHOOK_CONCURRENCY", c.Hooks.Concurrency, 4},
	} {
		if d.got != d.want {
			t.Errorf("%s unset: %v, want %v", d.name, d.got, d.want)
		}
	}
	if len(c.API.Documents) == 0 {
		t.Error("the UI's persisted documents are not on the allow-list")
	}
}

// TestOptionsRefuseGarbage: every option with a range refuses a value
// that is not a number, duration or size, naming the variable.
func TestOptionsRefuseGarbage(t *testing.T) {
	for _, o := range (&config{}).options() {
		if o.span == "" {
			continue
		}
		t.Run(o.name, func(t *testing.T) {
			unsetOptions(t)
			t.Setenv(o.name, "lots")
			if _, err := loadConfig(); err == nil || !strings.Contains(err.Error(), o.name+` "lots": want `) {
				t.Errorf("%s=lots: error %v, want one naming the variable and what it wants", o.name, err)
			}
		})
	}
}

func TestFormatDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0", time.Minute: "1m", 24 * time.Hour: "24h", 90 * time.Minute: "1h30m",
		2500 * time.Millisecond: "2.5s", 50 * time.Millisecond: "50ms", time.Hour + time.Second: "1h0m1s",
	} {
		if got := formatDuration(d); got != want {
			t.Errorf("formatDuration(%v) = %q, want %q", d, got, want)
		}
		if back, err := time.ParseDuration(formatDuration(d)); d != 0 && (err != nil || back != d) {
			t.Errorf("%q parses to %v, %v", formatDuration(d), back, err)
		}
	}
}
