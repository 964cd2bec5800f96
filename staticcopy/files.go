package staticcopy

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// manifestFile lists the copy's files (one slash-separated path a line,
// sorted), so a later run removes those the site no longer has (an
// unpublished post) and nothing else of the folder.
const manifestFile = ".stgy-static"

// writeFiles writes files under dir, the manifest with them: every file,
// or with incremental only those whose bytes differ from what is there.
// Files of the previous manifest that files lacks are removed.
func writeFiles(dir string, files map[string][]byte, incremental bool) (Result, error) {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var manifest bytes.Buffer
	for _, n := range names {
		manifest.WriteString(n + "\n")
	}
	old, err := readManifest(dir)
	if err != nil {
		return Result{}, err
	}
	res := Result{Files: len(names)}
	for _, n := range append(names, manifestFile) {
		body := files[n]
		if n == manifestFile {
			body = manifest.Bytes()
		}
		w, err := writeFile(filepath.Join(dir, filepath.FromSlash(n)), body, incremental)
		if err != nil {
			return res, err
		}
		if w && n != manifestFile {
			res.Written++
		}
	}
	for _, n := range old {
		if _, ok := files[n]; ok {
			continue
		}
		if err := os.Remove(filepath.Join(dir, filepath.FromSlash(n))); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return res, fmt.Errorf("staticcopy: %w", err)
		}
		res.Removed++
	}
	return res, nil
}

// writeFile writes body to name (its folders created); with incremental
// it leaves a file holding exactly body alone. It reports whether it
// wrote.
func writeFile(name string, body []byte, incremental bool) (bool, error) {
	if incremental {
		if cur, err := os.ReadFile(name); err == nil && bytes.Equal(cur, body) {
			return false, nil
		}
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return false, fmt.Errorf("staticcopy: %w", err)
	}
	// A new file is renamed into place, so a server never serves half.
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, body, 0o644); err != nil {
		return false, fmt.Errorf("staticcopy: %w", err)
	}
	if err := os.Rename(tmp, name); err != nil {
		return false, fmt.Errorf("staticcopy: %w", err)
	}
	return true, nil
}

// readManifest lists the previous run's files; none without a manifest.
// Paths that would leave dir are ignored.
func readManifest(dir string) ([]string, error) {
	f, err := os.Open(filepath.Join(dir, manifestFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("staticcopy: %w", err)
	}
	defer f.Close()
	var out []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		n := s.Text()
		if n == "" || !filepath.IsLocal(filepath.FromSlash(n)) || strings.HasPrefix(n, ".") {
			continue
		}
		out = append(out, n)
	}
	return out, s.Err()
}
