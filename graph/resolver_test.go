package graph_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// seedPopular gives alice eight published posts, a draft and a scheduled
// post, ranked draft, p0, scheduled, p1 ... p6 (p7 unranked).
func seedPopular(f *fakeAPI) (alice *stgypub.User, pub []stgypub.ID) {
	alice = &stgypub.User{ID: 1, LoginName: "alice", Nickname: "Alice"}
	f.store.users[alice.ID] = alice
	add := func(id stgypub.ID, at *time.Time) {
		f.store.posts[id] = &stgypub.Post{ID: id, OwnedBy: alice.ID, PublishedAt: at, Snippet: `[{"t":"h","l":1,"c":"Post ` + id.String() + `"}]`}
	}
	past, future := fakeNow.Add(-time.Hour), fakeNow.Add(time.Hour)
	for i := range 8 {
		id := stgypub.ID(0x2000000000000100 + i)
		add(id, &past)
		pub = append(pub, id)
	}
	draft, scheduled := stgypub.ID(0x2000000000000900), stgypub.ID(0x2000000000000901)
	add(draft, nil)
	add(scheduled, &future)
	for i, id := range []stgypub.ID{draft, pub[0], scheduled, pub[1], pub[2], pub[3], pub[4], pub[5], pub[6]} {
		f.counter.ranking = append(f.counter.ranking, stgypub.RankingEntry{ID: id, PV: int64(100 - i)})
	}
	return alice, pub
}

func idList(ids ...stgypub.ID) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = id.String()
	}
	return strings.Join(s, ",")
}

func TestPopularAndRankingOnFakes(t *testing.T) {
	f := newFakeAPI(t)
	alice, pub := seedPopular(f)
	tests := []struct {
		name    string
		limit   int
		exclude *stgypub.ID
		want    string
	}{
		{"drafts and scheduled dropped before the cut", 3, nil, idList(pub[0], pub[1], pub[2])},
		{"exclude the article shown", 3, &pub[0], idList(pub[1], pub[2], pub[3])},
		{"exclude an unranked post", 2, &pub[7], idList(pub[0], pub[1])},
		{"limit above what is ranked", 20, nil, idList(pub[:7]...)},
		{"zero", 0, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vars := map[string]any{"u": alice.ID.String(), "n": tt.limit}
			if tt.exclude != nil {
				vars["x"] = tt.exclude.String()
			}
			r := f.do(t, nil, `query($u: ID!, $n: Int, $x: ID) {
				site(userId: $u) { popular(limit: $n, exclude: $x) { id title } }
				pubRanking(userId: $u, limit: $n) { id pv } }`, vars)
			var site struct {
				Popular []struct{ ID, Title string }
			}
			r.decode(t, "site", &site)
			var got []string
			for _, p := range site.Popular {
				got = append(got, p.ID)
				if p.Title != "Post "+p.ID {
					t.Errorf("title %q", p.Title)
				}
			}
			if strings.Join(got, ",") != tt.want {
				t.Errorf("popular = %v, want %s", got, tt.want)
			}
			var ranking []struct {
				ID string
				PV int
			}
			r.decode(t, "pubRanking", &ranking)
			if tt.exclude == nil {
				var rankIDs []string
				for _, e := range ranking {
					rankIDs = append(rankIDs, e.ID)
				}
				if strings.Join(rankIDs, ",") != tt.want {
					t.Errorf("pubRanking = %v, want %s", rankIDs, tt.want)
				}
			}
			if len(ranking) > 0 && (ranking[0].ID != pub[0].String() || ranking[0].PV != 99) {
				t.Errorf("first ranking entry %+v, want %s with 99", ranking[0], pub[0])
			}
		})
	}

	t.Run("counter unavailable: popular and pubRanking are [] with an UNAVAILABLE error", func(t *testing.T) {
		f := newFakeAPI(t)
		alice, _ := seedPopular(f)
		f.counter.rankingErr = fmt.Errorf("redis: %w", context.DeadlineExceeded)
		for _, q := range []string{
			`query($u: ID!) { site(userId: $u) { id popular { id } } }`,
			`query($u: ID!) { pubRanking(userId: $u) { id } }`,
		} {
			r := f.do(t, nil, q, map[string]any{"u": alice.ID.String()})
			if len(r.Errors) != 1 || r.code() != stgypub.CodeUnavailable {
				t.Errorf("%s: %+v, want one UNAVAILABLE error", q, r.Errors)
			}
			for k, v := range r.Data {
				if !strings.Contains(string(v), "[]") {
					t.Errorf("%s: %s = %s, want []", q, k, v)
				}
			}
		}
	})
	t.Run("counter fault: popular and pubRanking fail alike", func(t *testing.T) {
		f := newFakeAPI(t)
		alice, _ := seedPopular(f)
		f.counter.rankingErr = errors.New("redis down")
		for _, q := range []string{
			`query($u: ID!) { site(userId: $u) { popular { id } } }`,
			`query($u: ID!) { pubRanking(userId: $u) { id } }`,
		} {
			r := f.do(t, nil, q, map[string]any{"u": alice.ID.String()})
			if len(r.Errors) != 1 || r.code() != stgypub.CodeInternal {
				t.Errorf("%s: %+v, want one INTERNAL error", q, r.Errors)
			}
		}
	})
	t.Run("negative limit", func(t *testing.T) {
		r := f.do(t, nil, `query($u: ID!) { site(userId: $u) { popular(limit: -1) { id } } }`, map[string]any{"u": alice.ID.String()})
		if r.code() != stgypub.CodeBadUserInput {
			t.Errorf("code %q, want BAD_USER_INPUT", r.code())
		}
	})
}

func TestPubStatsSelfOrAdminOnFakes(t *testing.T) {
	alice := &stgypub.User{ID: 1, LoginName: "alice"}
	bob := &stgypub.User{ID: 2, LoginName: "bob"}
	admin := &stgypub.User{ID: 3, LoginName: "root", IsAdmin: true}
	tests := []struct {
		name   string
		viewer *stgypub.User
		code   string
	}{
		{"anonymous", nil, stgypub.CodeUnauthenticated},
		{"another user", bob, stgypub.CodeForbidden},
		{"the owner", alice, ""},
		{"an administrator", admin, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeAPI(t)
			r := f.do(t, tt.viewer, `query($u: ID!) { pubStats(userId: $u) { totalPv } }`, map[string]any{"u": alice.ID.String()})
			if r.code() != tt.code {
				t.Fatalf("code %q, want %q (%+v)", r.code(), tt.code, r.Errors)
			}
			if tt.code != "" {
				if len(f.counter.statsFor) != 0 {
					t.Errorf("Stats computed for a refused viewer")
				}
				return
			}
			var stats struct{ TotalPv int }
			r.decode(t, "pubStats", &stats)
			if stats.TotalPv != 42 || len(f.counter.statsFor) != 1 || f.counter.statsFor[0] != alice.ID {
				t.Errorf("stats %+v, computed for %v", stats, f.counter.statsFor)
			}
		})
	}
}

func TestThinResolversOnFakes(t *testing.T) {
	t.Run("createPost passes the viewer and the input to the owner service", func(t *testing.T) {
		f := newFakeAPI(t)
		alice := &stgypub.User{ID: 1, LoginName: "alice"}
		r := f.do(t, alice, `mutation { createPost(input: {content: "Hello", locale: "ja", allowLikes: false}) { id title } }`, nil)
		var p struct{ ID, Title string }
		r.decode(t, "createPost", &p)
		if p.Title != "Hello" || len(f.owner.viewers) != 1 || f.owner.viewers[0] != alice {
			t.Fatalf("post %+v, viewers %v", p, f.owner.viewers)
		}
		in := f.owner.inputs[0]
		if in.Content != "Hello" || in.Locale == nil || *in.Locale != "ja" || in.AllowLikes == nil || *in.AllowLikes || in.AllowReplies != nil {
			t.Errorf("input %+v", in)
		}
	})
	t.Run("anonymous createPost is refused by the service's rule", func(t *testing.T) {
		f := newFakeAPI(t)
		r := f.do(t, nil, `mutation { createPost(input: {content: "x"}) { id } }`, nil)
		if r.code() != stgypub.CodeUnauthenticated {
			t.Errorf("code %q", r.code())
		}
	})
	t.Run("login sets the session cookie", func(t *testing.T) {
		f := newFakeAPI(t)
		r := f.do(t, nil, `mutation { login(loginName: "carol", password: "pw") { me { loginName } } }`, nil)
		var login struct{ Me struct{ LoginName string } }
		r.decode(t, "login", &login)
		if login.Me.LoginName != "carol" || len(r.cookies) != 1 || r.cookies[0].Value != "tok" {
			t.Errorf("login %+v, cookies %v", login, r.cookies)
		}
		r = f.do(t, nil, `mutation { login(loginName: "carol", password: "bad") { me { id } } }`, nil)
		if r.code() != stgypub.CodeUnauthenticated || len(r.cookies) != 0 {
			t.Errorf("bad password: code %q cookies %v", r.code(), r.cookies)
		}
	})
	t.Run("title, description and digest come from the root snippet rules, the image from the stored derived fields", func(t *testing.T) {
		f := newFakeAPI(t)
		past := fakeNow.Add(-time.Hour)
		long := strings.Repeat("とても長い段落。", 50)
		snippet := `[{"t":"h","l":1,"c":"Title"},{"t":"img","src":"javascript:x"},{"t":"img","src":"https://cdn.example.org/a.png"},{"t":"p","c":"` + long + `"}]`
		f.store.posts[5] = &stgypub.Post{ID: 5, OwnedBy: 1, PublishedAt: &past, Snippet: snippet,
			Derived: stgypub.PostDerived{FeaturedImage: "https://cdn.example.org/late.png", ReadingMinutes: 4}}
		r := f.do(t, nil, `{ publishedPost(id: "0000000000000005") { title description featuredImage digest readingTimeMinutes } }`, nil)
		var p struct {
			Title, Description, FeaturedImage, Digest string
			ReadingTimeMinutes                        int
		}
		r.decode(t, "publishedPost", &p)
		if p.ReadingTimeMinutes != 4 {
			t.Errorf("readingTimeMinutes = %d, want the stored 4", p.ReadingTimeMinutes)
		}
		sum := stgypub.SummarizeSnippet(snippet)
		if p.Title != sum.Title || p.Description != sum.Description || p.FeaturedImage != "https://cdn.example.org/late.png" || p.Digest != stgypub.SnippetDigest(snippet) {
			t.Errorf("got %+v, want %+v digest %q", p, sum, stgypub.SnippetDigest(snippet))
		}
		if !strings.HasSuffix(p.Description, "…") {
			t.Errorf("a cut description should end with …: %q", p.Description)
		}
	})
	t.Run("an untitled post is titled by its date, as the pages title it", func(t *testing.T) {
		f := newFakeAPI(t)
		f.store.users[1] = &stgypub.User{ID: 1, LoginName: "a", Nickname: "A"}
		pub := time.Date(2026, 3, 9, 23, 30, 0, 0, time.UTC)
		f.store.posts[6] = &stgypub.Post{ID: 6, OwnedBy: 1, PublishedAt: &pub, Snippet: `[{"t":"img","src":"https://e.org/a.png"}]`}
		r := f.do(t, nil, `{ publishedPost(id: "0000000000000006") { title } }`, nil)
		var p struct{ Title string }
		r.decode(t, "publishedPost", &p)
		if p.Title != "2026-03-09" { // the default settings' zone: UTC
			t.Errorf("title = %q, want 2026-03-09", p.Title)
		}
	})
}
