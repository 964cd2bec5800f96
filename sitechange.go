package stgypub

import (
	"context"
	"time"
)

// SiteChange says that what one owner's public pages show changed: At is
// the owner's new site change time (users.updated_at after the write,
// UTC, strictly later than the previous one).
type SiteChange struct {
	Owner ID
	At    time.Time
}

// SiteChangeNotifier is told, after commit, about every write that
// changes what an owner's public pages (/pub of their posts, /sites, the
// feed, and the cross-site home page and sitemap) show. The store calls
// it from its one choke point (store/site_change.go) for every such
// write, in every process that writes (server, import, user, demo); the
// page cache implements it by bumping the owners' page versions in Redis
// and announcing them to every app server (README.md
// "Caching"). SitesChanged never fails the write, which is committed: it
// reports what it could not announce, for the caller to log.
type SiteChangeNotifier interface {
	SitesChanged(ctx context.Context, changes []SiteChange) error
}
