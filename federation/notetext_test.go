package federation_test

import (
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/federation"
)

// TestNoteText: a Note's HTML becomes plain text with links kept as
// "text (URL)" and nothing else of the markup.
func TestNoteText(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"paragraphs", `<p>Hello</p><p>world</p>`, "Hello\n\nworld"},
		{"line breaks", `<p>one<br>two<br/>three</p>`, "one\ntwo\nthree"},
		{"entities", `<p>a &lt;b&gt; &amp; &quot;c&quot; &#x1F600;</p>`, `a <b> & "c" 😀`},
		{"white space collapsed", "<p>  lots\n of\t space  </p>", "lots of space"},
		{"script dropped", `<p>hi<script>alert("x")</script> there</p><style>p{}</style>`, "hi there"},
		{"script in link", `<a href="https://e.example/"><script>x()</script>site</a>`, "site (https://e.example/)"},
		{"unclosed script", `<p>before</p><script>alert(1)`, "before"},
		{"nested markup", `<p><strong>bold <em>and <u>deep</u></em></strong> text</p><blockquote><p>quoted</p></blockquote>`, "bold and deep text\n\nquoted"},
		{"link text and URL", `<p>see <a href="https://blog.example/a?b=1&amp;c=2">this post</a>!</p>`, "see this post (https://blog.example/a?b=1&c=2)!"},
		{"Mastodon shortened link", `<a href="https://example.com/a/very/long/path" rel="nofollow noopener" target="_blank"><span class="invisible">https://</span><span class="ellipsis">example.com/a/very/</span><span class="invisible">long/path</span></a>`, "https://example.com/a/very/long/path"},
		{"ellipsis display", `<a href="https://example.com/a/very/long/path">example.com/a/very/…</a>`, "https://example.com/a/very/long/path"},
		{"mention and hashtag", `<p><span class="h-card"><a href="https://s.example/@alice" class="u-url mention">@<span>alice</span></a></span> nice <a href="https://m.example/tags/go" class="mention hashtag" rel="tag">#<span>go</span></a></p>`, "@alice nice #go"},
		{"javascript link", `<a href="javascript:alert(1)">click</a>`, "click"},
		{"empty link text", `<p>x <a href="https://e.example/p"></a></p>`, "x https://e.example/p"},
		{"image dropped", `<p>pic <img src="https://e.example/i.png" alt="cat"> end</p>`, "pic end"},
		{"Japanese", `<p>こんにちは、<a href="https://例え.jp/記事">記事</a>を読みました。</p><p>ありがとう！</p>`, "こんにちは、記事 (https://例え.jp/記事)を読みました。\n\nありがとう！"},
		{"list", `<ul><li>one</li><li>two</li></ul>`, "one\ntwo"},
		{"pre kept", "<pre>a  b\n  c</pre>", "a  b\n  c"},
		{"plain text", "just text", "just text"},
		{"broken markup", `<p><a href="https://e.example/">open <b>never closed`, "open never closed (https://e.example/)"},
		{"empty", ``, ""},
		{"only markup", `<p><br></p><script>x</script>`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := federation.NoteText(tc.in); got != tc.want {
				t.Fatalf("NoteText(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
			if tc.want != "" {
				if b, err := stgypub.CheckBody(federation.NoteText(tc.in), stgypub.CommentBodyMaxChars); err != nil || b != tc.want+"\n" {
					t.Fatalf("as a comment body: %q, %v", b, err)
				}
			}
		})
	}
}
