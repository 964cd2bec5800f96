package counter

import (
	"context"
	"crypto/sha256"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
)

// Crawls and share clicks (docs/ARCHITECTURE.md "Crawls and shares") ride
// the view pipeline: QueueCrawl and QueueShare queue an item like
// QueueView, and the same batch script counts them in the same round
// trip, with the same retries and marker (batch.go). A share click goes
// through a per-post LRU like a view; crawls are summed per (post, day,
// family) within a batch and added with one HINCRBY. The counters are
// daily Hashes per owner, field "POST:NAME", with the views' TTL; the
// flush writes the highest values this process saw to post_pub_tallies
// (stgypub.CheckpointStore's tally rows), and reads merge Redis and PostgreSQL by max per
// (post, day, name).

// itemKind is what a queued item counts.
type itemKind uint8

const (
	kindView  itemKind = iota // a page view (the LRU, the views' daily Hash)
	kindShare                 // a share click (its own LRU and daily Hash)
	kindCrawl                 // a bot fetch (summed, no LRU)
)

// Key kinds of the crawl and share counters (docs/ARCHITECTURE.md "Redis
// key layout"): the owner's hash tag, so they share the views' slot.
const (
	crawlDailyKind = "stgy:pub-bots:daily:{"
	shareDailyKind = "stgy:pub-shares:daily:{"
	shareLRUKind   = "stgy:pub-shares:lru:{"
)

// familyNames are the bot families in report order (visitor.Families'
// names); shareNames are stgypub.ShareServices.
var (
	familyNames = []string{"SEARCH", "SOCIAL", "AI", "OTHER"}
	shareNames  = stgypub.ShareServices
)

// crawlCount is one crawl counter of a batch.
type crawlCount struct {
	owner, post stgypub.ID
	day         time.Time
	family      uint8
}

// tallyField is the daily Hash field of a post's name: "POST:NAME".
func tallyField(postHex []byte, name string) string { return string(postHex) + ":" + name }

// QueueCrawl hands one bot fetch of an article to the recorder and
// returns at once, like QueueView; an unknown family counts as OTHER;
// zero IDs are ignored. Nothing of the request is kept: the count alone.
func (c *Counter) QueueCrawl(_ context.Context, cr stgypub.Crawl) {
	if cr.PostID == 0 || cr.OwnerID == 0 {
		return
	}
	i := slices.Index(familyNames, cr.Family)
	if i < 0 {
		i = len(familyNames) - 1
	}
	c.rec.enqueue(queuedView{owner: cr.OwnerID, post: cr.PostID, day: c.cal.today(), kind: kindCrawl, tag: uint8(i)})
}

// QueueShare hands one share-link click to the recorder and returns at
// once, like QueueView. The click is counted unless the same fingerprint
// clicked the same post's same service among the post's last 150 share
// clicks (the LRU stores a 4-byte hash of fingerprint and service).
// Unknown services and zero IDs are ignored.
func (c *Counter) QueueShare(_ context.Context, s stgypub.Share) {
	i := slices.Index(shareNames, s.Service)
	if s.PostID == 0 || s.OwnerID == 0 || i < 0 {
		return
	}
	c.rec.enqueue(queuedView{owner: s.OwnerID, post: s.PostID, day: c.cal.today(), fp: shareFingerprint(s.Fingerprint, s.Service), kind: kindShare, tag: uint8(i)})
}

func shareFingerprint(fp [4]byte, service string) [4]byte {
	h := sha256.New()
	h.Write(fp[:])
	h.Write([]byte(service))
	var out [4]byte
	copy(out[:], h.Sum(nil))
	return out
}

// tallyCounter is the counter's crawl and share counts part: the
// counts this process raised, their flush to PostgreSQL (this file) and
// the reports read from Redis and PostgreSQL (tally_read.go). The batch
// script counts them (batch.go); Counter.FlushTallies, BotStats and
// ShareCounts answer from it.
type tallyCounter struct {
	rdb      redis.UniversalClient
	store    stgypub.CheckpointStore // Config's checkpoint store (crawl and share rows too); nil: Redis only
	cfg      *Config                 // the Counter's
	keys     keyspace
	cal      calendar
	flushing bool     // Config.FlushInterval is set: raised counts are kept for the flush
	set      tallySet // crawl and share counts awaiting the flush
}

func newTallyCounter(c *Counter) *tallyCounter {
	tc := &tallyCounter{rdb: c.rdb, cfg: &c.cfg, keys: c.keys, cal: c.cal, flushing: c.cfg.FlushInterval > 0}
	tc.store = c.cps
	return tc
}

// tallyKey is one (post, day, kind, name) whose count this process raised.
type tallyKey struct {
	owner, post stgypub.ID
	day         time.Time
	kind        itemKind
	tag         uint8
}

// tallySet holds the highest crawl and share counts seen since the last
// flush.
type tallySet struct {
	mu sync.Mutex
	m  map[tallyKey]int64
}

func (t *tallySet) mark(k tallyKey, n int64) {
	t.mu.Lock()
	if t.m == nil {
		t.m = map[tallyKey]int64{}
	}
	if n > t.m[k] {
		t.m[k] = n
	}
	t.mu.Unlock()
}

func (t *tallySet) take() map[tallyKey]int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	m := t.m
	t.m = nil
	return m
}

func (tc *tallyCounter) afterShare(v *queuedView, n int64) {
	if n > 0 && tc.flushing && tc.store != nil {
		tc.set.mark(tallyKey{v.owner, v.post, v.day, kindShare, v.tag}, n)
	}
}

func (tc *tallyCounter) afterCrawl(cc crawlCount, n int64) {
	if n > 0 && tc.flushing && tc.store != nil {
		tc.set.mark(tallyKey{cc.owner, cc.post, cc.day, kindCrawl, cc.family}, n)
	}
}

// dropCrawls counts a rejected run's crawls as dropped.
func (r *recorder) dropCrawls(bc *batchCall) {
	r.drop(DropRejected, int64(len(bc.crawls)))
}

// FlushTallies writes the crawl and share counts this process raised
// since the last call to post_pub_tallies (one monotonic UPSERT per 1000
// rows); rows that could not be written are kept for the next call. Flush
// calls it; without a checkpoint store it does nothing.
func (c *Counter) FlushTallies(ctx context.Context) error { return c.tallies.flush(ctx) }

// flush is Counter.FlushTallies.
func (tc *tallyCounter) flush(ctx context.Context) error {
	if tc.store == nil {
		return nil
	}
	m := tc.set.take()
	rows := make([]stgypub.TallyRow, 0, len(m))
	for k, n := range m {
		rows = append(rows, stgypub.TallyRow{PostID: k.post, OwnerID: k.owner, Date: k.day, Kind: kindName(k.kind), Name: tagName(k.kind, k.tag), Count: n})
	}
	var firstErr error
	for start := 0; start < len(rows); start += flushBatch {
		batch := rows[start:min(start+flushBatch, len(rows))]
		err := tc.store.UpsertTallies(ctx, batch)
		if stgypub.IsNotFound(err) { // a post deleted meanwhile: write the others one by one
			err = nil
			for _, r := range batch {
				if e := tc.store.UpsertTallies(ctx, []stgypub.TallyRow{r}); e != nil && !stgypub.IsNotFound(e) {
					err = e
					break
				}
			}
		}
		if err != nil {
			if firstErr == nil {
				firstErr = fmt.Errorf("counter: flush crawl and share counts: %w", err)
			}
			for _, r := range batch { // kept for the next flush (the UPSERT never lowers a count)
				k := tallyKey{r.OwnerID, r.PostID, r.Date, kindOf(r.Kind), tagOf(r.Kind, r.Name)}
				tc.set.mark(k, r.Count)
			}
		}
	}
	return firstErr
}

func kindName(k itemKind) string {
	if k == kindShare {
		return stgypub.TallyShare
	}
	return stgypub.TallyCrawl
}

func kindOf(s string) itemKind {
	if s == stgypub.TallyShare {
		return kindShare
	}
	return kindCrawl
}

func names(k itemKind) []string {
	if k == kindShare {
		return shareNames
	}
	return familyNames
}

func tagName(k itemKind, tag uint8) string { return names(k)[tag] }

func tagOf(kind, name string) uint8 { return uint8(max(0, slices.Index(names(kindOf(kind)), name))) }
