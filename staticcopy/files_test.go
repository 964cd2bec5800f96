package staticcopy

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCheckDir: a copy goes into a new, empty or earlier copy's folder,
// never among other files.
func TestCheckDir(t *testing.T) {
	root := t.TempDir()
	mk := func(name, body string) string {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	empty := filepath.Join(root, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	mk("copy/"+manifestFile, "index.html\n")
	mk("copy/index.html", "<p>")
	mk("home/notes.txt", "mine")
	file := mk("plain.txt", "x")
	for dir, ok := range map[string]bool{
		filepath.Join(root, "new"): true, empty: true, filepath.Join(root, "copy"): true,
		filepath.Join(root, "home"): false, file: false, "/": false,
	} {
		if err := CheckDir(dir); (err == nil) != ok {
			t.Errorf("CheckDir(%s) = %v, want ok %v", dir, err, ok)
		}
	}
}
