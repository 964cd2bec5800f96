package api_test

import (
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/internal/redisguard"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/server/api"
)

// TestRedisFieldsDegrade: with the counter's Redis frozen (the test's own
// redis-server, SIGSTOP) or stopped, a query that asks for Redis-backed
// fields still answers the rest of its data with HTTP 200: each such field
// alone carries an UNAVAILABLE error at its path (viewCount null, the
// rankings [], pubStats from the checkpoints), never a 503 that nulls the
// article.
func TestRedisFieldsDegrade(t *testing.T) {
	for _, fault := range []string{"frozen", "stopped"} {
		t.Run(fault, func(t *testing.T) {
			srv := redistest.Start(t)
			e := newEnv(t, nil)
			pub := time.Now().Add(-time.Hour)
			p := e.post(t, e.owner, "# Degraded title\n\nbody", &pub)
			// The Stats fallback reads the checkpoints: the counter needs the store.
			opt := &redis.Options{Addr: srv.Addr}
			redisguard.Tune(opt) // as serve does: context deadlines bound every call
			rc := redis.NewClient(opt)
			t.Cleanup(func() { rc.Close() })
			e.deps.Resolver.Counter = counter.New(rc, e.st.Checkpoints, counter.Config{Budget: 150 * time.Millisecond, CheckpointTimeout: 300 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)})
			e.h = api.New(e.cfg, e.deps)
			if fault == "frozen" {
				srv.Freeze()
				t.Cleanup(srv.Thaw)
			} else {
				srv.Stop()
			}
			vars := map[string]any{"id": p.ID.String(), "u": e.owner.ID.String()}
			start := time.Now()
			r := e.do(t, req{as: "owner", query: `query($id: ID!, $u: ID!) {
				publishedPost(id: $id) { title viewCount }
				site(userId: $u) { name popular { id } posts(first: 3) { nodes { id viewCount } } }
				pubRanking(userId: $u) { id }
				siteRanking { rank }
				pubStats(userId: $u) { totalPv days }
			}`, variables: vars})
			if d := time.Since(start); d > 20*time.Second { // pubRanking and pubStats each wait up to 5 s today (not bounded by Budget)
				t.Errorf("the degraded query took %v", d)
			}
			if r.status != http.StatusOK || r.header.Get("Retry-After") != "" {
				t.Fatalf("status %d, Retry-After %q: %s", r.status, r.header.Get("Retry-After"), r.raw)
			}
			if !strings.Contains(string(r.Data["publishedPost"]), `"title":"Degraded title"`) ||
				!strings.Contains(string(r.Data["publishedPost"]), `"viewCount":null`) {
				t.Errorf("publishedPost = %s", r.Data["publishedPost"])
			}
			if !strings.Contains(string(r.Data["site"]), `"popular":[]`) || !strings.Contains(string(r.Data["site"]), `"viewCount":null`) {
				t.Errorf("site = %s", r.Data["site"])
			}
			if string(r.Data["pubRanking"]) != "[]" || string(r.Data["siteRanking"]) != "[]" {
				t.Errorf("rankings = %s, %s", r.Data["pubRanking"], r.Data["siteRanking"])
			}
			if !strings.Contains(string(r.Data["pubStats"]), `"days":15`) {
				t.Errorf("pubStats = %s", r.Data["pubStats"])
			}
			paths := map[string]bool{}
			for _, ge := range r.Errors {
				if ge.Extensions["code"] != stgypub.CodeUnavailable {
					t.Errorf("error %s: code %v", ge.Message, ge.Extensions["code"])
				}
				var ps []string
				for _, el := range ge.Path {
					ps = append(ps, fmt.Sprint(el))
				}
				paths[strings.Join(ps, ".")] = true
			}
			for _, want := range []string{"publishedPost.viewCount", "site.popular", "site.posts.nodes.0.viewCount", "pubRanking", "siteRanking", "pubStats"} {
				if !paths[want] {
					t.Errorf("no UNAVAILABLE error at %s: %v in %s", want, paths, r.raw)
				}
			}
		})
	}
}
