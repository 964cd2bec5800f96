package server_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/counter"
)

// statsFixture is a cluster whose owner alice has posts with views on
// several days (so the 1-, 7- and 15-day orders differ), titles a
// spreadsheet would misread, and sessions for bob (another owner) and an
// admin.
type statsFixture struct {
	c          *cluster
	bob, admin string // session cookies
	alice      string
	wantTitles map[string]string // post ID → title as the API gives it
}

func newStatsFixture(t *testing.T) *statsFixture {
	t.Helper()
	c := newCluster(t, 1, nil, "")
	ctx := context.Background()
	f := &statsFixture{c: c, alice: auth.CookieName + "=" + c.token, wantTitles: map[string]string{}}
	authSvc := auth.New(c.st.Users, c.st.Users, auth.Config{})
	for _, login := range []string{"bob", "root"} {
		if _, err := auth.CreateUser(ctx, c.st.Users, login, strings.ToUpper(login), "correct horse battery"); err != nil {
			t.Fatal(err)
		}
		if login == "root" {
			if err := auth.MakeAdmin(ctx, c.st.Users, login, true); err != nil {
				t.Fatal(err)
			}
		}
		sess, err := authSvc.Login(ctx, login, "correct horse battery")
		if err != nil {
			t.Fatal(err)
		}
		if login == "bob" {
			f.bob = auth.CookieName + "=" + sess.Token
		} else {
			f.admin = auth.CookieName + "=" + sess.Token
		}
	}
	titles := []string{"=HYPERLINK(\"http://evil\")", "Comma, \"quoted\"", "-2+3", "@SUM(A1)", " +leading space", "日本語の記事", "Plain", "\tTabbed"}
	pub := c.clock().Add(-time.Hour)
	today := time.Now().UTC()
	var entries []counter.ImportEntry
	for i, title := range titles {
		id := c.createPost("# "+title+"\n\nBody "+strconv.Itoa(i), &pub)
		f.wantTitles[id.String()] = strings.TrimSpace(title)
		// Old views grow with i, today's views shrink with i: the
		// 1-day and 15-day orders are opposite.
		entries = append(entries,
			counter.ImportEntry{OwnerID: c.owner, PostID: id, Views: int64(10 * (i + 1)), Date: today.AddDate(0, 0, -10)},
			counter.ImportEntry{OwnerID: c.owner, PostID: id, Views: int64(len(titles) - i), Date: today})
	}
	if _, err := c.nodes[0].counter.ImportViews(ctx, entries); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestStatsCSVAuth: the export takes the API's credentials: none (or a
// stale cookie) is 401, another owner 403, the owner and an admin get the
// CSV; bad parameters are 400 with their reason.
func TestStatsCSVAuth(t *testing.T) {
	f := newStatsFixture(t)
	path := "/publications/stats.csv?userId=" + f.c.owner.String()
	tests := []struct {
		name   string
		path   string
		hdr    []string
		status int
		has    string
	}{
		{"anonymous", path, nil, 401, "Log in"},
		{"stale cookie", path, []string{"Cookie", auth.CookieName + "=nope"}, 401, "Log in"},
		{"bad bearer", path, []string{"Authorization", "Bearer nope"}, 401, ""},
		{"another owner", path, []string{"Cookie", f.bob}, 403, ""},
		{"owner", path, []string{"Cookie", f.alice}, 200, "id,title,published_at,views,"},
		{"admin", path, []string{"Cookie", f.admin}, 200, "id,title,published_at,views,"},
		{"bad user", "/publications/stats.csv?userId=xyz", []string{"Cookie", f.alice}, 400, "userId"},
		{"bad days", path + "&days=16", []string{"Cookie", f.alice}, 400, "days"},
		{"zero days", path + "&days=0", []string{"Cookie", f.alice}, 400, "days"},
		{"bad sort", path + "&sort=pv", []string{"Cookie", f.alice}, 400, "sort"},
		{"bad dir", path + "&dir=up", []string{"Cookie", f.alice}, 400, "dir"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.c.get(0, tt.path, tt.hdr...)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %.300s", rec.Code, tt.status, rec.Body.String())
			}
			if !strings.Contains(rec.Body.String(), tt.has) {
				t.Errorf("body lacks %q: %.300s", tt.has, rec.Body.String())
			}
			if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "no-store") {
				t.Errorf("Cache-Control %q", cc)
			}
			if tt.status == 200 && !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") {
				t.Errorf("Content-Type %q", rec.Header().Get("Content-Type"))
			}
		})
	}
}

// TestStatsCSVRowsEqualPages: for each sort, direction and period, the
// CSV's rows are the rows of Stats.postsPage paged two at a time, in the
// same order, with the same period views and daily figures; titles that
// start like formulas are quoted with a leading apostrophe and the rest
// survive RFC 4180 quoting.
func TestStatsCSVRowsEqualPages(t *testing.T) {
	f := newStatsFixture(t)
	q := `query($u: ID!, $a: String, $s: PostStatsSort, $d: Int) { pubStats(userId: $u) { days
		postsPage(first: 2, after: $a, sort: $s, days: $d) { pageInfo { hasNextPage endCursor } edges { periodPv node { id title digest daily { date pv } } } } } }`
	sorts := map[string]string{"views": "PV", "title": "TITLE", "published": "PUBLISHED", "id": "ID"}
	for key, enum := range sorts {
		for _, dir := range []string{"asc", "desc"} {
			for _, days := range []int{1, 7, 15} {
				t.Run(fmt.Sprintf("%s_%s_%dd", key, dir, days), func(t *testing.T) {
					var want [][]string
					var after any
					for page := 0; ; page++ {
						data := f.c.graphql(0, q, map[string]any{"u": f.c.owner.String(), "a": after, "s": enum + "_" + strings.ToUpper(dir), "d": days})
						var st struct {
							PostsPage struct {
								PageInfo struct {
									HasNextPage bool
									EndCursor   string
								}
								Edges []struct {
									PeriodPv int64
									Node     struct {
										ID, Title, Digest string
										Daily             []struct {
											Date string
											PV   int64
										}
									}
								}
							}
						}
						if err := json.Unmarshal(data["pubStats"], &st); err != nil {
							t.Fatal(err)
						}
						for _, e := range st.PostsPage.Edges {
							n := e.Node
							row := []string{n.ID, n.Title, strconv.FormatInt(e.PeriodPv, 10)}
							var sum int64
							for _, d := range n.Daily[len(n.Daily)-days:] {
								row = append(row, strconv.FormatInt(d.PV, 10))
								sum += d.PV
							}
							if sum != e.PeriodPv {
								t.Fatalf("%s: periodPv %d, its last %d days sum to %d", n.ID, e.PeriodPv, days, sum)
							}
							want = append(want, row)
						}
						if !st.PostsPage.PageInfo.HasNextPage {
							break
						}
						after = st.PostsPage.PageInfo.EndCursor
						if page > 10 {
							t.Fatal("paging does not end")
						}
					}
					if len(want) != len(f.wantTitles) {
						t.Fatalf("paged %d rows, want %d", len(want), len(f.wantTitles))
					}
					rec := f.c.get(0, fmt.Sprintf("/publications/stats.csv?userId=%s&sort=%s&dir=%s&days=%d", f.c.owner, key, dir, days), "Cookie", f.alice)
					if rec.Code != 200 {
						t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
					}
					body := rec.Body.String()
					if !strings.HasPrefix(body, "\ufeffid,title,published_at,views,") || !strings.HasSuffix(body, "\r\n") {
						t.Fatalf("CSV head or tail: %q", body)
					}
					recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(body, "\ufeff"))).ReadAll()
					if err != nil {
						t.Fatal(err)
					}
					if len(recs[0]) != 4+days || len(recs)-1 != len(want) {
						t.Fatalf("%d columns, %d rows; want %d and %d", len(recs[0]), len(recs)-1, 4+days, len(want))
					}
					for i, w := range want {
						got := recs[i+1]
						title := f.wantTitles[w[0]]
						if strings.ContainsAny(strings.TrimLeft(title, " ")[:1], "=+-@\t") {
							title = "'" + title
						}
						if got[0] != w[0] || got[1] != title || got[3] != w[2] || strings.Join(got[4:], ",") != strings.Join(w[3:], ",") {
							t.Errorf("row %d: CSV %q, page row %q (title %q)", i, got, w, title)
						}
						if w[1] != f.wantTitles[w[0]] {
							t.Errorf("row %d: API title %q, want %q", i, w[1], f.wantTitles[w[0]])
						}
					}
				})
			}
		}
	}
}
