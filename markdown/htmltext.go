package markdown

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/stgy/stgypub"
)

// image is one image found in a post: its source as written and alt text.
type image struct {
	src, alt string
}

// skippedContent are elements whose content is never text for readers.
var skippedContent = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Template: true,
	atom.Textarea: true, atom.Noscript: true, atom.Iframe: true,
	atom.Object: true, atom.Svg: true, atom.Math: true, atom.Select: true,
}

// inlineElements do not separate words; every other tag does.
var inlineElements = map[atom.Atom]bool{
	atom.A: true, atom.Abbr: true, atom.B: true, atom.Bdi: true, atom.Bdo: true,
	atom.Cite: true, atom.Code: true, atom.Data: true, atom.Del: true,
	atom.Dfn: true, atom.Em: true, atom.I: true, atom.Ins: true, atom.Kbd: true,
	atom.Mark: true, atom.Q: true, atom.S: true, atom.Samp: true,
	atom.Small: true, atom.Span: true, atom.Strong: true, atom.Sub: true,
	atom.Sup: true, atom.Time: true, atom.U: true, atom.Var: true,
	atom.Ruby: true, atom.Rt: true, atom.Rp: true,
}

// htmlContent extracts the text of an HTML fragment (entities decoded,
// script/style and similar content dropped, block boundaries as "\n") and
// the images with a safe source (see safeURL). Either output may be nil
// when the caller does not need it.
func htmlContent(fragment string, text *strings.Builder, imgs *[]image) {
	z := html.NewTokenizer(strings.NewReader(fragment))
	skip := 0
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return
		case html.TextToken:
			if skip == 0 && text != nil {
				text.Write(z.Text())
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			if skippedContent[a] && tt == html.StartTagToken {
				skip++
				continue
			}
			if a == atom.Img && imgs != nil && hasAttr && skip == 0 {
				if img, ok := imgFromTag(z); ok {
					*imgs = append(*imgs, img)
				}
			}
			if !inlineElements[a] && text != nil {
				text.WriteByte('\n')
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if skippedContent[a] {
				skip = max(0, skip-1)
				continue
			}
			if !inlineElements[a] && text != nil {
				text.WriteByte('\n')
			}
		}
	}
}

func imgFromTag(z *html.Tokenizer) (image, bool) {
	var img image
	for {
		k, v, more := z.TagAttr()
		switch string(k) {
		case "src":
			img.src = strings.TrimSpace(string(v))
		case "alt":
			img.alt = string(v)
		}
		if !more {
			break
		}
	}
	return img, stgypub.SafeURL(img.src)
}
