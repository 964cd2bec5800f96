package importer

import (
	"html"
	"path"
	"strconv"
	"strings"

	"github.com/stgy/stgypub"
)

// expandGo is the Go website rewriter's template table (golang/website
// runs its templates before Markdown):
//
//   - raw inserts its literal string into the Markdown ({{raw "<"}},
//     {{raw `…code…`}}); raw (file …) names the file it would include;
//   - image becomes <img>, its alt text made from the file name (the
//     blog gives none; "10years/gopher10th-small.jpg" reads "gopher10th
//     small"), so an image that is a link's only content names the link;
//   - video becomes a link to the video;
//   - code and play name the file they would have included, in <code>;
//   - anything else renders as its own text without the braces.
func expandGo(m macroCall, ctx macroContext) string {
	arg := func(i int) string {
		if i < len(m.args) {
			return html.UnescapeString(m.args[i].text)
		}
		return ""
	}
	switch m.name {
	case "raw":
		return expandRaw(m, ctx)
	case "image":
		return expandImage(m, ctx)
	case "video":
		if arg(0) != "" {
			return outLink(arg(0), arg(0), ctx)
		}
	case "code", "play":
		if arg(0) != "" {
			return outCode(arg(0), ctx)
		}
	}
	return outText(m.inner, ctx)
}

// expandRaw inserts Go's {{raw "..."}} argument literally: the Go website
// runs templates before Markdown, so this is how its posts write a literal
// "<" or a code listing. raw (file "x") cannot include the file and names it
// instead.
func expandRaw(m macroCall, ctx macroContext) string {
	if len(m.args) == 0 {
		return ""
	}
	if a := m.args[0]; a.call != "" {
		if a.text == "" {
			return ""
		}
		return outCode(a.text, ctx)
	}
	if ctx == ctxHTMLTag {
		return outText(m.args[0].text, ctx)
	}
	return m.args[0].text
}

// expandImage renders Go's {{image "path" [width]}} as an <img>.
func expandImage(m macroCall, ctx macroContext) string {
	if len(m.args) == 0 || ctx == ctxHTMLTag {
		return ""
	}
	src := m.args[0].text
	if !stgypub.SafeURL(src) {
		return ""
	}
	s := `<img src="` + html.EscapeString(src) + `" alt="` + html.EscapeString(altFromFile(src)) + `"`
	if len(m.args) > 1 {
		if w, err := strconv.Atoi(m.args[1].text); err == nil && w > 0 {
			s += ` width="` + strconv.Itoa(w) + `"`
		}
	}
	return s + ">"
}

// altFromFile is an image's file name as words: the last path element
// without its extension, "-" and "_" as spaces.
func altFromFile(src string) string {
	name := path.Base(strings.TrimSpace(src))
	name = strings.TrimSuffix(name, path.Ext(name))
	return strings.Join(strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == '_' }), " ")
}
