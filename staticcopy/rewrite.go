package staticcopy

import (
	"bytes"
	"html"
	"net/url"
	"strings"

	xhtml "golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/stgy/stgypub/ui"
)

// linkAttrs are the attributes whose URLs the copy follows and rewrites;
// srcsetAttrs hold lists of image candidates, each URL rewritten alike.
var (
	linkAttrs   = map[string]bool{"href": true, "src": true, "action": true}
	srcsetAttrs = map[string]bool{"srcset": true, "imagesrcset": true}
)

// viewScript is the asset that records an article's view at the origin.
const viewScript = "view.js"

// pageMeta is what the sitemap needs of a page: whether it is the
// canonical, indexable URL of its content, and its last change.
type pageMeta struct {
	indexable bool
	lastmod   string // article:modified_time, else article:published_time
}

// links lists the URLs of page's tags (href, src, action), in order,
// those inside <noscript> included.
func links(page []byte) []string {
	var out []string
	z := xhtml.NewTokenizer(bytes.NewReader(page))
	noscript := false
	for {
		tt := z.Next()
		switch tt {
		case xhtml.ErrorToken:
			return out
		case xhtml.TextToken:
			if noscript {
				out = append(out, links(z.Raw())...)
			}
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			tok := z.Token()
			noscript = tok.DataAtom == atom.Noscript && tt == xhtml.StartTagToken
			for _, a := range tok.Attr {
				if linkAttrs[a.Key] && a.Namespace == "" {
					out = append(out, a.Val)
				}
				if srcsetAttrs[a.Key] && a.Namespace == "" {
					out = append(out, srcsetURLs(a.Val)...)
				}
			}
			continue
		}
		noscript = false
	}
}

// rewrite returns the page a with its links rewritten for the copy and
// what its head says for the sitemap. Tags it does not change keep their
// bytes: the page is the live server's, token for token.
func (c *copier) rewrite(a *answer, page []byte) ([]byte, pageMeta) {
	meta := pageMeta{indexable: true}
	canonical, published := false, ""
	out := c.rewriteHTML(a, page, func(tok xhtml.Token) { c.readMeta(a, tok, &meta, &canonical, &published) })
	if meta.lastmod == "" {
		meta.lastmod = published
	}
	meta.indexable = meta.indexable && canonical
	return out, meta
}

// rewriteHTML rewrites the tags of page (of a), calling seen with each
// start tag; the text of a <noscript> (raw text to a tokenizer) is
// rewritten as HTML too. An article gets the view script before </body>.
func (c *copier) rewriteHTML(a *answer, page []byte, seen func(xhtml.Token)) []byte {
	var out bytes.Buffer
	article := strings.HasPrefix(a.t.request, "/pub/")
	z := xhtml.NewTokenizer(bytes.NewReader(page))
	noscript := false
	for {
		tt := z.Next()
		raw := append([]byte(nil), z.Raw()...)
		if tt == xhtml.ErrorToken { // the end of the input: no size limit is set
			out.Write(raw)
			return out.Bytes()
		}
		wasNoscript := noscript
		noscript = false
		switch tt {
		case xhtml.TextToken:
			if wasNoscript {
				raw = c.rewriteHTML(&answer{t: a.t}, raw, func(xhtml.Token) {})
			}
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			tok := z.Token()
			seen(tok)
			noscript = tok.DataAtom == atom.Noscript && tt == xhtml.StartTagToken
			if c.rewriteTag(a, &tok, article) {
				out.WriteString(tok.String())
				continue
			}
		case xhtml.EndTagToken:
			if article && z.Token().DataAtom == atom.Body {
				out.WriteString(c.viewTag(a))
			}
		}
		out.Write(raw)
	}
}

// readMeta notes the sitemap's facts of one tag: a robots noindex, the
// canonical link pointing at this page, the article's times.
func (c *copier) readMeta(a *answer, tok xhtml.Token, meta *pageMeta, canonical *bool, published *string) {
	attr := func(k string) string {
		for _, x := range tok.Attr {
			if x.Key == k {
				return x.Val
			}
		}
		return ""
	}
	switch tok.DataAtom {
	case atom.Meta:
		switch {
		case attr("name") == "robots" && strings.Contains(attr("content"), "noindex"):
			meta.indexable = false
		case attr("property") == "article:modified_time":
			meta.lastmod = attr("content")
		case attr("property") == "article:published_time":
			*published = attr("content")
		}
	case atom.Link:
		if attr("rel") == "canonical" {
			t, ok := c.resolveFrom(a.t, attr("href"))
			*canonical = ok && t.request == a.t.request
		}
	}
}

// rewriteTag rewrites tok's link attributes (and gives the comment
// widget the origin); it reports whether anything changed.
func (c *copier) rewriteTag(a *answer, tok *xhtml.Token, article bool) bool {
	changed := false
	widget := false
	for i, x := range tok.Attr {
		if x.Key == "data-stgy-comments" {
			widget = true
		}
		if srcsetAttrs[x.Key] && x.Namespace == "" {
			v := mapSrcset(x.Val, func(u string) string {
				if r, ok := c.rewriteURL(a, u, false); ok {
					return r
				}
				return u
			})
			if v != x.Val {
				tok.Attr[i].Val, changed = v, true
			}
			continue
		}
		if !linkAttrs[x.Key] || x.Val == "" || strings.HasPrefix(x.Val, "#") {
			continue
		}
		if v, ok := c.rewriteURL(a, x.Val, x.Key == "action"); ok && v != x.Val {
			tok.Attr[i].Val = v
			changed = true
		}
	}
	if widget && article {
		// The widget asks {data-base}/graphql (ui/app/src/lib/mount.tsx).
		api := strings.TrimSuffix(c.cfg.API.String(), "/")
		set := false
		for i, x := range tok.Attr {
			if x.Key == "data-base" {
				tok.Attr[i].Val, set = api, true
			}
		}
		if !set {
			tok.Attr = append(tok.Attr, xhtml.Attribute{Key: "data-base", Val: api})
		}
		changed = true
	}
	return changed
}

// rewriteURL is ref's URL in the copy: a page or file of the copy by its
// href there (the fragment kept), anything else of the live site at the
// origin, other sites unchanged (false). Forms always go to the origin,
// which answers their queries.
func (c *copier) rewriteURL(a *answer, ref string, form bool) (string, bool) {
	base, err := c.cfg.BaseURL.Parse(c.prefix + a.t.request)
	if err != nil {
		return "", false
	}
	u, err := base.Parse(ref)
	if err != nil {
		return "", false
	}
	p, ok := c.sitePath(u)
	if !ok {
		return "", false
	}
	frag := ""
	if u.Fragment != "" {
		frag = "#" + u.EscapedFragment()
	}
	if !form {
		if t, ok := c.localTarget(p, u.Query()); ok {
			if f := c.final(t); f != nil {
				if r, err := url.Parse(ref); err == nil && r.IsAbs() {
					return c.absolute(f.t) + frag, true // canonical links stay absolute
				}
				return f.t.href(c.prefix) + frag, true
			}
		}
	}
	o := *c.cfg.API
	o.Path = strings.TrimSuffix(o.Path, "/") + p
	o.RawPath, o.RawQuery, o.Fragment = "", u.RawQuery, ""
	return o.String() + frag, true
}

// viewTag is the script tag that records the article's view at the
// origin (ui/static/view.js), placed before </body>.
func (c *copier) viewTag(a *answer) string {
	t, _ := c.localTarget(ui.URL(viewScript), nil)
	id := strings.TrimPrefix(a.t.request, "/pub/")
	api := strings.TrimSuffix(c.cfg.API.String(), "/")
	return `<script defer src="` + html.EscapeString(t.href(c.prefix)) + `" data-api="` + html.EscapeString(api) +
		`" data-post-id="` + html.EscapeString(id) + `"></script>` + "\n"
}
