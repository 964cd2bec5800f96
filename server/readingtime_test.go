package server_test

import (
	"strings"
	"testing"
	"time"
)

// TestReadingTimeShown (issue 21 #6): the article and the Rich list show
// the stored reading time in the page's language; the Plain list does not;
// an image-only post shows none.
func TestReadingTimeShown(t *testing.T) {
	e := newEnv(t)
	en := e.user(0x1000000000000001, "alice", "Alice")
	ja := e.user(0x1000000000000002, "hanako", "花子")
	// 2 + 458 = 460 words: 2 minutes at 230 a minute.
	pe := e.post(0x2000000000000001, en, "# Long read\n\n"+strings.Repeat("word ", 458), "en", at(-time.Hour))
	img := e.post(0x2000000000000002, en, "![only](https://e.org/a.png)", "en", at(-2*time.Hour))
	// 1,508 characters and 2 words (Go, Rust): 3.02 minutes, rounded up to 4.
	pj := e.post(0x2000000000000003, ja, "# 長文\n\n"+strings.Repeat("あいう", 500)+"\n\nGo と Rust を比べます。", "ja", at(-time.Hour))
	cases := []struct{ path, want string }{
		{"/pub/" + pe.String(), `<span class="reading-time">2 min read</span>`},
		{"/sites/" + en.String(), `<span class="reading-time">2 min read</span>`},
		{"/pub/" + pj.String(), `<span class="reading-time">4 分で読めます</span>`},
		{"/sites/" + ja.String(), `<span class="reading-time">4 分で読めます</span>`},
	}
	for _, c := range cases {
		if body := e.get(c.path).Body.String(); !strings.Contains(body, c.want) {
			t.Errorf("%s lacks %s", c.path, c.want)
		}
	}
	if body := e.get("/sites/" + en.String() + "?view=plain").Body.String(); strings.Contains(body, "reading-time") {
		t.Error("the Plain list shows reading times")
	}
	if body := e.get("/pub/" + img.String()).Body.String(); strings.Contains(body, "reading-time") {
		t.Error("an image-only post shows a reading time")
	}
}
