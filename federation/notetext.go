package federation

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// NoteText is the plain text of a Note's HTML content (docs/FEDERATION.md
// "Replies"): character references decoded, runs of white space one
// space (kept inside pre), a paragraph break for p, blockquote and
// headings, a line break for br, div, li and table rows; the content of
// script, style and other non-text elements dropped; a link
// (a href=http(s) URL) kept as "text (URL)", as the whole URL alone
// when its text spells the URL (Mastodon's shortened display included)
// or is empty, and as its text alone when it is a mention or a hashtag
// (class mention or hashtag, as Mastodon marks them); every other tag,
// attribute and image dropped. The result is not normalized
// (stgypub.CheckBody does that). Any input is accepted.
func NoteText(content string) string {
	w := &textWriter{}
	z := html.NewTokenizer(strings.NewReader(content))
	skip := 0 // depth inside dropped elements
	pre := 0
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			w.closeLinks()
			return strings.TrimSpace(string(w.b))
		case html.TextToken:
			if skip == 0 {
				w.text(string(z.Text()), pre > 0)
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			if droppedElement(a) {
				if tt == html.StartTagToken && !voidElement(a) {
					skip++
				}
				continue
			}
			if skip > 0 {
				continue
			}
			switch a {
			case atom.Br:
				w.newline(1)
			case atom.P, atom.Blockquote, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				w.newline(2)
			case atom.Div, atom.Li, atom.Tr, atom.Ul, atom.Ol, atom.Dt, atom.Dd:
				w.newline(1)
			case atom.Pre:
				w.newline(2)
				if tt == html.StartTagToken {
					pre++
				}
			case atom.A:
				if tt == html.StartTagToken {
					w.openLink(linkAttrs(z, hasAttr))
				}
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if droppedElement(a) {
				if skip > 0 {
					skip--
				}
				continue
			}
			if skip > 0 {
				continue
			}
			switch a {
			case atom.P, atom.Blockquote, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				w.newline(2)
			case atom.Pre:
				pre = max(0, pre-1)
				w.newline(2)
			case atom.Div, atom.Li, atom.Tr, atom.Ul, atom.Ol:
				w.newline(1)
			case atom.A:
				w.closeLink()
			}
		}
	}
}

// droppedElement: elements whose content is not text to show.
func droppedElement(a atom.Atom) bool {
	switch a {
	case atom.Script, atom.Style, atom.Template, atom.Noscript, atom.Iframe, atom.Object, atom.Svg, atom.Math,
		atom.Head, atom.Title, atom.Textarea, atom.Select, atom.Button, atom.Video, atom.Audio, atom.Canvas, atom.Noembed, atom.Noframes:
		return true
	}
	return false
}

func voidElement(a atom.Atom) bool {
	switch a {
	case atom.Img, atom.Input, atom.Embed, atom.Source, atom.Track, atom.Wbr, atom.Hr, atom.Area, atom.Base, atom.Col, atom.Link, atom.Meta, atom.Param:
		return true
	}
	return false
}

// link is an open a element: where its text starts in the output, its
// URL ("" when not an http(s) URL) and whether only its text is kept.
type link struct {
	start    int
	href     string
	textOnly bool
}

func linkAttrs(z *html.Tokenizer, more bool) (href string, textOnly bool) {
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		switch string(k) {
		case "href":
			href = strings.TrimSpace(string(v))
		case "class":
			for _, c := range strings.Fields(string(v)) {
				if c == "mention" || c == "hashtag" {
					textOnly = true
				}
			}
		}
	}
	if u, err := url.Parse(href); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		href = ""
	}
	return href, textOnly
}

// textWriter builds the text: white space collapsed, line breaks
// merged (never more than a blank line, none at the start).
type textWriter struct {
	b       []byte
	space   bool // a collapsed space is owed before the next text
	breaks  int  // line breaks owed before the next text (at most 2)
	links   []link
	written bool
}

func (w *textWriter) newline(n int) {
	w.space = false
	if w.written {
		w.breaks = max(w.breaks, n)
	}
}

func (w *textWriter) flush() {
	if w.breaks > 0 {
		w.b = append(w.b, strings.Repeat("\n", w.breaks)...)
		w.breaks, w.space = 0, false
		return
	}
	if w.space {
		w.b = append(w.b, ' ')
		w.space = false
	}
}

func (w *textWriter) text(s string, pre bool) {
	if pre {
		if s != "" {
			w.flush()
			w.b = append(w.b, s...)
			w.written = true
		}
		return
	}
	fields := strings.FieldsFunc(s, unicode.IsSpace)
	if len(fields) == 0 {
		if s != "" && w.written {
			w.space = true
		}
		return
	}
	if unicode.IsSpace(rune(s[0])) && w.written {
		w.space = true
	}
	for i, f := range fields {
		if i > 0 {
			w.space = true
		}
		w.flush()
		w.b = append(w.b, f...)
		w.written = true
	}
	if r, _ := utf8.DecodeLastRuneInString(s); unicode.IsSpace(r) {
		w.space = true
	}
}

func (w *textWriter) openLink(href string, textOnly bool) {
	w.flush()
	w.links = append(w.links, link{start: len(w.b), href: href, textOnly: textOnly})
}

func (w *textWriter) closeLink() {
	if len(w.links) == 0 {
		return
	}
	l := w.links[len(w.links)-1]
	w.links = w.links[:len(w.links)-1]
	if l.href == "" {
		return
	}
	text := strings.TrimSpace(string(w.b[min(l.start, len(w.b)):]))
	switch {
	case l.textOnly && text != "":
	case text == "":
		w.flush()
		w.b = append(w.b, l.href...)
		w.written = true
	case spellsURL(text, l.href):
		// The text spells the URL, maybe shortened: the URL whole.
		w.b = append(w.b[:l.start], l.href...)
		w.written = true
	default:
		w.b = append(w.b, " ("+l.href+")"...)
		w.written = true
	}
}

func (w *textWriter) closeLinks() {
	for len(w.links) > 0 {
		w.closeLink()
	}
}

// spellsURL reports whether a link's text is its URL: the same, or the
// URL without its scheme, or a prefix of either ending in "…" (Mastodon
// shortens long links).
func spellsURL(text, href string) bool {
	bare := strings.TrimPrefix(strings.TrimPrefix(href, "https://"), "http://")
	if text == href || text == bare || strings.TrimSuffix(text, "/") == strings.TrimSuffix(bare, "/") {
		return true
	}
	if t, ok := strings.CutSuffix(text, "…"); ok && t != "" {
		return strings.HasPrefix(href, t) || strings.HasPrefix(bare, t)
	}
	return false
}
