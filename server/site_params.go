package server

import (
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/stgy/stgypub"
)

// Site-page views and their page sizes (docs/SPEC.md#public-pages: Rich and
// Plain views have separate page sizes).
const (
	viewRich  = "rich"
	viewPlain = "plain"
	viewKWIC  = "kwic"

	richPageSize  = 20
	plainPageSize = 200
	kwicPageSize  = 20

	// maxPage bounds ?page= so offsets never overflow and absurd pages
	// cost no query.
	maxPage = 1_000_000
)

// siteParams are the presentation parameters of /sites/{userId}; none of
// them reaches the canonical URL.
type siteParams struct {
	view   string
	order  stgypub.Order
	page   int
	query  string
	design string // a name in stgypub.Themes, or ""
	// respell is set when ?page= named a valid page in another spelling
	// ("+2", "02"): the handler redirects to canonicalPageURL.
	respell bool
	// tag is the ?tag= list's tag as NormalizeTags writes it ("" none);
	// search results ignore it.
	tag string
}

// parseSiteParams reads view, order, page, q and design. Unknown views and
// orders fall back to the defaults, an unknown design to none (so it is
// never carried into the page's links and form); a page that is not a
// whole number in 1..maxPage is a 404 with the reason; an over-long query
// is a 400.
func parseSiteParams(q url.Values) (siteParams, error) {
	p := siteParams{query: strings.TrimSpace(q.Get("q")), page: 1}
	if t, ok := stgypub.ThemeByName(q.Get("design")); ok {
		p.design = t.Name
	}
	if n := utf8.RuneCountInString(p.query); n > stgypub.MaxSearchQuery {
		return p, stgypub.Errorf(stgypub.CodeBadUserInput, "The search query is %d characters; the limit is %d.", n, stgypub.MaxSearchQuery)
	}
	switch v := q.Get("view"); {
	case v == viewRich || v == viewPlain:
		p.view = v
	case p.query != "": // view=kwic or none

		p.view = viewKWIC
	default:
		p.view = viewRich
	}
	if o, err := stgypub.ParseOrder(q.Get("order")); err == nil {
		p.order = o
	} else {
		p.order = stgypub.OrderNewest
	}
	if raw := q.Get("tag"); raw != "" && p.query == "" {
		tags, err := stgypub.NormalizeTags([]string{raw})
		if err != nil {
			return p, notFoundf("No such tag: a tag is 1 to %d characters.", stgypub.TagMaxLen)
		}
		p.tag = tags[0]
	}
	if raw := q.Get("page"); raw != "" {
		// A "+" in a query is a space: ?page=+2 arrives as " 2".
		n, err := strconv.Atoi(strings.TrimSpace(raw))
		if err != nil || n < 1 || n > maxPage {
			return p, notFoundf("No such page: page must be a whole number from 1 to %d.", maxPage)
		}
		p.page = n
		p.respell = raw != strconv.Itoa(n) // "+2", " 2", "02": page 2 spelled otherwise
	}
	return p, nil
}

// canonicalPageURL is the request's URL with ?page= spelled as the links
// spell it (no sign, no leading zeros; page 1 is no page parameter), the
// other parameters kept: where a respelled page number is redirected.
func canonicalPageURL(u *url.URL, page int) string {
	q := u.Query()
	if page > 1 {
		q.Set("page", strconv.Itoa(page))
	} else {
		q.Del("page")
	}
	out := *u
	out.RawQuery = q.Encode()
	return out.RequestURI()
}

// defaultView is the view shown without ?view=: KWIC for search results,
// Rich for the list.
func (p siteParams) defaultView() string {
	if p.query != "" {
		return viewKWIC
	}
	return viewRich
}

func (p siteParams) pageSize() int {
	switch p.view {
	case viewPlain:
		return plainPageSize
	case viewKWIC:
		return kwicPageSize
	}
	return richPageSize
}

func (p siteParams) offset() int { return (p.page - 1) * p.pageSize() }

// url is the site page with these parameters, default values omitted:
// the default view is Rich for the list and KWIC for search results, so
// Rich search results carry view=rich.
func (p siteParams) url(siteID stgypub.ID) string {
	v := url.Values{}
	if p.query != "" {
		v.Set("q", p.query)
	}
	if p.tag != "" {
		v.Set("tag", p.tag)
	}
	if p.view != p.defaultView() {
		v.Set("view", p.view)
	}
	if p.order != stgypub.OrderNewest {
		v.Set("order", string(p.order))
	}
	if p.page > 1 {
		v.Set("page", strconv.Itoa(p.page))
	}
	if p.design != "" {
		v.Set("design", p.design)
	}
	u := "/sites/" + siteID.String()
	if len(v) > 0 {
		// A space is %20, not "+": html/template would write "+" as
		// "&#43;", which some readers of links do not decode.
		u += "?" + strings.ReplaceAll(v.Encode(), "+", "%20")
	}
	return u
}

// key is the page-cache variant of a list page: view, order, page and
// design (search results are not cached).
func (p siteParams) key() string {
	return p.view + "|" + string(p.order) + "|" + strconv.Itoa(p.page) + "|" + p.design + "|" + p.tag
}
