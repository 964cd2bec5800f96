package stgypub

import (
	"context"
	"errors"
	"time"
)

// View is one page view of a published post to record
// (docs/SPEC.md#page-views). Fingerprint is the first 4 bytes of
// HMAC-SHA256(secret, normalized client IP); the raw IP never gets here.
type View struct {
	PostID      ID
	OwnerID     ID
	PublishedAt time.Time
	Fingerprint [4]byte
}

// RankingEntry is one Popular-entries row: a post and its page views over the
// retention window (docs/SPEC.md#popular-entries).
type RankingEntry struct {
	ID ID    `json:"id"`
	PV int64 `json:"pv"`
}

// DayPV is the page views of one UTC date (Date is "YYYYMMDD").
type DayPV struct {
	Date string `json:"date"`
	PV   int64  `json:"pv"`
}

// ISODate is d's date as ISO 8601, "YYYY-MM-DD" (ISODate of Date): the
// API's DayPV.date, bound as a method so it runs no resolver.
func (d DayPV) ISODate() string { return ISODate(d.Date) }

// PostStats is one row of the owner's Stats: the post, its publication date
// and digest, its PV over the window and its per-day series (oldest first).
type PostStats struct {
	ID          ID         `json:"id"`
	PublishedAt *time.Time `json:"publishedAt"`
	Digest      string     `json:"digest"`
	PV          int64      `json:"pv"`
	Daily       []DayPV    `json:"daily"`
}

// DailyPV is p's page views per day, oldest first: the PV of each entry
// of Daily (the API's PostStats.dailyPv, bound as a method).
func (p *PostStats) DailyPV() []int64 { return dayPVs(p.Daily) }

// dayPVs is the PV of each entry of daily, in order.
func dayPVs(daily []DayPV) []int64 {
	pvs := make([]int64, len(daily))
	for i, d := range daily {
		pvs[i] = d.PV
	}
	return pvs
}

// Stats is the owner's Publications Stats over the retention window
// (docs/SPEC.md#stats): Redis and PostgreSQL checkpoints merged by max per
// (post, date), then summed. TotalPV counts every post; Posts holds the top
// 1000 by PV (then ID).
type Stats struct {
	OwnerID ID  `json:"ownerId"`
	Days    int `json:"days"`
	// UpdatedAt is when these figures were computed (they are cached up
	// to the counter's CacheTTL, 5 minutes by default).
	UpdatedAt time.Time   `json:"updatedAt"`
	TotalPV   int64       `json:"totalPv"`
	Daily     []DayPV     `json:"daily"`
	Posts     []PostStats `json:"posts"`
}

// DailyPV is st's page views per day of the window, oldest first (the API's
// Stats.dailyPv, bound as a method).
func (st *Stats) DailyPV() []int64 { return dayPVs(st.Daily) }

// Checkpoint is one post_pub_access_counts row: the PV of a post on a UTC
// date as saved at a checkpoint (docs/SPEC.md#checkpoints). Date is midnight
// UTC of that date.
type Checkpoint struct {
	PostID  ID
	OwnerID ID
	Date    time.Time
	Count   int64 // stored as INTEGER; values above 2^31-1 are clamped
}

// PostMeta is the Stats metadata of a post: publication date and digest.
type PostMeta struct {
	ID          ID         `json:"-"`
	OwnerID     ID         `json:"-"`
	PublishedAt *time.Time `json:"publishedAt"`
	Digest      string     `json:"digest"`
}

// CheckpointStore persists sparse PV checkpoints; store implements it and
// counter uses it (the syncs, the flush, imports, Stats and its warmer).
// Every date is a UTC date.
type CheckpointStore interface {
	// UpsertCheckpoints writes all rows in one multi-row monotonic UPSERT
	// (... DO UPDATE ... WHERE count < EXCLUDED.count); never lowers a count.
	UpsertCheckpoints(ctx context.Context, cps []Checkpoint) error
	// SyncCheckpoints is a checkpoint's PostgreSQL side in one statement:
	// the monotonic UPSERT of cps and the post's rows with from <= date
	// <= to as they were before it.
	SyncCheckpoints(ctx context.Context, postID ID, from, to time.Time, cps []Checkpoint) ([]Checkpoint, error)
	// EachOwnerCheckpoint streams the owner's rows with from <= date <= to
	// through the (owner_id, target_date) index as (post, day index after
	// from, count), without building a Checkpoint per row.
	EachOwnerCheckpoint(ctx context.Context, ownerID ID, from, to time.Time, f func(post ID, day int, count int64)) error
	// CheckpointOwners returns the owners with at least minRows rows with
	// from <= date <= to, most rows first, at most limit (the Stats
	// snapshot warmer, counter.RunStatsWarmer).
	CheckpointOwners(ctx context.Context, from, to time.Time, minRows, limit int) ([]ID, error)
	// OwnerCheckpoints returns the owner's rows with from <= date <= to
	// through the (owner_id, target_date) index (the site archive's
	// checkpoints, archive.Collect).
	OwnerCheckpoints(ctx context.Context, ownerID ID, from, to time.Time) ([]Checkpoint, error)
	// DeleteCheckpointsBefore deletes rows with target_date < date and
	// returns how many went.
	DeleteCheckpointsBefore(ctx context.Context, date time.Time) (int64, error)
	// UpsertTallies writes crawl and share count rows flushed from Redis
	// in one monotonic multi-row UPSERT (a count is never lowered).
	UpsertTallies(ctx context.Context, rows []TallyRow) error
	// OwnerTallies returns the owner's tally rows of kind (TallyCrawl or
	// TallyShare) with from <= date <= to.
	OwnerTallies(ctx context.Context, ownerID ID, kind string, from, to time.Time) ([]TallyRow, error)
	// PostTallies returns the post's tally rows of kind with from <= date
	// <= to.
	PostTallies(ctx context.Context, postID ID, kind string, from, to time.Time) ([]TallyRow, error)
	// PostMetas looks up publication date and snippet-derived digest for
	// just the given IDs by primary key (missing IDs are left out).
	PostMetas(ctx context.Context, ids []ID) ([]PostMeta, error)
}

// The page-view counter's services (package counter implements them all);
// each adapter asks for the ones it uses.

// CountQueue takes what the counter counts off the request path: each
// method hands a page view, a bot's crawl of an article or a share-link
// click over and returns at once, whatever the counter's store does; it
// is recorded by a later batch (docs/ARCHITECTURE.md "View pipeline").
// Pages call it.
type CountQueue interface {
	QueueView(ctx context.Context, v View)
	QueueCrawl(ctx context.Context, c Crawl)
	QueueShare(ctx context.Context, s Share)
}

// ErrViewPending is what the counter's RecordView returns when its wait for the
// view's batch ran out: the view is still queued and will be recorded;
// it is not lost (docs/API.md "recordPubView").
var ErrViewPending = errors.New("page view queued, not recorded yet")

// Ranker computes Popular entries: post IDs by PV over the retention
// window, from Redis alone, PV descending then ID ascending, at most limit
// (0 means 5, above SidePostsMax means SidePostsMax, negative is
// BAD_USER_INPUT). Posts are not checked for publication: PopularEntries
// does that (docs/SPEC.md#popular-entries).
type Ranker interface {
	Ranking(ctx context.Context, ownerID ID, limit int) ([]RankingEntry, error)
	// RankingUntil is Ranking plus the time until which the result
	// holds (the ranking cache's expiry; counter.Counter.RankingUntil),
	// zero when the Ranker cannot say.
	RankingUntil(ctx context.Context, ownerID ID, limit int) ([]RankingEntry, time.Time, error)
}

// CountReader reads the page-view counter's figures (counter implements
// it): posts' PV, an owner's Stats and the site-wide ranking, today's
// views, the daily counters a site archive keeps, and the crawl and
// share counts. Authorization is the caller's.
type CountReader interface {
	// ViewCounts gives posts' PV over the retention window; a missing
	// post counts 0.
	ViewCounts(ctx context.Context, ownerID ID, postIDs []ID) (map[ID]int64, error)
	// Stats gives an owner's Publications Stats (docs/SPEC.md#stats).
	Stats(ctx context.Context, ownerID ID) (*Stats, error)
	// SiteRanking computes the site-wide ranking. days 0 means
	// SiteRankingDays (or the retention window when shorter); other days
	// outside 1..retention are BAD_USER_INPUT.
	SiteRanking(ctx context.Context, days int) (*SiteRanking, error)
	// TodayCounts gives an owner's per-post PV of today (UTC); posts
	// without views today are absent (pubViewsToday).
	TodayCounts(ctx context.Context, ownerID ID) (map[ID]int64, error)
	// DailyViews gives the owner's daily counters of the retention
	// window as (post, UTC day, count) rows, count > 0, in no particular
	// order, OwnerID set: what a site archive keeps beside the
	// checkpoints (docs/ARCHIVE.md).
	DailyViews(ctx context.Context, ownerID ID) ([]Checkpoint, error)
	// BotStats gives an owner's crawler report over the last days UTC
	// days including today (1 to the retention window, else
	// BAD_USER_INPUT), posts with the most crawls first
	// (docs/SPEC.md#crawler-report).
	BotStats(ctx context.Context, ownerID ID, days int) ([]PostBotStats, error)
	// ShareCounts gives a post's share clicks per service over the
	// retention window, in ShareServices order, zeros included
	// (docs/SPEC.md#share-links).
	ShareCounts(ctx context.Context, ownerID, postID ID) ([]NameCount, error)
}
