package stgypub

import (
	"time"
)

// Tally kinds of post_pub_tallies (docs/SPEC.md#crawler-report,
// docs/SPEC.md#share-links).
const (
	TallyCrawl = "crawl" // bot fetches of an article, Name is the bot family
	TallyShare = "share" // share-link clicks, Name is the service
)

// TallyRow is one post_pub_tallies row: how many crawls (or share clicks)
// of one family (or service) a post had on one UTC date. Date is midnight
// UTC.
type TallyRow struct {
	PostID  ID
	OwnerID ID
	Date    time.Time
	Kind    string // TallyCrawl or TallyShare
	Name    string
	Count   int64
}

// NameCount is a count under a name: a bot family's crawls, a share
// service's clicks.
type NameCount struct {
	Name  string `json:"name"`
	Count int64  `json:"count"`
}

// DayCounts is one UTC date ("YYYYMMDD") of a per-name series, one entry
// per name in the report's order, zeros included.
type DayCounts struct {
	Date   string      `json:"date"`
	Counts []NameCount `json:"counts"`
}

// PostBotStats is one post's crawls over a window (docs/SPEC.md#crawler-report):
// totals per bot family (SEARCH, SOCIAL, AI, OTHER, in that order, zeros
// included) and the per-day series, oldest first.
type PostBotStats struct {
	PostID ID
	Total  int64
	Crawls []NameCount
	Daily  []DayCounts
}

// Share is one share-link click to count (docs/SPEC.md#share-links):
// Fingerprint as for a View.
type Share struct {
	PostID      ID
	OwnerID     ID
	Service     string // one of ShareServices
	Fingerprint [4]byte
}

// Crawl is one bot fetch of an article to count; Family is "SEARCH",
// "SOCIAL", "AI" or "OTHER".
type Crawl struct {
	PostID  ID
	OwnerID ID
	Family  string
}
