package markdown

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// rawContentElements must never be elements of the output: their content
// is raw text, RCDATA, inert or foreign content.
var rawContentElements = map[string]bool{
	"script": true, "style": true, "title": true, "textarea": true,
	"xmp": true, "iframe": true, "noembed": true, "noframes": true,
	"noscript": true, "plaintext": true, "template": true, "math": true,
	"svg": true,
}

// parseOutput parses out as the content of a <body> and returns its text
// (references decoded) and the names of its elements.
func parseOutput(t *testing.T, out string) (text string, elements map[string]bool) {
	t.Helper()
	body := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	nodes, err := html.ParseFragment(strings.NewReader(out), body)
	if err != nil {
		t.Fatalf("parse %q: %v", out, err)
	}
	var b strings.Builder
	elements = make(map[string]bool)
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			b.WriteString(n.Data)
		case html.ElementNode:
			elements[n.Data] = true
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return b.String(), elements
}

// assertNoRawContentElements fails if out has one of rawContentElements.
func assertNoRawContentElements(t *testing.T, out string) (text string) {
	t.Helper()
	text, elements := parseOutput(t, out)
	for name := range elements {
		if rawContentElements[name] {
			t.Errorf("<%s> element in %q", name, out)
		}
	}
	return text
}

const (
	secondPara = "Second paragraph that must still be visible"
	thirdPara  = "Third paragraph"
	afterTag   = "\n\n" + secondPara + ".\n\n## More\n\n" + thirdPara + "."
)

func TestRawHTMLKeepsContent(t *testing.T) {
	tests := []struct {
		name, src string
		text      []string // in the text of the output
		html      []string // in the output itself
	}{
		{"title in prose", "# HTML tips\n\nThe <title> element sets the text of the browser tab." + afterTag,
			[]string{"The <title> element sets the text of the browser tab.", secondPara, thirdPara},
			[]string{"&lt;title&gt;", `<h2 id="more">More</h2>`}},
		{"bare script", "A bare <script> tag." + afterTag, []string{"A bare <script> tag.", secondPara, thirdPara}, []string{"&lt;script&gt;"}},
		{"bare style", "A bare <style> tag." + afterTag, []string{"A bare <style> tag.", secondPara, thirdPara}, []string{"&lt;style&gt;"}},
		{"bare iframe", `An <iframe src="https://evil.example/"> tag.` + afterTag, []string{`An <iframe src="https://evil.example/"> tag.`, secondPara, thirdPara}, nil},
		{"bare noembed", "A <noembed> tag." + afterTag, []string{"A <noembed> tag.", secondPara, thirdPara}, nil},
		{"bare noframes", "A <noframes> tag." + afterTag, []string{"A <noframes> tag.", secondPara, thirdPara}, nil},
		{"bare noscript", "A <noscript> tag." + afterTag, []string{"A <noscript> tag.", secondPara, thirdPara}, nil},
		{"bare xmp", "A <xmp> tag." + afterTag, []string{"A <xmp> tag.", secondPara, thirdPara}, nil},
		{"bare template", "A <template> tag." + afterTag, []string{"A <template> tag.", secondPara, thirdPara}, nil},
		{"textarea", "Use <textarea> for multi-line input." + afterTag,
			[]string{"Use <textarea> for multi-line input.", secondPara, thirdPara},
			[]string{"&lt;textarea&gt;", "<p>" + secondPara + ".</p>"}},
		{"plaintext", "Never use <plaintext> today." + afterTag,
			[]string{"Never use <plaintext> today.", secondPara, thirdPara},
			[]string{"&lt;plaintext&gt;", "<p>" + secondPara + ".</p>"}},
		{"math mglyph style", "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>" + afterTag,
			[]string{"<math><mtext>", "<mglyph><style>", secondPara, thirdPara}, nil},
		{"img quote in src", `Before <img src="https://x/?a=1&quot; onerror=&quot;alert(1)"> after.` + afterTag,
			[]string{"Before", "after.", secondPara, thirdPara}, nil},
		{"img quote in src alone", `<img src="https://x/?a=1&quot; onerror=&quot;alert(1)">` + afterTag,
			[]string{secondPara, thirdPara}, nil},
		{"upper case", "The <TITLE> element." + afterTag, []string{"The <TITLE> element.", secondPara, thirdPara}, []string{"&lt;TITLE&gt;"}},
		{"self-closing", "The <title/> element." + afterTag, []string{"The <title/> element.", secondPara, thirdPara}, nil},
		{"end tag", "Close it with </title> and </textarea>." + afterTag, []string{"Close it with </title> and </textarea>.", secondPara, thirdPara}, nil},
		{"with attributes", `A <textarea rows="3"> box.` + afterTag, []string{`A <textarea rows="3"> box.`, secondPara, thirdPara}, nil},
		{"in a list", "- The <title> element\n- " + secondPara, []string{"The <title> element", secondPara}, nil},
		{"in a quote", "> The <textarea> tag\n>\n> " + secondPara, []string{"The <textarea> tag", secondPara}, nil},
		{"in a table", "| a |\n|---|\n| <title> |\n\n" + secondPara, []string{"<title>", secondPara}, nil},
		{"block title", "<title>" + afterTag, []string{"<title>", secondPara, thirdPara}, []string{"&lt;title&gt;"}},
		{"block script", "<script>" + afterTag, []string{"<script>", secondPara, thirdPara}, nil},
		{"block style", "<style>" + afterTag, []string{"<style>", secondPara, thirdPara}, nil},
		{"block textarea", "<textarea>" + afterTag, []string{"<textarea>", secondPara, thirdPara}, nil},
		{"block plaintext", "<plaintext>" + afterTag, []string{"<plaintext>", secondPara, thirdPara}, nil},
		{"block iframe", `<iframe src="https://evil.example/">` + afterTag, []string{secondPara, thirdPara}, nil},
		{"block noscript", "<noscript>" + afterTag, []string{"<noscript>", secondPara, thirdPara}, nil},
		{"block self-closing style", "<style/>" + afterTag, []string{secondPara, thirdPara}, nil},
		{"block title then markup", "<div>\n<title>\n<p>" + secondPara + "</p>\n</div>", []string{"<title>", secondPara}, []string{"<p>" + secondPara + "</p>"}},
		{"block cut-off tag", "<div>\n<span title=\"abc\n\n" + secondPara + ".", []string{`<span title="abc`, secondPara}, []string{"<p>" + secondPara + ".</p>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, opts := range []Options{{}, {Vertical: true}} {
				out := Render(tt.src, opts)
				assertSafeHTML(t, out)
				assertBalanced(t, out)
				text := assertNoRawContentElements(t, out)
				for _, w := range tt.text {
					if !strings.Contains(text, w) && !(opts.Vertical && strings.Contains(text, fullWidth(w))) {
						t.Errorf("vertical=%v: text %q of %q lacks %q", opts.Vertical, text, out, w)
					}
				}
				if opts.Vertical {
					continue
				}
				for _, w := range tt.html {
					if !strings.Contains(out, w) {
						t.Errorf("output %q lacks %q", out, w)
					}
				}
			}
		})
	}
}

func TestRawHTMLAllowedTags(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"kbd", "Press <kbd>Ctrl</kbd>+<kbd>C</kbd>.", []string{"<kbd>Ctrl</kbd>+<kbd>C</kbd>"}},
		{"details inline", "<details><summary>s</summary>x</details>", []string{"<details><summary>s</summary>x</details>"}},
		{"details block", "<details>\n<summary>More</summary>\n\nBody\n\n</details>", []string{"<details>\n<summary>More</summary>\n", "<p>Body</p>\n</details>"}},
		{"table block", "<table>\n<tr><td>a<br>b</td><td><code>c</code></td></tr>\n</table>", []string{"<table>\n<tr><td>a<br>b</td><td><code>c</code></td></tr>\n</table>"}},
		{"attributes sanitized", `<abbr title="t" onclick="alert(1)">T</abbr>`, []string{`<abbr title="t">T</abbr>`}},
		{"figure block", "<figure>\n<img src=\"a.png\" alt=\"A\">\n<figcaption>Cap</figcaption>\n</figure>", []string{`<figure>`, `<img src="a.png" alt="A">`, `<figcaption>Cap</figcaption>`}},
		{"upper case allowed", "a <B>b</B> c", []string{"<b>b</b>"}},
		{"lt in block text", "<div>\na < b\n</div>", []string{"<div>\na &lt; b\n</div>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := Render(tt.src, Options{})
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("Render(%q) = %q, want it to contain %q", tt.src, out, w)
				}
			}
		})
	}
}

// TestRawHTMLBlocks covers how HTML blocks, where a post writes markup, are
// filtered (rawhtml_filter.go).
func TestRawHTMLBlocks(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
		notWant   []string
	}{
		{"complete style dropped", "<style>\n.x { color: red }\n</style>\n\nText.", []string{"<p>Text.</p>"}, []string{"color", "style"}},
		{"complete script dropped", "<script src=\"x.js\"></script>\n\nText.", []string{"<p>Text.</p>"}, []string{"x.js", "script"}},
		{"complete noscript dropped", "<noscript>\nEnable JS.\n</noscript>\n\nText.", []string{"<p>Text.</p>"}, []string{"Enable", "noscript"}},
		{"complete title dropped", "<title>Page</title>\n\nText.", []string{"<p>Text.</p>"}, []string{"Page", "title"}},
		{"svg with script dropped", "<svg>\n<script>alert(1)</script>\n</svg>\n\nText.", []string{"<p>Text.</p>"}, []string{"alert", "svg", "script"}},
		{"pair in a block dropped", "<center>\n<img src=\"a.png\">\n</center>", []string{`<img src="a.png">`}, []string{"center"}},
		{"pair across blocks dropped", "<center>\n\nmiddle\n\n</center>", []string{"<p>middle</p>"}, []string{"center"}},
		{"nested pairs", "<font>\n<font>\nx\n</font>\n</font>", []string{"x"}, []string{"font"}},
		{"button content kept", "<div>\n<button type=\"button\" hidden>Prev</button>\n</div>", []string{"<div>\nPrev\n</div>"}, []string{"button", "hidden"}},
		{"void element dropped", "<div>\n<video>\n<source src=\"a.mp4\">\n</video>\n</div>", []string{"<div>"}, []string{"video", "source", "a.mp4"}},
		{"self-closing dropped", "<div>\n<circle r=\"1\"/>\n</div>", []string{"<div>"}, []string{"circle"}},
		{"unclosed start tag as text", "<center>\n\ntext", []string{"&lt;center&gt;", "<p>text</p>"}, nil},
		{"stray end tag as text", "</center>\n\ntext", []string{"&lt;/center&gt;", "<p>text</p>"}, nil},
		{"textarea content as text", "<textarea>\n<b>x</b> &amp; y\n</textarea>", []string{"&lt;b&gt;x&lt;/b&gt; &amp; y"}, []string{"<b>", "textarea"}},
		{"xmp content as written", "<xmp>\na &amp; <b>\n</xmp>", []string{"a &amp;amp; &lt;b&gt;"}, []string{"<b>", "xmp"}},
		{"comment dropped", "<!--\nsecret note\n-->\n\nText.", []string{"<p>Text.</p>"}, []string{"secret"}},
		{"inline comment dropped", "a <!-- secret --> b", []string{"<p>a  b</p>"}, []string{"secret"}},
		{"processing instruction as text", "<?php echo 1; ?>\n\nText.", []string{"&lt;?php echo 1; ?&gt;"}, nil},
		{"declaration as text", "<!DOCTYPE html>\n\nText.", []string{"&lt;!DOCTYPE html&gt;"}, nil},
		{"cdata as text", "<![CDATA[\n<script>alert(1)</script>\n]]>", []string{"&lt;![CDATA[", "&lt;/script&gt;"}, nil},
		{"inline pair as text", "a <center>b</center> c", []string{"a &lt;center&gt;b&lt;/center&gt; c"}, nil},
		{"inline stray end tag as text", "experience</space>", []string{"experience&lt;/space&gt;"}, nil},
		{"inline processing instruction", "a <?php x ?> b", []string{"a &lt;?php x ?&gt; b"}, nil},
		{"attribute holding a tag", `<div title="<title>">x</div>`, []string{">x</div>"}, []string{"<title>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := Render(tt.src, Options{})
			assertSafeHTML(t, out)
			assertBalanced(t, out)
			assertNoRawContentElements(t, out)
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("Render(%q) = %q, want it to contain %q", tt.src, out, w)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(out, w) {
					t.Errorf("Render(%q) = %q, want no %q", tt.src, out, w)
				}
			}
		})
	}
}

// htmlElementNames are the elements of HTML (current and obsolete) and the
// roots and text elements of MathML and SVG.
var htmlElementNames = strings.Fields(`
	a abbr acronym address applet area article aside audio b base basefont
	bdi bdo bgsound big blink blockquote body br button canvas caption center
	cite code col colgroup data datalist dd del details dfn dialog dir div dl
	dt em embed fieldset figcaption figure font footer form frame frameset h1
	h2 h3 h4 h5 h6 head header hgroup hr html i iframe image img input ins
	isindex kbd keygen label legend li link listing main map mark marquee
	menu menuitem meta meter multicol nav nextid nobr noembed noframes
	noscript object ol optgroup option output p param picture plaintext pre
	progress q rb rp rt rtc ruby s samp script search section select slot
	small source spacer span strike strong style sub summary sup table tbody
	td template textarea tfoot th thead time title tr track tt u ul var video
	wbr xmp math mi mo mn ms mtext mglyph malignmark annotation-xml svg
	foreignObject desc circle`)

// TestElementRules checks that the policy allows exactly the elements of
// elementRules, the allow-list of the raw HTML filter.
func TestElementRules(t *testing.T) {
	if maxAllowedNameLen > 16 {
		t.Errorf("maxAllowedNameLen %d exceeds allowedTag's buffer", maxAllowedNameLen)
	}
	for name := range allowedElements {
		if rawTextElements[name] || forbiddenElements[name] {
			t.Errorf("elementRules allows %s", name)
		}
		if !allowedTag([]byte(strings.ToUpper(name))) {
			t.Errorf("allowedTag(%q) = false", name)
		}
	}
	known := make(map[string]bool)
	for _, name := range htmlElementNames {
		known[name] = true
		// title is allowed everywhere; href, src, dir, name and type
		// satisfy the elements that need one of them.
		probe := "<" + name + ` title="t" href="/x" src="/x.png" dir="ltr" name="m" type="checkbox">x</` + name + ">"
		out := policy.Sanitize(probe)
		kept := strings.HasPrefix(out, "<"+strings.ToLower(name)+" ")
		if kept != allowedElements[name] {
			t.Errorf("policy keeps <%s>: %v, elementRules allow it: %v (%q)", name, kept, allowedElements[name], out)
		}
	}
	for name := range allowedElements {
		if !known[name] {
			t.Errorf("%s missing from htmlElementNames", name)
		}
	}
}

// TestTagWordSurvives renders "<tag> WORD" for every element name and a few
// others: WORD stays in the text.
func TestTagWordSurvives(t *testing.T) {
	names := append([]string{"my-widget", "etag", "TITLE", "Script", "x", "tExTaReA"}, htmlElementNames...)
	for _, name := range names {
		for _, opts := range []Options{{}, {Vertical: true}} {
			src := "<" + name + "> WORD"
			out := Render(src, opts)
			text := assertNoRawContentElements(t, out)
			if !strings.Contains(text, "WORD") && !strings.Contains(text, fullWidth("WORD")) {
				t.Errorf("vertical=%v: Render(%q) = %q lost WORD", opts.Vertical, src, out)
			}
		}
	}
}

func FuzzFilterFastPath(f *testing.F) {
	for _, s := range []string{
		`<td class="a">x</td>`, `<a title="x>y">z</a>`, `<a title='<b>'>`, "<div\n=x>", `<a b=c/>`,
		"<a\tb = \"c\" / >", `<img src=x`, `<p a=/>`, `<div title="<title>">`, "<div>\na < b\n", "<br/><hr>",
		`<a ="x">`, `<a b='c>`, `<p/ >`, `<a b=>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b := []byte(s)
		fb := tokenizeSlow(b)
		end := 0
		for _, tok := range fb.toks {
			if tok.start != end || tok.end < tok.start {
				t.Fatalf("tokens of %q do not cover it in order: %+v", s, fb.toks)
			}
			end = tok.end
		}
		if end != len(b) {
			t.Fatalf("tokens of %q end at %d: %+v", s, end, fb.toks)
		}
		if !onlyAllowedTags(b) {
			return
		}
		pairTags([]*filteredBlock{fb})
		var out bufWriter
		fb.write(&out)
		if out.String() != s {
			t.Fatalf("fast path writes %q verbatim, tokenizer path writes %q", s, out.String())
		}
	})
}
