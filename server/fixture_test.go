package server_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/importer"
	"github.com/stgy/stgypub/internal/apptest"
	"github.com/stgy/stgypub/internal/corpus"
	"github.com/stgy/stgypub/internal/testclock"
	"github.com/stgy/stgypub/markdown"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/server"
	"github.com/stgy/stgypub/store"
)

// baseTime is the fixed clock of the fixtures: the store decides what is
// published with it, so pages are deterministic.
var baseTime = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

const baseURL = "https://pub.example.test"

// memViews is a tiny in-memory CountQueue, Ranker and CountReader for
// tests that need to see or break what the page asks of the counter. It
// keeps the views it is handed; crawls and share clicks are dropped
// (tests that count them use a counter.Counter as Deps.Tallies).
type memViews struct {
	mu         sync.Mutex
	views      []stgypub.View
	ranking    []stgypub.RankingEntry
	rankingErr error
	counts     map[stgypub.ID]int64
}

func (m *memViews) QueueView(_ context.Context, v stgypub.View) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.views = append(m.views, v)
}

func (m *memViews) QueueCrawl(context.Context, stgypub.Crawl) {}

func (m *memViews) QueueShare(context.Context, stgypub.Share) {}

func (m *memViews) Ranking(_ context.Context, _ stgypub.ID, limit int) ([]stgypub.RankingEntry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.rankingErr != nil {
		return nil, m.rankingErr
	}
	return m.ranking[:min(limit, len(m.ranking))], nil
}

// RankingUntil is Ranking; memViews cannot say until when it holds.
func (m *memViews) RankingUntil(ctx context.Context, owner stgypub.ID, limit int) ([]stgypub.RankingEntry, time.Time, error) {
	out, err := m.Ranking(ctx, owner, limit)
	return out, time.Time{}, err
}

func (m *memViews) ViewCounts(_ context.Context, _ stgypub.ID, ids []stgypub.ID) (map[stgypub.ID]int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.counts == nil {
		return nil, errors.New("counts unavailable")
	}
	out := map[stgypub.ID]int64{}
	for _, id := range ids {
		out[id] = m.counts[id]
	}
	return out, nil
}

// Stats, SiteRanking, TodayCounts, DailyViews, BotStats and
// ShareCounts complete the CountReader; no memViews test asks for them.
func (m *memViews) Stats(context.Context, stgypub.ID) (*stgypub.Stats, error) {
	return nil, errors.New("memViews keeps no Stats")
}

func (m *memViews) SiteRanking(context.Context, int) (*stgypub.SiteRanking, error) {
	return nil, errors.New("memViews keeps no site ranking")
}

func (m *memViews) TodayCounts(context.Context, stgypub.ID) (map[stgypub.ID]int64, error) {
	return nil, errors.New("memViews keeps no today's counts")
}

func (m *memViews) DailyViews(context.Context, stgypub.ID) ([]stgypub.Checkpoint, error) {
	return nil, errors.New("memViews keeps no daily counters")
}

func (m *memViews) BotStats(context.Context, stgypub.ID, int) ([]stgypub.PostBotStats, error) {
	return nil, errors.New("memViews keeps no crawls")
}

func (m *memViews) ShareCounts(context.Context, stgypub.ID, stgypub.ID) ([]stgypub.NameCount, error) {
	return nil, errors.New("memViews keeps no share clicks")
}

func (m *memViews) recorded() []stgypub.View {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]stgypub.View(nil), m.views...)
}

// env is one test's store and clock (apptest), counter stand-in, page
// cache and server. The cache is a Local one the store invalidates
// directly, so every page test also runs through the page cache: a
// stale page after a store write fails it.
type env struct {
	t     testing.TB
	app   *apptest.App
	st    *store.Store
	clk   *testclock.Clock
	views *memViews
	pages *pagecache.Cache
	srv   *server.Server
}

func newEnv(t testing.TB) *env {
	t.Helper()
	a := apptest.New(t, baseTime)
	e := &env{t: t, app: a, st: a.Store, clk: a.Clock, views: &memViews{}}
	pages, err := pagecache.New(pagecache.Config{Local: true, Now: e.clock})
	if err != nil {
		t.Fatal(err)
	}
	e.pages = pages
	e.st.Changes = pagecache.Local{Cache: pages}
	e.srv = e.newServer(server.Deps{Views: e.views, Ranker: e.views, Counts: e.views, Pages: pages})
	return e
}

func (e *env) clock() time.Time { return e.clk.Now() }

// newServer builds a server on e's store with the given optional deps
// and the test app's server configuration (apptest: base URL, view
// secret, clock).
func (e *env) newServer(d server.Deps) *server.Server {
	e.t.Helper()
	d.Posts, d.Users, d.Configs = e.st.Posts, e.st.Users, e.st.Users
	srv, err := server.New(e.app.Config(e.t, baseURL).Server, d)
	if err != nil {
		e.t.Fatalf("server.New: %v", err)
	}
	return srv
}

func (e *env) user(id stgypub.ID, login, nickname string) stgypub.ID {
	e.t.Helper()
	u := &stgypub.User{ID: id, LoginName: login, Nickname: nickname, Introduction: "Intro of " + nickname}
	if err := e.st.Users.CreateUser(context.Background(), u); err != nil {
		e.t.Fatalf("CreateUser: %v", err)
	}
	return u.ID
}

func (e *env) config(c *stgypub.PubConfig) {
	e.t.Helper()
	if err := e.st.Users.UpdatePubConfig(context.Background(), c); err != nil {
		e.t.Fatalf("UpdatePubConfig: %v", err)
	}
}

// post creates a post from Markdown (snippet and plain text through the
// markdown package) published at pub (nil: unpublished).
func (e *env) post(id, owner stgypub.ID, md, locale string, pub *time.Time) stgypub.ID {
	e.t.Helper()
	doc := markdown.Convert(md, markdown.Options{})
	p := &stgypub.Post{
		ID: id, OwnedBy: owner, Snippet: doc.Snippet, Locale: locale,
		Content: md, PlainText: markdown.PlainText(md), AllowLikes: true, AllowReplies: true,
	}
	p.Derived = doc.Derived(p.PlainText)
	if err := e.st.Posts.CreatePost(context.Background(), p); err != nil {
		e.t.Fatalf("CreatePost: %v", err)
	}
	if pub != nil {
		if err := e.st.Posts.SetPublication(context.Background(), p.ID, pub); err != nil {
			e.t.Fatalf("SetPublication: %v", err)
		}
	}
	return p.ID
}

// corpusArticle reads a corpus article of the repository (internal/corpus;
// path is its manifest name, "en/go1.12.md"; a missing one fails the test)
// and returns what the importer stores for it (its source's macros
// expanded, relative references absolute, the title as heading) and its
// locale.
func corpusArticle(t testing.TB, path string) (md, locale string) {
	t.Helper()
	a := corpus.Get(t, path)
	locale = a.Locale
	source := importer.SourceGoBlog
	if locale == "ja" {
		source = importer.SourceMDN
	}
	md, err := importer.Content(path, a.Text, importer.Options{Locale: locale, Source: source})
	if err != nil {
		t.Fatal(err)
	}
	return md, locale
}

func at(d time.Duration) *time.Time {
	t := baseTime.Add(d)
	return &t
}

// get performs a request against the server.
func (e *env) get(path string, hdr ...string) *httptest.ResponseRecorder {
	e.t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.RemoteAddr = "203.0.113.7:5555"
	req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0")
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	e.srv.ServeHTTP(rec, req)
	return rec
}
