package templates

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestScopeIDs(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"no page prefix is returned as is", `<h2 id="comments">C</h2><a href="#comments">c</a>`, `<h2 id="comments">C</h2><a href="#comments">c</a>`},
		{"id in the page namespace", `<span id="stgy-x-widgets">x</span>`, `<span id="user-content-stgy-x-widgets">x</span>`},
		{"fragment link follows its target",
			`<p><a rel="nofollow noopener" href="#stgy-share">jump</a></p>`,
			`<p><a rel="nofollow noopener" href="#user-content-stgy-share">jump</a></p>`},
		{"headers list", `<td headers="a stgy-h b">d</td>`, `<td headers="a user-content-stgy-h b">d</td>`},
		{"other attributes kept and escaped", `<h2 id="stgy-a" title="&#34;q&#34; &amp; &lt;x&gt;">A</h2>`, `<h2 id="user-content-stgy-a" title="&#34;q&#34; &amp; &lt;x&gt;">A</h2>`},
		{"self-closing tag", `<br id="stgy-b"/>`, `<br id="user-content-stgy-b"/>`},
		{"ids merely containing the prefix", `<i id="my-stgy-x">x</i><i id="STGY-x">y</i>`, `<i id="my-stgy-x">x</i><i id="STGY-x">y</i>`},
		{"links elsewhere untouched", `<a href="https://example.com/stgy-x#stgy-y">e</a><a href="/p#stgy-z">p</a>`, `<a href="https://example.com/stgy-x#stgy-y">e</a><a href="/p#stgy-z">p</a>`},
		{"text is not markup", `<p>id=&#34;stgy-x&#34; stgy-y</p>`, `<p>id=&#34;stgy-x&#34; stgy-y</p>`},
		{"already scoped id is not a page id", `<p id="user-content-stgy-x">u</p>`, `<p id="user-content-stgy-x">u</p>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ScopeIDs(tt.in); got != tt.want {
				t.Errorf("ScopeIDs(%s)\n got %s\nwant %s", tt.in, got, tt.want)
			}
		})
	}
}

var (
	templateIDRE = regexp.MustCompile(`\sid="([^"]*)"`)
	scriptIDRE   = regexp.MustCompile(`load\(\s*"[^"]*",\s*"([^"]*)"\s*\)|getElementById\(\s*"([^"]*)"\s*\)|\.id\s*=\s*"([^"]*)"`)
)

// TestPageOwnIDsUsePrefix: every id the page itself uses, in the
// templates and in the public page's script, starts with PageIDPrefix, the
// namespace ScopeIDs keeps user content out of.
func TestPageOwnIDsUsePrefix(t *testing.T) {
	var files []string
	err := filepath.WalkDir("templates", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, path)
		}
		return err
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("templates: %v (%d files)", err, len(files))
	}
	files = append(files, filepath.Join("..", "ui", "static", "pub.js"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, m := range templateIDRE.FindAllStringSubmatch(string(b), -1) {
			ids = append(ids, m[1])
		}
		if strings.HasSuffix(f, ".js") {
			for _, m := range scriptIDRE.FindAllStringSubmatch(string(b), -1) {
				ids = append(ids, m[1]+m[2]+m[3])
			}
		}
		for _, id := range ids {
			if !strings.HasPrefix(id, PageIDPrefix) {
				t.Errorf("%s: id %q outside the page namespace %q", f, id, PageIDPrefix)
			}
		}
	}
}
