package markdown

import (
	"net/url"
	"strings"
	"testing"
)

func TestAbsoluteURLs(t *testing.T) {
	base, _ := url.Parse("https://pub.example.test/pub/19FD000000100001")
	cases := []struct{ in, want string }{
		{`<p><a href="#fn-1">1</a></p>`, `<p><a href="https://pub.example.test/pub/19FD000000100001#fn-1">1</a></p>`},
		{`<img src="/img/a.png" alt="A">`, `<img src="https://pub.example.test/img/a.png" alt="A">`},
		{`<img src="pics/a%20b.png">`, `<img src="https://pub.example.test/pub/pics/a%20b.png">`},
		{`<a href="https://go.dev/x">go</a> <a href="mailto:a@example.com">m</a>`, `<a href="https://go.dev/x">go</a> <a href="mailto:a@example.com">m</a>`},
		{`<img srcset="a.png 1x, /b.png 2x" src="https://e.org/c.png">`, `<img srcset="https://pub.example.test/pub/a.png 1x, https://pub.example.test/b.png 2x" src="https://e.org/c.png">`},
		{`<a href="//cdn.e.org/x">x</a>`, `<a href="https://cdn.e.org/x">x</a>`},
		{`<p>text &amp; &lt;b&gt; stays</p>`, `<p>text &amp; &lt;b&gt; stays</p>`},
		{`<blockquote cite="/src">q</blockquote>`, `<blockquote cite="https://pub.example.test/src">q</blockquote>`},
	}
	for _, c := range cases {
		if got := AbsoluteURLs(c.in, base); got != c.want {
			t.Errorf("AbsoluteURLs(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
	// A whole rendered article keeps its text and loses every relative URL.
	html := Render("# T\n\nSee [below](#x) and ![i](img/i.png) and [site](/sites/1).[^1]\n\n[^1]: Note.\n", Options{})
	got := AbsoluteURLs(html, base)
	for _, bad := range []string{`href="#`, `src="img/`, `href="/sites`} {
		if strings.Contains(got, bad) {
			t.Errorf("relative URL left: %s\n%s", bad, got)
		}
	}
	if !strings.Contains(got, "Note.") || !strings.Contains(got, "https://pub.example.test/sites/1") {
		t.Errorf("text or link lost: %s", got)
	}
}
