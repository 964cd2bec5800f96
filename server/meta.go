package server

import (
	"strings"
	"time"
	"unicode"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/templates"
)

// pageMeta builds what every page's and feed's metadata takes from the
// configuration: canonical URLs from Config.BaseURL alone (never the Host
// header) and <html lang> with Config.DefaultLang as the fallback.
type pageMeta struct {
	base        string // Config.BaseURL without a trailing slash
	defaultLang string // Config.DefaultLang
}

// pubURL and siteURL are the canonical URLs (docs/SPEC.md#metadata): the
// configured base URL plus the path, with no presentation query parameters.
func (s pageMeta) pubURL(id stgypub.ID) string  { return s.base + "/pub/" + id.String() }
func (s pageMeta) siteURL(id stgypub.ID) string { return s.base + "/sites/" + id.String() }
func (s pageMeta) feedURL(id stgypub.ID) string { return s.siteURL(id) + "/feed.atom" }

// commentsFeedURL is the URL of an article's comments feed.
func (s pageMeta) commentsFeedURL(id stgypub.ID) string { return s.pubURL(id) + "/comments.atom" }

// langTag returns the <html lang> for a BCP 47 locale ("ja-JP" → "ja-JP",
// "" → the default), keeping only letters, digits and hyphens.
func (s pageMeta) langTag(locale string) string {
	locale = strings.ReplaceAll(strings.TrimSpace(locale), "_", "-")
	if locale == "" || strings.IndexFunc(locale, func(r rune) bool {
		return r > unicode.MaxASCII || !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-')
	}) >= 0 {
		return s.defaultLang
	}
	return locale
}

// defaultRegions gives og:locale a territory for bare language tags.
var defaultRegions = map[string]string{
	"en": "US", "ja": "JP", "zh": "CN", "ko": "KR", "fr": "FR", "de": "DE",
	"es": "ES", "it": "IT", "pt": "BR", "ru": "RU",
}

// ogLocale maps a language tag to Open Graph's ll_TT form ("ja" →
// "ja_JP", "en-GB" → "en_GB"); "" when no territory is known.
func ogLocale(lang string) string {
	parts := strings.Split(lang, "-")
	l := strings.ToLower(parts[0])
	for _, p := range parts[1:] {
		if len(p) == 2 {
			return l + "_" + strings.ToUpper(p)
		}
	}
	if r, ok := defaultRegions[l]; ok {
		return l + "_" + r
	}
	return ""
}

// siteIdentity is what every page of a site shows of its owner: site name
// and author fall back to the owner's nickname, and every date is in the
// site's one time zone (stgypub.PubConfig.Location), whatever the page's
// language.
//
// A page shows the identity in its language (in): the chrome text
// follows from it.
type siteIdentity struct {
	owner  *stgypub.User
	config *stgypub.PubConfig
	name   string
	author string
	lang   string          // the page language
	text   *templates.Text // the chrome in lang
	loc    *time.Location  // the site's time zone
}

func newSiteIdentity(owner *stgypub.User, cfg *stgypub.PubConfig) siteIdentity {
	id := siteIdentity{owner: owner, config: cfg, name: cfg.DisplaySiteName(owner), author: cfg.DisplayAuthor(owner), loc: cfg.Location()}
	return id.in("")
}

// in is the identity as a page in language lang shows it.
func (id siteIdentity) in(lang string) siteIdentity {
	id.lang, id.text = lang, templates.TextFor(lang)
	return id
}

// siteLang is the <html lang> of a site's list pages and feed: the site's
// language (stgypub.PubConfig.Language), else the default, whatever
// posts a page happens to list, so every list page of a site is in one
// language and zone.
func (s pageMeta) siteLang(cfg *stgypub.PubConfig) string { return s.langTag(cfg.Language) }

// dates formats a time for display (YYYY-MM-DD, the calendar date in the
// site's time zone) and for <time datetime>, feeds and JSON-LD (RFC 3339
// with that zone's offset).
func (id siteIdentity) dates(t *time.Time) (display, iso string) {
	if t == nil {
		return "", ""
	}
	lt := t.In(id.loc)
	return lt.Format("2006-01-02"), lt.Format(time.RFC3339)
}

// header is the site header every page of the site shows.
func (id siteIdentity) header() templates.SiteHeader {
	return templates.SiteHeader{
		Name:              id.name,
		Subtitle:          id.config.Subtitle,
		URL:               "/sites/" + id.owner.ID.String(),
		ShowName:          id.config.ShowSiteName,
		ShowServiceHeader: id.config.ShowServiceHeader,
	}
}

// analytics builds the GA manual page_view (issue 3 #6); nil when no
// Measurement ID is set.
func analytics(cfg *stgypub.PubConfig, location, title, contentID, contentType string) *templates.Analytics {
	mid := strings.TrimSpace(cfg.Extensions.GAMeasurementID())
	if mid == "" {
		return nil
	}
	return &templates.Analytics{
		MeasurementID: mid,
		Event: templates.GAEvent{
			PageLocation: location,
			PageTitle:    title,
			ContentGroup: "stgy-user-" + cfg.UserID.String(),
			ContentID:    contentID,
			ContentType:  contentType,
		},
	}
}

// person, blogPosting and blog are the JSON-LD objects (schema.org),
// marshalled by html/template's JS context.
type person struct {
	Type string `json:"@type"`
	Name string `json:"name"`
	URL  string `json:"url,omitempty"`
	// Logo is an Organization's logo (the publisher's: the site image).
	Logo *imageObject `json:"logo,omitempty"`
}

// imageObject is a schema.org ImageObject.
type imageObject struct {
	Type string `json:"@type"`
	URL  string `json:"url"`
}

type blogPosting struct {
	Context          string `json:"@context"`
	Type             string `json:"@type"`
	Headline         string `json:"headline"`
	Description      string `json:"description,omitempty"`
	URL              string `json:"url"`
	MainEntityOfPage string `json:"mainEntityOfPage"`
	DatePublished    string `json:"datePublished,omitempty"`
	DateModified     string `json:"dateModified,omitempty"`
	Image            string `json:"image,omitempty"`
	InLanguage       string `json:"inLanguage,omitempty"`
	// Keywords are the post's tags, comma-separated (schema.org keywords).
	Keywords  string  `json:"keywords,omitempty"`
	Author    person  `json:"author"`
	Publisher *person `json:"publisher,omitempty"`
	IsPartOf  *blogLD `json:"isPartOf,omitempty"`
	// CommentCount and InteractionStatistic: server/pub_comments.go.
	CommentCount         *int                 `json:"commentCount,omitempty"`
	InteractionStatistic []interactionCounter `json:"interactionStatistic,omitempty"`
}

// webSiteLD is the home page's JSON-LD (schema.org WebSite).
type webSiteLD struct {
	Context     string `json:"@context"`
	Type        string `json:"@type"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	URL         string `json:"url"`
	InLanguage  string `json:"inLanguage,omitempty"`
}

type blogLD struct {
	Context     string  `json:"@context,omitempty"`
	Type        string  `json:"@type"`
	Name        string  `json:"name"`
	Description string  `json:"description,omitempty"`
	URL         string  `json:"url"`
	InLanguage  string  `json:"inLanguage,omitempty"`
	Author      *person `json:"author,omitempty"`
	Image       string  `json:"image,omitempty"`
}
