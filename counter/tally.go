package counter

import (
	"context"
	"crypto/sha256"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redisguard"
)

// Crawls and share clicks (docs/ARCHITECTURE.md "Crawls and shares") ride
// the view pipeline: QueueCrawl and QueueShare queue an item like
// QueueView, and the same batch script counts them in the same round
// trip, with the same retries and marker (batch.go). A share click goes
// through a per-post LRU like a view; crawls are summed per (post, day,
// family) within a batch and added with one HINCRBY. The counters are
// daily Hashes per owner, field "POST:NAME", with the views' TTL; the
// flush writes the highest values this process saw to post_pub_tallies
// (stgypub.TallyStore), and reads merge Redis and PostgreSQL by max per
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

func (c *Counter) afterShare(v *queuedView, n int64) {
	if n > 0 && c.dirty != nil && c.tallyStore != nil {
		c.tallies.mark(tallyKey{v.owner, v.post, v.day, kindShare, v.tag}, n)
	}
}

func (c *Counter) afterCrawl(cc crawlCount, n int64) {
	if n > 0 && c.dirty != nil && c.tallyStore != nil {
		c.tallies.mark(tallyKey{cc.owner, cc.post, cc.day, kindCrawl, cc.family}, n)
	}
}

// dropCrawls counts a rejected run's crawls as dropped.
func (r *recorder) dropCrawls(bc *batchCall) {
	r.drop(DropRejected, int64(len(bc.crawls)))
}

// FlushTallies writes the crawl and share counts this process raised
// since the last call to post_pub_tallies (one monotonic UPSERT per 1000
// rows); rows that could not be written are kept for the next call. Flush
// calls it; without a stgypub.TallyStore it does nothing.
func (c *Counter) FlushTallies(ctx context.Context) error {
	if c.tallyStore == nil {
		return nil
	}
	m := c.tallies.take()
	rows := make([]stgypub.TallyRow, 0, len(m))
	for k, n := range m {
		rows = append(rows, stgypub.TallyRow{PostID: k.post, OwnerID: k.owner, Date: k.day, Kind: kindName(k.kind), Name: tagName(k.kind, k.tag), Count: n})
	}
	var firstErr error
	for start := 0; start < len(rows); start += flushBatch {
		batch := rows[start:min(start+flushBatch, len(rows))]
		err := c.tallyStore.UpsertTallies(ctx, batch)
		if stgypub.IsNotFound(err) { // a post deleted meanwhile: write the others one by one
			err = nil
			for _, r := range batch {
				if e := c.tallyStore.UpsertTallies(ctx, []stgypub.TallyRow{r}); e != nil && !stgypub.IsNotFound(e) {
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
				c.tallies.mark(k, r.Count)
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

// tallyTable is counts per post, per window day and per name.
type tallyTable map[stgypub.ID][][]int64

func (t tallyTable) raise(post stgypub.ID, day, tag int, n int64, days, width int) {
	rows := t[post]
	if rows == nil {
		rows = make([][]int64, days)
		for i := range rows {
			rows[i] = make([]int64, width)
		}
		t[post] = rows
	}
	rows[day][tag] = max(rows[day][tag], n)
}

// readTallies reads the owner's counters of kind for days (oldest
// first) from Redis (one pipeline of HGETALL) and PostgreSQL, merged by
// max; only the posts wanted (nil: every post).
func (c *Counter) readTallies(ctx context.Context, owner stgypub.ID, kind itemKind, days []time.Time, wanted stgypub.ID) (tallyTable, error) {
	ctx = redisguard.WithTimeout(ctx, c.cfg.CheckpointTimeout) // an owner's read, not a page's
	width := len(names(kind))
	t := tallyTable{}
	dayIdx := make(map[string]int, len(days))
	for i, d := range days {
		dayIdx[d.Format(time.DateOnly)] = i
	}
	kindKey := crawlDailyKind
	if kind == kindShare {
		kindKey = shareDailyKind
	}
	pipe := c.rdb.Pipeline()
	var buf [8]byte
	cmds := make([]interface{ Val() map[string]string }, len(days))
	for i, d := range days {
		cmds[i] = pipe.HGetAll(ctx, c.keys.key(kindKey, owner, d.AppendFormat(buf[:0], dayLayout)))
	}
	_, redisErr := pipe.Exec(ctx)
	if redisErr == nil {
		for i, cmd := range cmds {
			for field, val := range cmd.Val() {
				postHex, name, ok := strings.Cut(field, ":")
				post, err := stgypub.ParseID(postHex)
				tag := slices.Index(names(kind), name)
				n, nerr := strconv.ParseInt(val, 10, 64)
				if !ok || err != nil || tag < 0 || nerr != nil {
					continue
				}
				if wanted != 0 && post != wanted {
					continue
				}
				t.raise(post, i, tag, n, len(days), width)
			}
		}
	} else if !stgypub.IsUnavailable(redisErr) {
		return nil, fmt.Errorf("counter: read %s counts of %s: %w", kindName(kind), owner, redisErr)
	}
	if c.tallyStore != nil {
		var rows []stgypub.TallyRow
		var err error
		if wanted != 0 {
			rows, err = c.tallyStore.PostTallies(ctx, wanted, kindName(kind), days[0], days[len(days)-1])
		} else {
			rows, err = c.tallyStore.OwnerTallies(ctx, owner, kindName(kind), days[0], days[len(days)-1])
		}
		if err != nil {
			return nil, fmt.Errorf("counter: %s counts of %s from PostgreSQL: %w", kindName(kind), owner, err)
		}
		for _, r := range rows {
			i, ok := dayIdx[r.Date.Format(time.DateOnly)]
			tag := slices.Index(names(kind), r.Name)
			if ok && tag >= 0 {
				t.raise(r.PostID, i, tag, r.Count, len(days), width)
			}
		}
	} else if redisErr != nil {
		return nil, fmt.Errorf("counter: read %s counts of %s: %w", kindName(kind), owner, redisErr)
	}
	return t, nil
}

// BotStats returns the owner's crawler report over the last days UTC
// days including today (docs/SPEC.md#crawler-report): per post with at
// least one crawl, the totals per family (SEARCH, SOCIAL, AI, OTHER) and
// the per-day series (oldest first, every day, zeros included); most
// crawls first, then post ID, at most TopK posts. Never cached: a crawl shows as soon as its
// batch ran. days outside 1..RetentionDays is BAD_USER_INPUT.
// Authorization is the caller's.
func (c *Counter) BotStats(ctx context.Context, ownerID stgypub.ID, days int) ([]stgypub.PostBotStats, error) {
	if days < 1 || days > c.cfg.RetentionDays {
		return nil, stgypub.FieldErrorf("days", "days must be 1 to %d", c.cfg.RetentionDays)
	}
	window := c.cal.window()
	window = window[len(window)-days:]
	t, err := c.readTallies(ctx, ownerID, kindCrawl, window, 0)
	if err != nil {
		return nil, err
	}
	out := make([]stgypub.PostBotStats, 0, len(t))
	for post, rows := range t {
		ps := stgypub.PostBotStats{PostID: post, Crawls: make([]stgypub.NameCount, len(familyNames)), Daily: make([]stgypub.DayCounts, len(window))}
		for f, name := range familyNames {
			ps.Crawls[f].Name = name
		}
		for i, d := range window {
			dc := stgypub.DayCounts{Date: d.Format(dayLayout), Counts: make([]stgypub.NameCount, len(familyNames))}
			for f, name := range familyNames {
				dc.Counts[f] = stgypub.NameCount{Name: name, Count: rows[i][f]}
				ps.Crawls[f].Count += rows[i][f]
				ps.Total += rows[i][f]
			}
			ps.Daily[i] = dc
		}
		out = append(out, ps)
	}
	slices.SortFunc(out, func(a, b stgypub.PostBotStats) int {
		if a.Total != b.Total {
			return int(b.Total - a.Total)
		}
		return compareID(a.PostID, b.PostID)
	})
	if len(out) > TopK {
		out = out[:TopK]
	}
	return out, nil
}

func compareID(a, b stgypub.ID) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// ShareCounts returns the post's share clicks per service over the
// retention window, in stgypub.ShareServices order, zeros included
// (docs/SPEC.md#share-links). Never cached. Authorization is the caller's.
func (c *Counter) ShareCounts(ctx context.Context, ownerID, postID stgypub.ID) ([]stgypub.NameCount, error) {
	t, err := c.readTallies(ctx, ownerID, kindShare, c.cal.window(), postID)
	if err != nil {
		return nil, err
	}
	out := make([]stgypub.NameCount, len(shareNames))
	for i, s := range shareNames {
		out[i].Name = s
		for _, day := range t[postID] {
			out[i].Count += day[i]
		}
	}
	return out, nil
}
