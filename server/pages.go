package server

import (
	"log/slog"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/federation"
)

// pageHandlers serve the public pages of the sites and articles and the
// owners' pages under /publications: /sites/{userId} (site.go,
// site_load.go, site_title.go), /pub/{postId} with its sidebar and comment
// section (pub.go, pub_side.go, sidebar.go, pub_comments.go), the share
// redirects (share.go), owners' previews (preview.go) and the
// Publications app shell (publications.go).
type pageHandlers struct {
	*pageCache
	pageMeta
	*renderCache
	pageData   stgypub.PubPageStore // Deps.Posts, each page's data in one statement
	posts      PostStore            // Deps.Posts
	users      stgypub.PubUserStore // Deps.Users
	configs    stgypub.PubUserStore // Deps.Configs
	ranker     stgypub.Ranker       // Deps.Ranker; nil: no Popular entries
	counts     stgypub.CountReader  // Deps.Counts; nil: no view-count line
	comments   *comment.Service     // Deps.Comments; nil: no comment section
	previews   *Previews            // Deps.Previews; nil: previews 404
	federation *federation.Service  // Deps.Federation; nil: pages only
	// viewDays and viewCountTTL are Config.ViewDays and
	// Config.ViewCountTTL.
	viewDays     int
	viewCountTTL time.Duration
	basePath     string // Config.BaseURL's path, the app shell's base
	log          *slog.Logger
}
