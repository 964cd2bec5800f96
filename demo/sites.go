package demo

import (
	"io/fs"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/importer"
)

// Site describes one demo user, their public-site settings and their
// articles.
type Site struct {
	User       stgypub.User
	Config     stgypub.PubConfig // UserID is filled in by Load
	Extensions string            // JSON for Config.Extensions
	Files      fs.FS
	Locale     string // forced locale; "" detects per article
	// Source is the importer's rewriter of the site's files
	// (importer.SourceGoBlog, importer.SourceMDN); Sources overrides it
	// per file (the mixed site has both). Their default base URLs resolve
	// relative links and images to go.dev and developer.mozilla.org.
	Source      string
	Sources     map[string]string
	Unpublished []string
	Scheduled   []string // published_at one year after Load's clock
}

// undatedBase is the date MDN pages (no front-matter date) are spread
// back from, fixed so every run gives them the same dates.
var undatedBase = time.Date(2025, 10, 1, 0, 0, 0, 0, time.UTC)

// Sites are the three demo sites: an English site of Go blog posts with
// every share button, a Japanese MDN site on the newspaper theme and a
// mixed-language site on the dark theme with one scheduled and one
// unpublished post.
func Sites() []Site {
	return []Site{
		{
			User: stgypub.User{LoginName: "gopher", Nickname: "Gopher",
				Introduction: "A reader of the Go blog."},
			Config: stgypub.PubConfig{SiteName: "Go Blog Reader", Subtitle: "Favourite posts from the Go blog",
				Author: "Gopher", Introduction: "Articles from the Go blog (go.dev/blog), by the Go Authors, under CC BY 4.0.",
				ShowServiceHeader: true, ShowSiteName: true, ShowPagination: true, ShowSideProfile: true,
				ShowSideRecent: 5, ShowSidePopular: 5},
			Extensions: `{"shareButtons":["x","facebook","line","hatena"],"comments":{"mode":"moderated"}}`,
			Files:      English(),
			Locale:     "en",
			Source:     importer.SourceGoBlog,
		},
		{
			User: stgypub.User{LoginName: "hanako", Nickname: "花子",
				Introduction: "MDN Web Docs を読んで勉強しています。"},
			Config: stgypub.PubConfig{SiteName: "MDN 日本語ノート", Subtitle: "ウェブ技術の覚え書き",
				Author: "花子", Introduction: "MDN Web Docs 日本語版の記事（Mozilla Contributors、CC BY-SA 2.5）を集めたサイトです。",
				DesignTheme: "newspaper", ShowServiceHeader: true, ShowSiteName: true, ShowPagination: true,
				ShowSideProfile: true, ShowSideRecent: 5, ShowSidePopular: 5},
			Extensions: `{"comments":{"mode":"open"}}`,
			Files:      Japanese(),
			Locale:     "ja",
			Source:     importer.SourceMDN,
		},
		{
			User: stgypub.User{LoginName: "mix", Nickname: "Mix",
				Introduction: "English and 日本語."},
			Config: stgypub.PubConfig{SiteName: "Mixed Notes / まぜこぜノート", Subtitle: "Go and the Web, in two languages",
				Author: "Mix", Introduction: "Go blog posts (CC BY 4.0) and MDN pages (CC BY-SA 2.5) side by side. 英語と日本語の記事が混在しています。",
				DesignTheme: "dark", ShowServiceHeader: true, ShowSiteName: true, ShowPagination: true,
				ShowSideProfile: true, ShowSideRecent: 5, ShowSidePopular: 5},
			Extensions: `{}`,
			Files:      Mixed(),
			Source:     importer.SourceMDN,
			Sources: map[string]string{
				"deadcode.md": importer.SourceGoBlog,
				"go.dev.md":   importer.SourceGoBlog,
				"strings.md":  importer.SourceGoBlog,
			},
			Unpublished: []string{"glossary-utf-8.md"},
			Scheduled:   []string{"go.dev.md"},
		},
	}
}

// ImportOptions turns a site's sources and publication lists into
// importer options (now is the clock of scheduling).
func (s Site) ImportOptions(now time.Time) importer.Options {
	pub := map[string]importer.Publication{}
	for _, name := range s.Unpublished {
		pub[name] = importer.Publication{Unpublished: true}
	}
	for _, name := range s.Scheduled {
		pub[name] = importer.Publication{At: now.AddDate(1, 0, 0)}
	}
	return importer.Options{
		Locale:            s.Locale,
		Source:            s.Source,
		Sources:           s.Sources,
		Publication:       pub,
		UndatedDate:       undatedBase,
		UndatedSpreadDays: 365,
		Now:               func() time.Time { return now },
	}
}
