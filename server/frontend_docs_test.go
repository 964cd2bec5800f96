package server_test

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// docSnippet returns the first fenced block of lang after heading in
// docs/API.md.
func docSnippet(t *testing.T, heading, lang string) string {
	t.Helper()
	b, err := os.ReadFile("../docs/API.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i := strings.Index(doc, heading)
	if i < 0 {
		t.Fatalf("docs/API.md has no %q", heading)
	}
	j := strings.Index(doc[i:], "```"+lang+"\n")
	if j < 0 {
		t.Fatalf("no %s block after %q", lang, heading)
	}
	body := doc[i+j+len("```"+lang+"\n"):]
	return body[:strings.Index(body, "```")]
}

// TestFrontendDocsRun runs docs/API.md "A working example (urql)" as
// written, against a server with one published post: the Node example
// (node ui/app/examples/frontend/node.mjs BASE_URL) and the ES module
// snippet saved as a .mjs file, which must print the article's title and
// a counted view. It needs node and ui/app's packages (npm ci --prefix
// ui/app, the documented first step); without them it is skipped, saying
// so, unless STGY_TEST_FRONTEND_DOCS=1 (scripts/test.sh's ui suite, which
// runs it after installing them), where their absence fails it.
func TestFrontendDocsRun(t *testing.T) {
	skip := t.Skip
	if os.Getenv("STGY_TEST_FRONTEND_DOCS") == "1" {
		skip = t.Fatal
	}
	if _, err := exec.LookPath("node"); err != nil {
		skip("node is not installed (the documented commands need Node 20)")
	}
	if _, err := os.Stat("../ui/app/node_modules/@urql/core"); err != nil {
		// scripts/test.sh's go suite runs from a copy without
		// node_modules; its ui suite runs this test again after npm ci.
		skip("ui/app/node_modules is missing: run the documented `npm ci --prefix ui/app` first")
	}
	c := newCluster(t, 1, nil, "")
	c.app.Clock.Set(time.Now())
	c.createPost("# Documented article\n\nIt is read by the example.", at(-time.Hour))
	srv := httptest.NewServer(c.nodes[0].srv)
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	snippet := docSnippet(t, "### A working example (urql)", "js")
	f := filepath.Join("..", "ui", "app", "frontend-doc-snippet-test.mjs") // beside ui/app/node_modules
	if err := os.WriteFile(f, []byte(snippet), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(f) })
	cmd := exec.CommandContext(ctx, "node", f)
	cmd.Env = append(os.Environ(), "API="+srv.URL+"/graphql")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Documented article") || !strings.Contains(string(out), "recorded: true") {
		t.Errorf("the docs' urql snippet: %v\n%s", err, out)
	}

	// The same reader (address) again: the view is not counted twice.
	out, err = exec.CommandContext(ctx, "node", "../ui/app/examples/frontend/node.mjs", srv.URL).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Documented article") || !strings.Contains(string(out), `"view":{"recorded":false,"pv":1}`) {
		t.Errorf("node ui/app/examples/frontend/node.mjs: %v\n%s", err, out)
	}
}
