package api_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/visitor"
)

// TestEverythingOnePageShows is issue 11's "everything the /pub page
// shows, in one request": Post.site with the display names the pages
// apply, absolute URLs, the typed extensions next to the raw JSON,
// Query.sites, search order, recent and popular without the article.
func TestEverythingOnePageShows(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(_ *apiConfig, d *apiDeps) { d.Resolver.BaseURL = baseURL })
	old := e.post(t, e.owner, "# Old\n\n![cat](https://img.example.com/cat.png) apple", ago(3*time.Hour))
	mid := e.post(t, e.owner, "# Mid\n\n![rel](/img/x.png) apple pie", ago(2*time.Hour))
	newest := e.post(t, e.owner, "# New\n\nno apple here? apple", ago(time.Hour))
	e.post(t, e.other, "# Other's\n\nx", ago(30*time.Minute))
	q := `query($id: ID!) { publishedPost(id: $id) { id url featuredImage publishedAt owner { nickname }
		site { id url name author introduction
			config { siteName extensions typedExtensions { shareButtons commentMode googleAnalyticsId showViewCount timeZone } }
			recent(limit: 5, excludeId: $id) { id }
			search(query: "apple", order: OLDEST) { totalCount items { post { id } } } } } }`
	get := func(p *stgypub.Post) string {
		r := e.do(t, req{query: q, variables: map[string]any{"id": p.ID.String()}})
		if len(r.Errors) > 0 {
			t.Fatalf("%s", r.raw)
		}
		return string(r.Data["publishedPost"])
	}
	site := `"site":{"id":"` + e.owner.ID.String() + `","url":"` + baseURL + `/sites/` + e.owner.ID.String() + `",`
	at := func(p *stgypub.Post) string { return p.PublishedAt.UTC().Format("2006-01-02T15:04:05.000Z") }
	want := `{"id":"` + mid.ID.String() + `","url":"` + baseURL + `/pub/` + mid.ID.String() + `","featuredImage":"","publishedAt":"` + at(mid) + `","owner":{"nickname":"owner nick"},` +
		site + `"name":"owner nick","author":"owner nick","introduction":"",` +
		`"config":{"siteName":"","extensions":{},"typedExtensions":{"shareButtons":[],"commentMode":"NONE","googleAnalyticsId":null,"showViewCount":true,"timeZone":null}},` +
		`"recent":[{"id":"` + newest.ID.String() + `"},{"id":"` + old.ID.String() + `"}],` +
		`"search":{"totalCount":3,"items":[{"post":{"id":"` + old.ID.String() + `"}},{"post":{"id":"` + mid.ID.String() + `"}},{"post":{"id":"` + newest.ID.String() + `"}}]}}}`
	if got := get(mid); got != want {
		t.Errorf("defaults:\n got %s\nwant %s", got, want)
	}
	if got := get(old); !strings.Contains(got, `"featuredImage":"https://img.example.com/cat.png"`) {
		t.Errorf("absolute image: %s", got)
	}

	// The owner's profile and settings: the settings win, as on the pages.
	e.do(t, req{as: "owner", query: `mutation($u: ID!) { updateProfile(userId: $u, nickname: "Nick Two", introduction: "Profile intro") { id } }`, variables: map[string]any{"u": e.owner.ID.String()}})
	r := e.do(t, req{query: `query($id: ID!) { publishedPost(id: $id) { site { name author introduction } } }`, variables: map[string]any{"id": mid.ID.String()}})
	if got := string(r.Data["publishedPost"]); got != `{"site":{"name":"Nick Two","author":"Nick Two","introduction":"Profile intro"}}` {
		t.Errorf("profile only: %s", got)
	}
	ext := map[string]any{"shareButtons": []any{"line", "x"}, "comments": map[string]any{"mode": "open"},
		"analytics": map[string]any{"googleAnalytics": map[string]any{"measurementId": "G-ABCDE12345"}}, "showViewCount": false, "timeZone": "Asia/Tokyo"}
	r = e.do(t, req{as: "owner", query: `mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { userId } }`,
		variables: map[string]any{"u": e.owner.ID.String(), "in": map[string]any{"siteName": "Notes", "author": "Pen Name", "introduction": "Site intro", "extensions": ext}}})
	if len(r.Errors) > 0 {
		t.Fatal(r.raw)
	}
	r = e.do(t, req{query: `query($id: ID!) { publishedPost(id: $id) { site { name author introduction config { typedExtensions { shareButtons commentMode googleAnalyticsId showViewCount timeZone } } } } }`, variables: map[string]any{"id": mid.ID.String()}})
	if got := string(r.Data["publishedPost"]); got != `{"site":{"name":"Notes","author":"Pen Name","introduction":"Site intro","config":{"typedExtensions":{"shareButtons":["line","x"],"commentMode":"OPEN","googleAnalyticsId":"G-ABCDE12345","showViewCount":false,"timeZone":"Asia/Tokyo"}}}}` {
		t.Errorf("settings: %s", got)
	}

	r = e.do(t, req{query: `{ sites { id name url } }`})
	if got, want := string(r.Data["sites"]), `[{"id":"`+e.other.ID.String()+`","name":"other nick","url":"`+baseURL+`/sites/`+e.other.ID.String()+`"},{"id":"`+e.owner.ID.String()+`","name":"Notes","url":"`+baseURL+`/sites/`+e.owner.ID.String()+`"}]`; got != want {
		t.Errorf("sites:\n got %s\nwant %s", got, want)
	}
	if r := e.do(t, req{query: `{ sites(limit: 1) { id } }`}); string(r.Data["sites"]) != `[{"id":"`+e.other.ID.String()+`"}]` {
		t.Errorf("sites(limit: 1): %s", r.raw)
	}
	if r := e.do(t, req{query: `{ sites(limit: 0) { id } }`}); r.code() != stgypub.CodeBadUserInput {
		t.Errorf("sites(limit: 0): %s", r.raw)
	}
}

// TestPostConnection walks a site with cursors (Relay: first/after,
// edges and nodes, pageInfo, totalCount), shows that a post published
// between two pages repeats nothing (offset paging repeats one), and that
// the old items/offset/limit still answer.
func TestPostConnection(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	var ids []string // newest first
	for i := range 5 {
		p := e.post(t, e.owner, "# P"+string(rune('0'+i))+"\n\nx", ago(time.Duration(10-i)*time.Hour))
		ids = append([]string{p.ID.String()}, ids...)
	}
	page := func(first int, after *string) (nodes, edges []string, info map[string]any, total int) {
		t.Helper()
		vars := map[string]any{"u": e.owner.ID.String(), "n": first}
		if after != nil {
			vars["a"] = *after
		}
		r := e.do(t, req{query: `query($u: ID!, $n: Int, $a: String) { site(userId: $u) { posts(first: $n, after: $a) {
			totalCount nodes { id } edges { cursor node { id } } items { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`, variables: vars})
		var out struct {
			Posts struct {
				TotalCount int
				Nodes      []postJSON
				Items      []postJSON
				Edges      []struct {
					Cursor string
					Node   postJSON
				}
				PageInfo map[string]any
			}
		}
		r.data(t, "site", &out)
		nodes = postIDs(out.Posts.Nodes)
		if strings.Join(postIDs(out.Posts.Items), ",") != strings.Join(nodes, ",") {
			t.Errorf("items %v != nodes %v", postIDs(out.Posts.Items), nodes)
		}
		for i, ed := range out.Posts.Edges {
			edges = append(edges, ed.Node.ID)
			if i == 0 && out.Posts.PageInfo["startCursor"] != ed.Cursor || i == len(out.Posts.Edges)-1 && out.Posts.PageInfo["endCursor"] != ed.Cursor {
				t.Errorf("pageInfo cursors %v do not match edges", out.Posts.PageInfo)
			}
		}
		return nodes, edges, out.Posts.PageInfo, out.Posts.TotalCount
	}
	n1, e1, info, total := page(2, nil)
	if strings.Join(n1, ",") != strings.Join(ids[:2], ",") || strings.Join(e1, ",") != strings.Join(n1, ",") || total != 5 ||
		info["hasNextPage"] != true || info["hasPreviousPage"] != false {
		t.Fatalf("page 1: %v %v %v %d", n1, e1, info, total)
	}
	end := info["endCursor"].(string)
	e.post(t, e.owner, "# Newer\n\nx", ago(time.Minute)) // published between the pages
	n2, _, info, total := page(2, &end)
	if strings.Join(n2, ",") != strings.Join(ids[2:4], ",") || info["hasNextPage"] != true || info["hasPreviousPage"] != true || total != 6 {
		t.Errorf("page 2: %v, want %v; %v %d", n2, ids[2:4], info, total)
	}
	end = info["endCursor"].(string)
	n3, _, info, _ := page(2, &end)
	if strings.Join(n3, ",") != ids[4] || info["hasNextPage"] != false {
		t.Errorf("page 3: %v %v", n3, info)
	}
	end = info["endCursor"].(string)
	if n4, _, info, _ := page(2, &end); len(n4) != 0 || info["endCursor"] != nil || info["startCursor"] != nil || info["hasNextPage"] != false {
		t.Errorf("past the end: %v %v", n4, info)
	}
	r := e.do(t, req{query: `query($u: ID!) { site(userId: $u) { posts(offset: 2, limit: 2) { items { id } } } }`, variables: map[string]any{"u": e.owner.ID.String()}})
	if got := string(r.Data["site"]); got != `{"posts":{"items":[{"id":"`+ids[1]+`"},{"id":"`+ids[2]+`"}]}}` {
		t.Errorf("offset page 2 (the drift cursors avoid: %s repeats): %s", ids[1], got)
	}
	for name, q := range map[string]string{
		"bad cursor":          `posts(after: "bm90IGEgY3Vyc29y") { totalCount }`,
		"cursor and offset":   `posts(after: "` + end + `", offset: 1) { totalCount }`,
		"first and limit":     `posts(first: 2, limit: 3) { totalCount }`,
		"first 0":             `posts(first: 0) { totalCount }`,
		"cursor of a post id": `posts(after: "` + ids[0] + `") { totalCount }`,
	} {
		r := e.do(t, req{query: `query($u: ID!) { site(userId: $u) { ` + q + ` } }`, variables: map[string]any{"u": e.owner.ID.String()}})
		if r.code() != stgypub.CodeBadUserInput {
			t.Errorf("%s: %s", name, r.raw)
		}
	}
}

// TestComplexityScalarsCheap: the HTML Plain view's page (200 titles with
// dates and URLs) is one request; 200 posts with prev and next are not.
func TestComplexityScalarsCheap(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	e.post(t, e.owner, "# A\n\nx", ago(time.Hour))
	plain := `query($u: ID!) { site(userId: $u) { name posts(first: 200) { totalCount pageInfo { hasNextPage endCursor } nodes { id title url publishedAt updatedAt locale description featuredImage digest } } } }`
	if r := e.do(t, req{query: plain, variables: map[string]any{"u": e.owner.ID.String()}}); len(r.Errors) > 0 {
		t.Errorf("plain view: %s", r.raw)
	}
	old := `query($u: ID!) { site(userId: $u) { posts(limit: 100) { items { id title publishedAt updatedAt locale description featuredImage digest } } } }`
	if r := e.do(t, req{query: old, variables: map[string]any{"u": e.owner.ID.String()}}); len(r.Errors) > 0 {
		t.Errorf("limit 100 with eight scalars: %s", r.raw)
	}
	heavy := `query($u: ID!) { site(userId: $u) { posts(first: 200) { nodes { prev { id } next { id } } } } }`
	r := e.do(t, req{query: heavy, variables: map[string]any{"u": e.owner.ID.String()}})
	if r.code() != stgypub.CodeBadUserInput || r.Errors[0].Message != "operation has complexity 2202, which exceeds the limit of 1000" {
		t.Errorf("prev/next of 200: %s", r.raw)
	}
}

// TestStatsDaysAndTimes: Stats days are ISO dates and every Time has
// milliseconds.
func TestStatsDaysAndTimes(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	p := e.post(t, e.owner, "# S\n\nx", ago(time.Hour))
	r := e.do(t, req{query: `mutation($p: ID!, $f: String!, $s: String!) { recordPubView(postId: $p, fingerprint: $f, signature: $s) { recorded pv } }`,
		variables: signedView(p.ID, "01020304")})
	if got := string(r.Data["recordPubView"]); got != `{"recorded":true,"pv":1}` {
		t.Fatalf("view: %s", r.raw)
	}
	r = e.do(t, req{as: "owner", query: `query($u: ID!) { pubStats(userId: $u) { updatedAt daily { date pv } posts { publishedAt daily { date pv } } } }`, variables: map[string]any{"u": e.owner.ID.String()}})
	var st struct {
		UpdatedAt string
		Daily     []struct {
			Date string
			PV   int
		}
		Posts []struct{ PublishedAt string }
	}
	r.data(t, "pubStats", &st)
	today := time.Now().UTC().Format("2006-01-02")
	last := st.Daily[len(st.Daily)-1]
	if len(st.Daily) != 15 || last.Date != today || last.PV != 1 || st.Daily[0].Date != time.Now().UTC().AddDate(0, 0, -14).Format("2006-01-02") {
		t.Errorf("daily: %+v", st.Daily)
	}
	if _, err := time.Parse("2006-01-02T15:04:05.000Z", st.UpdatedAt); err != nil || len(st.Posts) != 1 || st.Posts[0].PublishedAt != p.PublishedAt.UTC().Format("2006-01-02T15:04:05.000Z") {
		t.Errorf("times: %s %+v (%v)", st.UpdatedAt, st.Posts, err)
	}
}

// TestRecordPubViewDuplicate: a duplicate view answers today's count and
// recorded false.
func TestRecordPubViewDuplicate(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	p := e.post(t, e.owner, "# V\n\nx", ago(time.Hour))
	send := func(fp string) string {
		r := e.do(t, req{query: `mutation($p: ID!, $f: String!, $s: String!) { recordPubView(postId: $p, fingerprint: $f, signature: $s) { recorded pv } }`, variables: signedView(p.ID, fp)})
		return string(r.Data["recordPubView"])
	}
	for i, c := range []struct{ fp, want string }{
		{"0a0b0c0d", `{"recorded":true,"pv":1}`},
		{"0a0b0c0d", `{"recorded":false,"pv":1}`},
		{"0a0b0c0e", `{"recorded":true,"pv":2}`},
		{"0a0b0c0d", `{"recorded":false,"pv":2}`},
	} {
		if got := send(c.fp); got != c.want {
			t.Errorf("view %d (%s): %s, want %s", i, c.fp, got, c.want)
		}
	}
}

func signedView(post stgypub.ID, fp string) map[string]any {
	b, err := visitor.ParseFingerprint(fp)
	if err != nil {
		panic(err)
	}
	return map[string]any{"p": post.String(), "f": fp, "s": visitor.Sign(viewSecret, post, b)}
}

// TestPrevNextEverywhere: prev and next are the neighbours wherever a
// Post appears, in lists as in publishedPost, as the schema says.
func TestPrevNextEverywhere(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	a := e.post(t, e.owner, "# A\n\nx", ago(3*time.Hour))
	b := e.post(t, e.owner, "# B\n\nx", ago(2*time.Hour))
	c := e.post(t, e.owner, "# C\n\nx", ago(time.Hour))
	id := func(p *stgypub.Post) string { return `"` + p.ID.String() + `"` }
	r := e.do(t, req{query: `query($u: ID!) { site(userId: $u) { posts { nodes { id prev { id } next { id } } } } }`, variables: map[string]any{"u": e.owner.ID.String()}})
	want := `{"posts":{"nodes":[{"id":` + id(c) + `,"prev":{"id":` + id(b) + `},"next":null},{"id":` + id(b) + `,"prev":{"id":` + id(a) + `},"next":{"id":` + id(c) + `}},{"id":` + id(a) + `,"prev":null,"next":{"id":` + id(b) + `}}]}}`
	if got := string(r.Data["site"]); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
