package stgypub_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestArchitecturePackageTable: docs/ARCHITECTURE.md's package table
// names exactly the module's packages (every folder with a non-test Go
// file), so a package added, moved or deleted shows up in the doc.
func TestArchitecturePackageTable(t *testing.T) {
	b, err := os.ReadFile("docs/ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	const header = "| package | owns | imports (of the module) |\n|---|---|---|\n"
	start := strings.Index(doc, header)
	if start < 0 {
		t.Fatalf("docs/ARCHITECTURE.md has no package table opening with %q", header)
	}
	name := regexp.MustCompile("`([^`]+)`")
	var documented []string
	for _, row := range strings.Split(doc[start+len(header):], "\n") {
		if !strings.HasPrefix(row, "|") {
			break
		}
		first := strings.Split(row, "|")[1]
		for _, m := range name.FindAllStringSubmatch(first, -1) {
			pkg := strings.TrimSuffix(m[1], "/")
			if pkg == "stgypub" {
				pkg = "."
			}
			documented = append(documented, pkg)
		}
	}
	var packages []string
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != "." && (strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") || n == "testdata" || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			if dir := filepath.ToSlash(filepath.Dir(path)); !slices.Contains(packages, dir) {
				packages = append(packages, dir)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range packages {
		if !slices.Contains(documented, p) {
			t.Errorf("package %s is not in docs/ARCHITECTURE.md's package table", p)
		}
	}
	for i, p := range documented {
		if !slices.Contains(packages, p) {
			t.Errorf("docs/ARCHITECTURE.md's package table names %s, which is no package", p)
		}
		if slices.Contains(documented[:i], p) {
			t.Errorf("docs/ARCHITECTURE.md's package table names %s twice", p)
		}
	}
	if len(packages) < 10 {
		t.Errorf("found only %d packages: %v", len(packages), packages)
	}
}
