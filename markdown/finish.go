package markdown

import (
	"strings"
	"unicode/utf8"
)

// voidElements never have an end tag.
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true,
	"hr": true, "img": true, "input": true, "link": true, "meta": true,
	"source": true, "track": true, "wbr": true,
}

// finishHTML completes bluemonday's output:
//   - every link gets rel="nofollow noopener";
//   - every pre gets tabindex="0" (a scrolling code block is focusable);
//   - an img without alt inside a figure with a figcaption gets alt="":
//     the caption is its text alternative (WAI "image with adjacent text");
//   - every input becomes a disabled checkbox (keeping its checked state)
//     named by the text after it (taskLabel): only task-list checkboxes
//     are meant to be there, and a checkbox needs an accessible name;
//   - tags are balanced: an end tag with no matching open element is
//     dropped and open elements are closed at the end, so a post can
//     neither close the page's own elements ("</div></main>") nor leave
//     one open that swallows the rest of the page ("<a href=…>").
//
// It relies on bluemonday's serialization: "<" only ever starts a tag
// (text is escaped), comments are gone, tag names are lower case and
// attribute values never hold a raw ">".
func finishHTML(b []byte) string {
	s := string(b)
	captioned := captionedFigures(s)
	var figures []int // indexes (in document order) of the open figures
	nFigures := 0
	var out strings.Builder
	out.Grow(len(s) + len(s)/16)
	var open []string
	openCount := map[string]int{} // how many of each name are open: O(1) stray checks
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			out.WriteString(s)
			break
		}
		out.WriteString(s[:i])
		s = s[i:]
		end := strings.IndexByte(s, '>')
		if end < 0 {
			out.WriteString(strings.ReplaceAll(s, "<", "&lt;"))
			break
		}
		tag := s[:end+1]
		s = s[end+1:]
		name, closing := tagName(tag)
		switch {
		case closing:
			if openCount[name] == 0 {
				continue // stray end tag
			}
			if name == "figure" && len(figures) > 0 {
				figures = figures[:len(figures)-1]
			}
			k := lastIndex(open, name)
			for j := len(open) - 1; j >= k; j-- {
				out.WriteString("</" + open[j] + ">")
				openCount[open[j]]--
			}
			open = open[:k]
		case name == "a":
			out.WriteString(`<a rel="nofollow noopener"`)
			out.WriteString(tag[2:])
			open = append(open, name)
			openCount[name]++
		case name == "pre":
			// A code block may scroll sideways: keyboard users must be able
			// to focus it (WCAG 2.1.1, axe scrollable-region-focusable).
			out.WriteString(`<pre tabindex="0"`)
			out.WriteString(tag[4:])
			open = append(open, name)
			openCount[name]++
		case name == "img" && !strings.Contains(tag, ` alt="`) && len(figures) > 0 && captioned[figures[len(figures)-1]]:
			// An image in a captioned figure has its caption as the text
			// beside it: alt="" says so instead of leaving the alt out.
			out.WriteString(`<img alt=""`)
			out.WriteString(tag[4:])
		case name == "input":
			out.WriteString(`<input type="checkbox" disabled=""`)
			if strings.Contains(tag, ` checked="`) {
				out.WriteString(` checked=""`)
			}
			out.WriteString(` aria-label="` + taskLabel(s) + `">`)
		default:
			out.WriteString(tag)
			if name == "figure" {
				figures = append(figures, nFigures)
				nFigures++
			}
			if !voidElements[name] && !strings.HasSuffix(tag, "/>") {
				open = append(open, name)
				openCount[name]++
			}
		}
	}
	for j := len(open) - 1; j >= 0; j-- {
		out.WriteString("</" + open[j] + ">")
	}
	return out.String()
}

// captionedFigures reports, for each <figure> of s in document order,
// whether it holds a <figcaption> of its own (one linear pass).
func captionedFigures(s string) []bool {
	var out []bool
	var stack []int
	for i := strings.Index(s, "<fig"); i >= 0; {
		end := strings.IndexByte(s[i:], '>')
		if end < 0 {
			break
		}
		name, closing := tagName(s[i : i+end+1])
		switch {
		case name == "figure" && !closing:
			stack = append(stack, len(out))
			out = append(out, false)
		case name == "figure" && closing && len(stack) > 0:
			stack = stack[:len(stack)-1]
		case name == "figcaption" && !closing && len(stack) > 0:
			out[stack[len(stack)-1]] = true
		}
		next := strings.Index(s[i+1:], "<fig")
		if next < 0 {
			next = strings.Index(s[i+1:], "</fig")
		} else if j := strings.Index(s[i+1:], "</fig"); j >= 0 && j < next {
			next = j
		}
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return out
}

// tagName returns the element name of a serialized tag and whether it is
// an end tag.
func tagName(tag string) (name string, closing bool) {
	t := tag[1 : len(tag)-1]
	if strings.HasPrefix(t, "/") {
		closing = true
		t = t[1:]
	}
	if i := strings.IndexAny(t, " \t\n/"); i >= 0 {
		t = t[:i]
	}
	return t, closing
}

func lastIndex(stack []string, name string) int {
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i] == name {
			return i
		}
	}
	return -1
}

// taskLabelMax bounds a task checkbox's name, in bytes of escaped text.
const taskLabelMax = 200

// taskLabel is the accessible name of a task-list checkbox: the text that
// follows it in its list item (rest is the HTML after the input), tags
// stripped, white space collapsed, at most taskLabelMax bytes; "task"
// when the item has no text. The text is bluemonday's escaped output
// (", &, <, > are entities), so it is safe inside a quoted attribute; a
// cut never splits an entity.
func taskLabel(rest string) string {
	if len(rest) > 4*taskLabelMax {
		rest = rest[:4*taskLabelMax]
	}
	var b strings.Builder
	space := false
	for i := 0; i < len(rest) && b.Len() < taskLabelMax; i++ {
		c := rest[i]
		if c == '<' {
			end := strings.IndexByte(rest[i:], '>')
			if end < 0 {
				break
			}
			name, closing := tagName(rest[i : i+end+1])
			if name == "li" || name == "ul" || name == "ol" || name == "input" || (closing && name == "p") {
				break
			}
			i += end
			space = true
			continue
		}
		if c == ' ' || c == '\n' || c == '\t' || c == '\r' {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteByte(c)
	}
	out := b.String()
	if len(out) >= taskLabelMax {
		if amp := strings.LastIndexByte(out, '&'); amp >= 0 && !strings.Contains(out[amp:], ";") {
			out = out[:amp]
		}
		for len(out) > 0 && !utf8.ValidString(out) {
			out = out[:len(out)-1] // never end inside a UTF-8 sequence
		}
	}
	if strings.TrimSpace(out) == "" {
		return "task"
	}
	return strings.TrimSpace(out)
}
