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

// CheckDir refuses an output folder a copy must not write into: one that
// is a file, or holds files but no manifest of an earlier copy (a copy
// written into "/" or a home folder would mix with what is there, and a
// later run would not know what is its own). A missing or empty folder,
// or an earlier copy's, is accepted.
func CheckDir(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		if fi, serr := os.Stat(dir); serr == nil && !fi.IsDir() {
			return fmt.Errorf("staticcopy: %s is a file, not a folder", dir)
		}
		return fmt.Errorf("staticcopy: %w", err)
	case len(entries) == 0:
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, manifestFile)); err == nil {
		return nil
	}
	return fmt.Errorf("staticcopy: %s holds other files and no %s of an earlier copy: give a new or empty folder", dir, manifestFile)
}

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
