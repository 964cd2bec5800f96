package stgypub

import "time"

// Site-wide ranking defaults (docs/API.md "siteRanking",
// docs/SPEC.md#site-ranking): a weekly ranking of the top 10.
const (
	SiteRankingDays  = 7
	SiteRankingLimit = 10
)

// SiteRanking is the site-wide ranking of one window: the posts of every
// owner by their page views summed over the last Days UTC days including
// today, best first (PV descending, then ID ascending), at most
// SidePostsMax of them. Entries come from the site-wide daily counters in
// Redis alone and are not yet filtered by publication (PublishedRanking
// does that on every read). ExpiresAt is when the cached result stops
// being served (ComputedAt plus the 5-minute cache lifetime): anything
// that embeds the ranking (a cached home page) must expire no later.
type SiteRanking struct {
	Days       int
	Entries    []RankingEntry
	ComputedAt time.Time
	ExpiresAt  time.Time
}
