package templates

import (
	"encoding/json"
	"html/template"

	"github.com/stgy/stgypub"
)

// Meta is the document metadata of a page (docs/SPEC.md#metadata): title,
// description, canonical URL, Open Graph, Twitter Card, author, Dublin Core
// and JSON-LD. Every field is plain text; the templates escape it. JSONLD is
// marshalled by html/template's JS context (json.Marshal with <, >, & and
// U+2028/9 escaped).
type Meta struct {
	Lang          string // <html lang>, e.g. "en", "ja"
	Title         string // <title>, og:title, DC.title
	Description   string
	Canonical     string // absolute URL built from the configured base URL
	SiteName      string // og:site_name
	OGType        string // "article" or "website"
	OGLocale      string // e.g. "en_US", "ja_JP"; "" omits og:locale
	PublishedTime string // RFC 3339; article:published_time
	ModifiedTime  string // RFC 3339; article:modified_time, "" omits
	Image         string // absolute og:image URL, "" omits
	ImageAlt      string // og:image:alt and twitter:image:alt, "" omits
	TwitterCard   string // "summary" or "summary_large_image"
	Author        string
	DCDate        string // YYYY-MM-DD
	JSONLD        any    // BlogPosting / Blog object; nil omits
	FeedURL       string // Atom feed (site pages), "" omits
	// CommentsFeedURL is the article's comments feed, "" omits.
	CommentsFeedURL string
	// Styles are further stylesheets (content-hashed ui entry URLs).
	Styles  []string
	NoIndex bool // robots noindex (error pages)
	// NoIndexFollow is robots "noindex, follow" (search results: crawl the
	// links, do not index the page).
	NoIndexFollow bool
	// NoAI adds robots "noai, noimageai" (the site's
	// extensions.robots.disallowAI, docs/SPEC.md#robots).
	NoAI bool
}

// Analytics is the Google Analytics manual page_view (issue 3 #6,
// docs/SPEC.md#pub-config); nil renders no script at all.
type Analytics struct {
	MeasurementID string
	Event         GAEvent
}

// EventJSON is Event as JSON, for ui/static/ga.js's data-event attribute
// (html/template escapes it for the attribute).
func (a *Analytics) EventJSON() string {
	b, _ := json.Marshal(a.Event)
	return string(b)
}

// GAEvent is the page_view event's parameters, JSON-encoded into
// ga.js's data-event attribute.
type GAEvent struct {
	PageLocation string `json:"page_location"`
	PageTitle    string `json:"page_title"`
	ContentGroup string `json:"content_group"` // "stgy-user-OWNERID"
	ContentID    string `json:"content_id"`    // owner ID (site) or post ID
	ContentType  string `json:"content_type"`  // "site" or "post"
}

// SiteHeader is the header above every public page.
type SiteHeader struct {
	Name              string // site name ("" falls back to the author)
	Subtitle          string
	URL               string // /sites/{id}
	ShowName          bool   // show_site_name
	ShowServiceHeader bool   // show_service_header
	// NameIsHeading makes the shown site name the page's <h1> (the site's
	// list pages; an article's h1 is its title).
	NameIsHeading bool
}

// language is the page's language (Meta.Lang), which picks the chrome.
func (p *Page) language() string { return p.Meta.Lang }

// Page is what every page template shares.
type Page struct {
	Meta      Meta
	Theme     stgypub.Theme
	Site      SiteHeader
	Analytics *Analytics
}

// Card is one post in a list: site Rich/Plain views, search results and
// the sidebar's Recent posts and Popular entries.
type Card struct {
	URL         string        // /pub/{id}
	Title       string        // from the snippet; "" shows the date
	Description string        // from the snippet
	Author      string        // site author (config or nickname)
	Date        string        // display date, YYYY-MM-DD
	DateISO     string        // RFC 3339 for <time datetime>
	HTML        template.HTML // RenderSnippet output (Rich view only)
	// Rendered is the whole list entry from Renderer.Card for the list it
	// appears in; "" renders the fields above instead. Callers cache it
	// so a list page does not escape every field of every entry again.
	Rendered template.HTML
	// Lang is the post's language ("" unknown), marked on the entry when
	// it differs from the page's.
	Lang string
	// ReadingMinutes is the post's reading time (stgypub.ReadingMinutes),
	// shown by Rich entries; 0 hides it.
	ReadingMinutes int
}

// Link is a navigation link; Current marks the active choice.
type Link struct {
	Label   string
	URL     string
	Current bool
}

// Fragment is one KWIC match: Match is shown bold, all three escaped;
// an ellipsis marks each side where the text was cut (not Start, not
// End).
type Fragment struct {
	Before, Match, After string
	Start, End           bool
}

// SearchHit is one KWIC result.
type SearchHit struct {
	Card      Card
	Fragments []Fragment
}

// Sidebar is the article page's sidebar; empty lists are not rendered
// unless Show* is set (then an empty Popular shows "No entries yet").
type Sidebar struct {
	Profile     *Profile
	Recent      []Card
	Popular     []Card
	ShowRecent  bool
	ShowPopular bool
}

// Profile is the sidebar's site profile.
type Profile struct {
	Name         string
	Introduction string
	URL          string
}

// PubPage is /pub/{postId}.
type PubPage struct {
	Page
	Article template.HTML // markdown.Render output (sanitized)
	// TitleHeading is shown as the page's <h1> above the body when the
	// body has no level-1 heading of its own ("" when it has).
	TitleHeading string
	Date         string
	DateISO      string
	Author       string
	// ReadingMinutes is the article's reading time in minutes
	// (docs/SPEC.md#reading-time); 0 hides it.
	ReadingMinutes int
	// Tags link the post's tags to their list pages (Label the tag, URL
	// /sites/{id}?tag=…); nil shows none.
	Tags      []Link
	Older     *Card // previous (older) article; nil hides
	Newer     *Card // next (newer) article; nil hides
	Share     *Share
	Sidebar   Sidebar
	ViewCount int64 // PV over the retention window
	ShowViews bool
	ViewDays  int // retention window in days, for "N views in the last D days"
	ScriptURL string
	// Comments is the comment section; nil when the article has none.
	Comments *CommentSection
	// Preview, when set, marks an owner's preview (server preview.go):
	// a banner with the post's state above the article.
	Preview *Preview
}

// Preview is the banner of an owner's preview of a post.
type Preview struct {
	State     string // UNPUBLISHED, SCHEDULED or PUBLISHED
	Date      string // the scheduled or published date ("" for a draft)
	DateISO   string
	PublicURL string // /pub/{id}, linked when published
}

// SitePage is /sites/{userId}: the list, or search results when Query is
// set.
type SitePage struct {
	Page
	Author       string
	Introduction string
	View         string // "rich", "plain" or "kwic"
	Cards        []Card
	Hits         []SearchHit
	Query        string
	Total        int // search matches
	ViewLinks    []Link
	OrderLinks   []Link
	SearchAction string
	Hidden       []Link // hidden form fields (Label=name, URL=value) kept by the search form
	NewerURL     string
	OlderURL     string
	PageNumber   int
	Empty        string // message when there is nothing to list
	// Heading is the page's <h1> when the site name is not (search
	// results: "Search results for …"; a hidden site name).
	Heading string
}

// ErrorPage is the 404/500 page; it carries robots noindex.
type ErrorPage struct {
	Page
	Status  int
	Heading string
	Message string
}

// SiteEntry is one site on the home page.
type SiteEntry struct {
	Name     string // site name, else the author or nickname
	Subtitle string
	URL      string // /sites/{id}
	Date     string // newest publication, YYYY-MM-DD
	DateISO  string // RFC 3339 for <time datetime>
}

// HomePage is /: the site-wide ranking, then the sites with published
// posts, newest activity first.
type HomePage struct {
	Page
	Ranking *HomeRanking // nil omits the section
	Sites   []SiteEntry
}

// HomeRanking is the home page's site-wide ranking ("Popular this
// week"): localized heading and entries, best first.
type HomeRanking struct {
	Heading string
	Entries []RankedEntry
}

// RankedEntry is one article of the site-wide ranking.
type RankedEntry struct {
	Rank     int // from 1
	Title    string
	URL      string // /pub/{id}
	SiteName string
	SiteURL  string // /sites/{id}
	Author   string // "" when it is the site name
	Views    string // localized, e.g. "1,234 views"
}

// CommentSection is the comment section of an article page: a landmark
// with its heading, the element the readers' widget fills (the comments
// and the form come from the GraphQL API once the page's script runs) and
// the comments feed link.
type CommentSection struct {
	PostID     string // 16 hex digits
	Count      int    // published comments, when CountKnown
	CountKnown bool
	FeedURL    string // /pub/{postId}/comments.atom, absolute
	Vertical   bool   // vertical-writing theme: the widget converts displayed text
	Zone       string // the site's IANA time zone: the widget shows comment times in it
	// Scripts and Styles are the readers' widget's files (ui entry
	// "comments"); scripts load with defer, styles go in <head>.
	Scripts, Styles []string
}
