package graph_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/graph"
	"github.com/stgy/stgypub/owner"
)

// The fakes below stand in for the store, the counter and the owner and
// auth services, so resolver behaviour is tested without PostgreSQL or
// Redis (the integration tests in server/api run the same fields on the
// real adapters).

var fakeNow = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

// fakeStore holds posts and users; a post is published when its
// PublishedAt is at or before fakeNow.
type fakeStore struct {
	posts map[stgypub.ID]*stgypub.Post
	users map[stgypub.ID]*stgypub.User
	calls callLog
}

// callLog records, per method, the GraphQL field each call came from
// (the resolver's field, or the field of a loader's first load).
type callLog struct {
	mu sync.Mutex
	by map[string][]string
}

func (l *callLog) add(ctx context.Context, method string) {
	field := ""
	if fc := graphql.GetFieldContext(ctx); fc != nil {
		field = fc.Object + "." + fc.Field.Name
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.by == nil {
		l.by = map[string][]string{}
	}
	l.by[method] = append(l.by[method], field)
}

// of is the fields method was called from, in call order.
func (l *callLog) of(method string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.by[method]...)
}

func (s *fakeStore) published(id stgypub.ID) (*stgypub.Post, bool) {
	p, ok := s.posts[id]
	return p, ok && p.IsPublished(fakeNow)
}

func (s *fakeStore) PublishedPost(_ context.Context, id stgypub.ID) (*stgypub.Post, error) {
	if p, ok := s.published(id); ok {
		return p, nil
	}
	return nil, stgypub.Errorf(stgypub.CodeNotFound, "post not found")
}

func (s *fakeStore) AdjacentPublished(context.Context, *stgypub.Post) (older, newer *stgypub.Post, err error) {
	return nil, nil, nil
}

// AdjacentPublishedMany is AdjacentPublished of each: no neighbours.
func (s *fakeStore) AdjacentPublishedMany(ctx context.Context, ps []*stgypub.Post) ([][2]*stgypub.Post, error) {
	s.calls.add(ctx, "AdjacentPublishedMany")
	return make([][2]*stgypub.Post, len(ps)), nil
}

// PublishedByUser is the user's published posts, highest ID first, the
// first q.Limit of them (no cursor, offset or tag).
func (s *fakeStore) PublishedByUser(_ context.Context, user stgypub.ID, q stgypub.PostQuery) ([]*stgypub.Post, error) {
	var out []*stgypub.Post
	for id := range s.posts {
		if p, ok := s.published(id); ok && p.OwnedBy == user {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b *stgypub.Post) int { return cmp.Compare(b.ID, a.ID) })
	return out[:min(len(out), q.Limit)], nil
}

func (s *fakeStore) CountPublishedTagged(context.Context, stgypub.ID, string) (int, error) {
	return 0, errors.New("fakeStore: CountPublishedTagged not faked")
}

func (s *fakeStore) CountPublishedByUser(context.Context, stgypub.ID) (int, error) {
	return 0, errors.New("fakeStore: CountPublishedByUser not faked")
}

func (s *fakeStore) PublishedByIDs(_ context.Context, ids []stgypub.ID) ([]*stgypub.Post, error) {
	var out []*stgypub.Post
	for _, id := range ids {
		if p, ok := s.published(id); ok {
			out = append(out, p)
		}
	}
	return out, nil
}

func (s *fakeStore) SearchPublished(context.Context, stgypub.ID, string, stgypub.PostQuery) ([]*stgypub.Post, int, error) {
	return nil, 0, errors.New("fakeStore: SearchPublished not faked")
}

func (s *fakeStore) LastPublishedChange(context.Context, stgypub.ID) (time.Time, error) {
	return fakeNow, nil
}

func (s *fakeStore) NextPublication(context.Context) (time.Time, error) {
	return time.Time{}, nil
}

func (s *fakeStore) PublishedSites(context.Context, int) ([]*stgypub.PubSite, error) {
	return nil, nil
}

func (s *fakeStore) User(_ context.Context, id stgypub.ID) (*stgypub.User, error) {
	if u, ok := s.users[id]; ok {
		return u, nil
	}
	return nil, stgypub.Errorf(stgypub.CodeNotFound, "user not found")
}

func (s *fakeStore) UsersByIDs(_ context.Context, ids []stgypub.ID) ([]*stgypub.User, error) {
	var out []*stgypub.User
	for _, id := range ids {
		if u, ok := s.users[id]; ok {
			out = append(out, u)
		}
	}
	return out, nil
}

func (s *fakeStore) PubConfig(_ context.Context, id stgypub.ID) (*stgypub.PubConfig, error) {
	return stgypub.DefaultPubConfig(id), nil
}

func (s *fakeStore) PubConfigs(_ context.Context, ids []stgypub.ID) ([]*stgypub.PubConfig, error) {
	var out []*stgypub.PubConfig
	for _, id := range ids {
		if _, ok := s.users[id]; ok {
			out = append(out, stgypub.DefaultPubConfig(id))
		}
	}
	return out, nil
}

// SiteIdentities is UsersByIDs with PubConfig of each.
func (s *fakeStore) SiteIdentities(ctx context.Context, ids []stgypub.ID) ([]*stgypub.User, []*stgypub.PubConfig, error) {
	s.calls.add(ctx, "SiteIdentities")
	us, _ := s.UsersByIDs(ctx, ids)
	cs := make([]*stgypub.PubConfig, len(us))
	for i, u := range us {
		cs[i] = stgypub.DefaultPubConfig(u.ID)
	}
	return us, cs, nil
}

// fakeCounter ranks the given entries; rankingErr fails Ranking. It
// records which owners' Stats were asked for.
type fakeCounter struct {
	mu         sync.Mutex
	ranking    []stgypub.RankingEntry
	rankingErr error
	// viewCountsErr fails ViewCounts (Redis down).
	viewCountsErr error
	statsFor      []stgypub.ID
	views         []stgypub.View
	calls         callLog
}

// RecordView counts a view once per post and fingerprint, like the view
// script: a repeat returns 0.
func (c *fakeCounter) RecordView(_ context.Context, v stgypub.View) (int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := int64(0)
	for _, w := range c.views {
		if w.PostID == v.PostID {
			if w.Fingerprint == v.Fingerprint {
				return 0, nil
			}
			n++
		}
	}
	c.views = append(c.views, v)
	return n + 1, nil
}

func (c *fakeCounter) TodayCount(_ context.Context, _, post stgypub.ID) (int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := int64(0)
	for _, w := range c.views {
		if w.PostID == post {
			n++
		}
	}
	return n, nil
}

func (c *fakeCounter) Ranking(_ context.Context, _ stgypub.ID, limit int) ([]stgypub.RankingEntry, error) {
	if c.rankingErr != nil {
		return nil, c.rankingErr
	}
	return c.ranking[:min(limit, len(c.ranking))], nil
}

// RankingUntil is Ranking; the fake cannot say until when it holds.
func (c *fakeCounter) RankingUntil(ctx context.Context, id stgypub.ID, limit int) ([]stgypub.RankingEntry, time.Time, error) {
	out, err := c.Ranking(ctx, id, limit)
	return out, time.Time{}, err
}

// RankingDays is Ranking; days is not simulated.
func (c *fakeCounter) RankingDays(ctx context.Context, id stgypub.ID, _, limit int) ([]stgypub.RankingEntry, error) {
	return c.Ranking(ctx, id, limit)
}

// SiteRanking ranks the same entries site-wide over days (0: 7).
func (c *fakeCounter) SiteRanking(_ context.Context, days int) (*stgypub.SiteRanking, error) {
	if c.rankingErr != nil {
		return nil, c.rankingErr
	}
	if days == 0 {
		days = stgypub.SiteRankingDays
	}
	return &stgypub.SiteRanking{Days: days, Entries: c.ranking, ComputedAt: fakeNow, ExpiresAt: fakeNow.Add(5 * time.Minute)}, nil
}

func (c *fakeCounter) Stats(_ context.Context, ownerID stgypub.ID) (*stgypub.Stats, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.statsFor = append(c.statsFor, ownerID)
	return &stgypub.Stats{OwnerID: ownerID, Days: 15, TotalPV: 42, Daily: []stgypub.DayPV{}, Posts: []stgypub.PostStats{}}, nil
}

func (c *fakeCounter) ViewCounts(ctx context.Context, _ stgypub.ID, ids []stgypub.ID) (map[stgypub.ID]int64, error) {
	c.calls.add(ctx, "ViewCounts")
	if c.viewCountsErr != nil {
		return nil, c.viewCountsErr
	}
	out := map[stgypub.ID]int64{}
	for _, e := range c.ranking {
		out[e.ID] = e.PV
	}
	return out, nil
}

// TodayCounts, DailyViews, BotStats and ShareCounts complete the
// stgypub.CountReader; the resolver tests read insight figures through
// Resolver.Insight, which they leave nil.
func (c *fakeCounter) TodayCounts(context.Context, stgypub.ID) (map[stgypub.ID]int64, error) {
	return nil, errors.New("fakeCounter keeps no today's counts")
}

func (c *fakeCounter) DailyViews(context.Context, stgypub.ID) ([]stgypub.Checkpoint, error) {
	return nil, errors.New("fakeCounter keeps no daily counters")
}

func (c *fakeCounter) BotStats(context.Context, stgypub.ID, int) ([]stgypub.PostBotStats, error) {
	return nil, errors.New("fakeCounter keeps no crawls")
}

func (c *fakeCounter) ShareCounts(context.Context, stgypub.ID, stgypub.ID) ([]stgypub.NameCount, error) {
	return nil, errors.New("fakeCounter keeps no share clicks")
}

// fakeOwner records the calls that reach the owner service.
type fakeOwner struct {
	graph.OwnerService // methods not faked panic (recovered as errors by gqlgen)
	mu                 sync.Mutex
	calls              []string
	viewers            []*stgypub.User
	inputs             []owner.PostInput
}

func (o *fakeOwner) CreatePost(_ context.Context, viewer *stgypub.User, in owner.PostInput) (*stgypub.Post, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.calls = append(o.calls, "CreatePost")
	o.viewers = append(o.viewers, viewer)
	o.inputs = append(o.inputs, in)
	if err := stgypub.RequireLogin(viewer); err != nil {
		return nil, err
	}
	return &stgypub.Post{ID: 0x2000000000000077, OwnedBy: viewer.ID, Content: in.Content, Snippet: `[{"t":"p","c":"` + in.Content + `"}]`}, nil
}

// fakeAuth opens a session for any password "pw".
type fakeAuth struct{ graph.AuthService }

func (fakeAuth) Login(_ context.Context, login, password string) (*auth.Session, error) {
	if password != "pw" {
		return nil, stgypub.Errorf(stgypub.CodeUnauthenticated, "wrong login name or password")
	}
	return &auth.Session{User: &stgypub.User{ID: 9, LoginName: login}, Token: "tok", ExpiresAt: fakeNow.Add(time.Hour)}, nil
}

func (fakeAuth) SessionCookie(s *auth.Session) *http.Cookie {
	return &http.Cookie{Name: auth.CookieName, Value: s.Token}
}

// fakeAPI serves one resolver over the fakes, with an error presenter
// that puts the stgypub error code in extensions.code.
type fakeAPI struct {
	store   *fakeStore
	counter *fakeCounter
	owner   *fakeOwner
	h       http.Handler
	// loaders are the last request's (Loaders.Lists).
	loaders *graph.Loaders
}

func newFakeAPI(t *testing.T) *fakeAPI {
	t.Helper()
	f := &fakeAPI{
		store:   &fakeStore{posts: map[stgypub.ID]*stgypub.Post{}, users: map[stgypub.ID]*stgypub.User{}},
		counter: &fakeCounter{},
		owner:   &fakeOwner{},
	}
	r := &graph.Resolver{Posts: f.store, Users: f.store, Configs: f.store, Counter: f.counter,
		Owner: f.owner, Auth: fakeAuth{}, Now: func() time.Time { return fakeNow }}
	srv := handler.New(graph.NewSchema(r))
	srv.AddTransport(transport.POST{})
	srv.SetErrorPresenter(func(ctx context.Context, err error) *gqlerror.Error {
		e := graphql.DefaultErrorPresenter(ctx, err)
		e.Extensions = map[string]any{"code": stgypub.ErrorCode(err)}
		var d *graph.DegradedError
		if errors.As(err, &d) { // as server/api presents it
			e.Extensions["code"] = stgypub.CodeUnavailable
		}
		return e
	})
	// Per-request loaders, as server/api installs them,
	// kept for the test to read.
	f.h = http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		f.loaders = r.NewLoaders()
		srv.ServeHTTP(w, req.WithContext(graph.WithLoaders(req.Context(), f.loaders)))
	})
	return f
}

type fakeResp struct {
	Data   map[string]json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
	cookies []*http.Cookie
}

func (r *fakeResp) code() string {
	if len(r.Errors) == 0 {
		return ""
	}
	c, _ := r.Errors[0].Extensions["code"].(string)
	return c
}

// do runs query as viewer (nil: anonymous).
func (f *fakeAPI) do(t *testing.T, viewer *stgypub.User, query string, vars map[string]any) *fakeResp {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	ctx := auth.WithViewer(req.Context(), viewer, auth.Cookie, "")
	ctx = auth.WithCookieSink(ctx, rec)
	f.h.ServeHTTP(rec, req.WithContext(ctx))
	out := &fakeResp{cookies: rec.Result().Cookies()}
	if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
		t.Fatalf("not JSON: %s", rec.Body.String())
	}
	return out
}

func (r *fakeResp) decode(t *testing.T, field string, v any) {
	t.Helper()
	if len(r.Errors) > 0 {
		t.Fatalf("errors: %+v", r.Errors)
	}
	if err := json.Unmarshal(r.Data[field], v); err != nil {
		t.Fatal(err)
	}
}
