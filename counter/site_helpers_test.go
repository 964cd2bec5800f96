package counter

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/store/storetest"
)

// siteFixture is one test's database with three owners and their
// published posts, a Redis prefix, a settable clock and a Counter.
type siteFixture struct {
	rdb    redis.UniversalClient
	st     *store.Store
	clk    *clock
	c      *Counter
	owners [3]stgypub.ID
	posts  map[string]stgypub.ID // "a1" … "c2": owner letter, post number
	owner  map[stgypub.ID]stgypub.ID
	pub    map[stgypub.ID]time.Time
	fps    int // next fingerprint
}

// newSiteFixture creates owners a, b, c with n published posts each
// ("a1".."an", …), published 30 days before testNow.
func newSiteFixture(t testing.TB, n int, cfg Config) *siteFixture {
	t.Helper()
	ctx := context.Background()
	f := &siteFixture{rdb: redistest.Client(t, 0), st: storetest.New(t), clk: &clock{t: testNow},
		posts: map[string]stgypub.ID{}, owner: map[stgypub.ID]stgypub.ID{}, pub: map[stgypub.ID]time.Time{}}
	pub := testNow.AddDate(0, 0, -30)
	for i, letter := range []string{"a", "b", "c"} {
		u := &stgypub.User{LoginName: "owner-" + letter, Nickname: "Owner " + letter}
		if err := f.st.Users.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		f.owners[i] = u.ID
		for j := 1; j <= n; j++ {
			p := &stgypub.Post{OwnedBy: u.ID, PublishedAt: &pub, Snippet: `[{"T":"p","C":"x"}]`, Content: "x", PlainText: "x"}
			if err := f.st.Posts.CreatePost(ctx, p); err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%s%d", letter, j)
			f.posts[name] = p.ID
			f.owner[p.ID] = u.ID
			f.pub[p.ID] = pub
		}
	}
	cfg.Prefix = redistest.Prefix(t, f.rdb)
	if cfg.Now == nil {
		cfg.Now = f.clk.Now
	}
	if cfg.SiteFlushInterval == 0 {
		cfg.SiteFlushInterval = time.Hour // tests flush with Wait
	}
	f.c = New(f.rdb, f.st.Checkpoints, cfg)
	t.Cleanup(f.c.Wait)
	return f
}

// at sets the clock to noon of testNow's date plus off days.
func (f *siteFixture) at(off int) { f.clk.Set(testNow.AddDate(0, 0, off)) }

// views records n views of the named post from n new fingerprints and
// returns the last PV the script returned.
func (f *siteFixture) views(t testing.TB, name string, n int) int64 {
	t.Helper()
	var pv int64
	for range n {
		pv = f.viewFrom(t, name, f.fps)
		f.fps++
	}
	return pv
}

// viewFrom records one view of the named post from fingerprint i.
func (f *siteFixture) viewFrom(t testing.TB, name string, i int) int64 {
	t.Helper()
	id := f.posts[name]
	n, err := f.c.RecordView(context.Background(), stgypub.View{PostID: id, OwnerID: f.owner[id], PublishedAt: f.pub[id], Fingerprint: fp(i)})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// siteDaily is the named post's site-wide field on testNow+off.
func (f *siteFixture) siteDaily(t testing.TB, name string, off int) int64 {
	t.Helper()
	id := f.posts[name]
	key := f.c.keys.siteDailyKey(f.c.keys.siteBucket(id), testNow.AddDate(0, 0, off).Format(dayLayout))
	n, err := f.rdb.HGet(context.Background(), key, id.String()).Int64()
	if err != nil && err != redis.Nil {
		t.Fatal(err)
	}
	return n
}

// ranking is SiteRanking(days) as "name=PV" words.
func (f *siteFixture) ranking(t testing.TB, days int) string {
	t.Helper()
	r, err := f.c.SiteRanking(context.Background(), days)
	if err != nil {
		t.Fatal(err)
	}
	return f.names(r.Entries)
}

func (f *siteFixture) names(es []stgypub.RankingEntry) string {
	byID := map[stgypub.ID]string{}
	for name, id := range f.posts {
		byID[id] = name
	}
	s := ""
	for i, e := range es {
		if i > 0 {
			s += " "
		}
		name := byID[e.ID]
		if name == "" {
			name = e.ID.String()
		}
		s += fmt.Sprintf("%s=%d", name, e.PV)
	}
	return s
}

// keySlot is the cluster slot of key: CRC16 of its hash tag (the text in
// the first non-empty {…}) or of the whole key, modulo 16384.
func keySlot(key string) int {
	if i := strings.IndexByte(key, '{'); i >= 0 {
		if j := strings.IndexByte(key[i+1:], '}'); j > 0 {
			key = key[i+1 : i+1+j]
		}
	}
	return int(crc16(key) % 16384)
}
