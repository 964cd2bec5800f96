package server

import (
	"strings"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/templates"
)

// Every list page is its own page for crawlers (issue 9 #10): its
// canonical URL keeps what decides its content (query, view, order,
// page) and drops presentation (design), and its <title> differs from
// every other list page's.

// canonical is the canonical URL of a site page with these parameters.
func (s *pageHandlers) siteCanonical(id stgypub.ID, p siteParams) string {
	p.design = ""
	return s.base + p.url(id)
}

// siteTitle is the <title> of a site page: the site name, with the
// non-default view and order and the page number; search results name
// the query.
func siteTitle(site siteIdentity, p siteParams) string {
	t := site.text
	if p.query != "" {
		if p.page > 1 {
			return t.T("SearchTitlePage", "Query", p.query, "Site", site.name, "Page", p.page)
		}
		return t.T("SearchTitle", "Query", p.query, "Site", site.name)
	}
	title := site.name
	if p.tag != "" {
		title = t.T("TagTitle", "Tag", p.tag, "Site", site.name)
	}
	var qualifiers []string
	if p.view == viewPlain {
		qualifiers = append(qualifiers, t.T("ViewPlain"))
	}
	if p.order == stgypub.OrderOldest {
		qualifiers = append(qualifiers, t.T("OldestFirst"))
	}
	if len(qualifiers) > 0 {
		title += " (" + strings.Join(qualifiers, ", ") + ")"
	}
	if p.page > 1 {
		title = t.T("PageTitle", "Site", title, "Page", p.page)
	}
	return title
}

// tagLinks are the links of a post's tags to their list pages
// (/sites/{id}?tag=…, the canonical spelling siteParams.url gives).
func (s *pageHandlers) tagLinks(siteID stgypub.ID, tags []string) []templates.Link {
	links := make([]templates.Link, 0, len(tags))
	for _, t := range tags {
		links = append(links, templates.Link{Label: t, URL: siteParams{tag: t, view: viewRich, order: stgypub.OrderNewest, page: 1}.url(siteID)})
	}
	return links
}
