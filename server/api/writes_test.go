package api_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/visitor"
)

type ownPostJSON struct {
	ID               string  `json:"id"`
	Title            string  `json:"title"`
	Content          string  `json:"content"`
	PublicationState string  `json:"publicationState"`
	PublishedAt      *string `json:"publishedAt"`
	Locale           string  `json:"locale"`
}

func TestPostWrites(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	r := e.do(t, req{as: "owner", query: `mutation { createPost(input: {content: "# Hello\n\nFirst body", locale: "ja-JP", allowReplies: false}) { id title content publicationState locale } }`})
	var p ownPostJSON
	r.data(t, "createPost", &p)
	if p.Title != "Hello" || p.PublicationState != "UNPUBLISHED" || p.Locale != "ja-JP" {
		t.Fatalf("created = %+v", p)
	}
	vars := map[string]any{"id": p.ID}
	pub := `query($id: ID!) { publishedPost(id: $id) { title html } }`

	t.Run("publish now, then edits show at once", func(t *testing.T) {
		now := time.Now().UTC().Add(-time.Second).Format(time.RFC3339)
		r := e.do(t, req{as: "owner", query: `mutation($id: ID!, $t: Time) { setPostPublication(id: $id, publishedAt: $t) { publicationState publishedAt } }`,
			variables: map[string]any{"id": p.ID, "t": now}})
		var got ownPostJSON
		r.data(t, "setPostPublication", &got)
		// Times come back in UTC with milliseconds.
		if got.PublicationState != "PUBLISHED" || got.PublishedAt == nil || *got.PublishedAt != strings.TrimSuffix(now, "Z")+".000Z" {
			t.Fatalf("published = %+v, want at %s", got, now)
		}
		e.do(t, req{as: "owner", query: `mutation($id: ID!) { updatePost(id: $id, input: {content: "# Edited\n\nNew body"}) { id } }`, variables: vars}).data(t, "updatePost", &got)
		var pp postJSON
		e.do(t, req{query: pub, variables: vars}).data(t, "publishedPost", &pp)
		if pp.Title != "Edited" || !strings.Contains(pp.HTML, "New body") {
			t.Errorf("public after edit = %+v", pp)
		}
	})
	t.Run("future time schedules and hides", func(t *testing.T) {
		future := time.Now().UTC().Add(time.Hour).Format(time.RFC3339)
		var got ownPostJSON
		e.do(t, req{as: "owner", query: `mutation($id: ID!, $t: Time) { setPostPublication(id: $id, publishedAt: $t) { publicationState } }`,
			variables: map[string]any{"id": p.ID, "t": future}}).data(t, "setPostPublication", &got)
		if got.PublicationState != "SCHEDULED" {
			t.Errorf("state = %s", got.PublicationState)
		}
		if r := e.do(t, req{query: pub, variables: vars}); string(r.Data["publishedPost"]) != "null" {
			t.Errorf("scheduled post visible: %s", r.raw)
		}
	})
	t.Run("null unpublishes; myPosts shows the state", func(t *testing.T) {
		e.do(t, req{as: "owner", query: `mutation($id: ID!) { setPostPublication(id: $id, publishedAt: null) { id } }`, variables: vars})
		var mine []ownPostJSON
		e.do(t, req{as: "owner", query: `{ myPosts { id publicationState } }`}).data(t, "myPosts", &mine)
		if len(mine) != 1 || mine[0].PublicationState != "UNPUBLISHED" {
			t.Errorf("myPosts = %+v", mine)
		}
		var one ownPostJSON
		e.do(t, req{as: "owner", query: `query($id: ID!) { myPost(id: $id) { id content publicationState } }`, variables: vars}).data(t, "myPost", &one)
		if one.ID != mine[0].ID || one.Content == "" || one.PublicationState != "UNPUBLISHED" {
			t.Errorf("myPost = %+v, want the post with its Markdown", one)
		}
		var others []ownPostJSON
		e.do(t, req{as: "other", query: `{ myPosts { id } }`}).data(t, "myPosts", &others)
		if len(others) != 0 {
			t.Errorf("other's myPosts = %+v", others)
		}
	})
	t.Run("delete", func(t *testing.T) {
		e.do(t, req{as: "admin", query: `mutation($id: ID!) { deletePost(id: $id) }`, variables: vars})
		if r := e.do(t, req{as: "owner", query: `mutation($id: ID!) { deletePost(id: $id) }`, variables: vars}); r.code() != stgypub.CodeNotFound {
			t.Errorf("second delete: %s", r.raw)
		}
	})

	bad := []struct{ name, content, locale string }{
		{"content over 100000 characters", strings.Repeat("あ", 100_001), "en"},
		{"NUL in content", "a\x00b", "en"},
		{"locale with spaces", "x", "en US"},
		{"locale over 50", "x", "en-" + strings.Repeat("a", 48)},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			r := e.do(t, req{as: "owner", query: `mutation($c: String!, $l: String) { createPost(input: {content: $c, locale: $l}) { id } }`,
				variables: map[string]any{"c": c.content, "l": c.locale}})
			if r.code() != stgypub.CodeBadUserInput {
				t.Errorf("%s", r.raw[:min(200, len(r.raw))])
			}
		})
	}
	t.Run("content of exactly 100000 characters is accepted", func(t *testing.T) {
		r := e.do(t, req{as: "owner", query: `mutation($c: String!) { createPost(input: {content: $c}) { id } }`,
			variables: map[string]any{"c": strings.Repeat("あ", 100_000)}})
		if len(r.Errors) != 0 {
			t.Errorf("%s", r.raw)
		}
	})
}

// TestShowPaginationAlias: showPagination is the field; the seed's spelling
// showPagenation stays as a deprecated alias on output and input, so
// existing clients keep working; both given must agree.
func TestShowPaginationAlias(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	update := `mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { showPagination showPagenation } }`
	tests := []struct {
		name string
		in   map[string]any
		want any // the value both fields then read; nil: BAD_USER_INPUT
	}{
		{"new name", map[string]any{"showPagination": false}, false},
		{"deprecated name", map[string]any{"showPagenation": true}, true},
		{"deprecated name off", map[string]any{"showPagenation": false}, false},
		{"both, equal", map[string]any{"showPagination": true, "showPagenation": true}, true},
		{"both, different", map[string]any{"showPagination": false, "showPagenation": true}, nil},
		{"neither keeps it", map[string]any{"siteName": "S"}, true},
	}
	for _, tt := range tests {
		r := e.do(t, req{as: "owner", query: update, variables: map[string]any{"u": e.owner.ID.String(), "in": tt.in}})
		if tt.want == nil {
			if r.code() != stgypub.CodeBadUserInput || r.Errors[0].Extensions["field"] != "showPagination" {
				t.Errorf("%s: %s", tt.name, r.raw)
			}
			continue
		}
		var got map[string]any
		r.data(t, "updatePubConfig", &got)
		if got["showPagination"] != tt.want || got["showPagenation"] != tt.want {
			t.Errorf("%s: %v, want both %v", tt.name, got, tt.want)
		}
	}
	var cfg map[string]any
	e.do(t, req{query: `query($u: ID!) { pubConfig(userId: $u) { showPagination showPagenation } }`,
		variables: map[string]any{"u": e.owner.ID.String()}}).data(t, "pubConfig", &cfg)
	if cfg["showPagination"] != true || cfg["showPagenation"] != true {
		t.Errorf("pubConfig = %v", cfg)
	}
}

func TestPubConfigUpdateAndRoundTrip(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	u := map[string]any{"u": e.owner.ID.String()}
	const fields = `userId siteName subtitle author introduction designTheme showServiceHeader showSiteName showPagination showPagenation showSideProfile showSideRecent showSidePopular extensions`
	update := `mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { ` + fields + ` } }`
	ext := map[string]any{
		"shareButtons": []any{"x", "hatena", "line"},
		"comments":     map[string]any{"mode": "moderated"},
		"analytics":    map[string]any{"googleAnalytics": map[string]any{"measurementId": "G-ABC123"}, "plausible": map[string]any{"domain": "a.example"}},
		"unknownKey":   map[string]any{"n": 1.5},
	}
	r := e.do(t, req{as: "owner", query: update, variables: map[string]any{"u": u["u"], "in": map[string]any{
		"siteName": "My Site", "showSideRecent": 20, "showPagination": false, "extensions": ext}}})
	var got map[string]any
	r.data(t, "updatePubConfig", &got)
	if got["siteName"] != "My Site" || got["showSideRecent"] != 20.0 || got["showPagination"] != false || got["showPagenation"] != false || got["showSidePopular"] != 5.0 {
		t.Fatalf("updated = %v", got)
	}
	if !reflect.DeepEqual(got["extensions"], ext) {
		t.Errorf("extensions = %v, want %v", got["extensions"], ext)
	}

	t.Run("partial update keeps other fields", func(t *testing.T) {
		var c map[string]any
		e.do(t, req{as: "owner", query: update, variables: map[string]any{"u": u["u"], "in": map[string]any{"subtitle": "Sub"}}}).data(t, "updatePubConfig", &c)
		if c["siteName"] != "My Site" || c["subtitle"] != "Sub" || !reflect.DeepEqual(c["extensions"], ext) {
			t.Errorf("after partial update = %v", c)
		}
	})
	t.Run("export is accepted back unchanged", func(t *testing.T) {
		var exp map[string]any
		e.do(t, req{as: "owner", query: `query($u: ID!) { exportPubConfig(userId: $u) { ` + fields + ` } }`, variables: u}).data(t, "exportPubConfig", &exp)
		var back map[string]any
		e.do(t, req{as: "admin", query: update, variables: map[string]any{"u": u["u"], "in": exp}}).data(t, "updatePubConfig", &back)
		if !reflect.DeepEqual(exp, back) {
			t.Errorf("round trip:\n export %v\n back   %v", exp, back)
		}
		var pub map[string]any
		e.do(t, req{query: `query($u: ID!) { pubConfig(userId: $u) { ` + fields + ` } }`, variables: u}).data(t, "pubConfig", &pub)
		if !reflect.DeepEqual(exp, pub) {
			t.Errorf("public read differs: %v", pub)
		}
	})
	ga := func(id string) map[string]any {
		return map[string]any{"analytics": map[string]any{"googleAnalytics": map[string]any{"measurementId": id}}}
	}
	bad := []struct {
		name  string
		in    map[string]any
		field string // extensions.field
	}{
		{"siteName over 50 characters", map[string]any{"siteName": strings.Repeat("é", 51)}, "siteName"},
		{"introduction over 1000", map[string]any{"introduction": strings.Repeat("a", 1001)}, "introduction"},
		{"NUL in author", map[string]any{"author": "a\x00"}, "author"},
		{"duplicate share button", map[string]any{"extensions": map[string]any{"shareButtons": []any{"x", "x"}}}, "extensions.shareButtons"},
		{"bad comments mode", map[string]any{"extensions": map[string]any{"comments": map[string]any{"mode": "all"}}}, "extensions.comments.mode"},
		{"extensions over 4096", map[string]any{"extensions": map[string]any{"k": strings.Repeat("a", 4096)}}, "extensions"},
		// issue 9 #21
		{"Recent posts -3", map[string]any{"showSideRecent": -3}, "showSideRecent"},
		{"Recent posts 500", map[string]any{"showSideRecent": 500}, "showSideRecent"},
		{"Popular entries 21", map[string]any{"showSidePopular": 21}, "showSidePopular"},
		{"Measurement ID UA-123", map[string]any{"extensions": ga("UA-123")}, "extensions.analytics.googleAnalytics.measurementId"},
		{"Measurement ID with spaces", map[string]any{"extensions": ga("G-ABC 123")}, "extensions.analytics.googleAnalytics.measurementId"},
		{"time zone JST", map[string]any{"extensions": map[string]any{"timeZone": "JST"}}, "extensions.timeZone"},
		{"unknown theme", map[string]any{"designTheme": "light"}, "designTheme"},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			var before map[string]any
			e.do(t, req{as: "owner", query: `query($u: ID!) { exportPubConfig(userId: $u) { ` + fields + ` } }`, variables: u}).data(t, "exportPubConfig", &before)
			r := e.do(t, req{as: "owner", query: update, variables: map[string]any{"u": u["u"], "in": c.in}})
			if r.code() != stgypub.CodeBadUserInput || !strings.Contains(string(r.raw), `"field":"`+c.field+`"`) {
				t.Errorf("want BAD_USER_INPUT with field %s: %s", c.field, r.raw[:min(300, len(r.raw))])
			}
			var after map[string]any
			e.do(t, req{as: "owner", query: `query($u: ID!) { exportPubConfig(userId: $u) { ` + fields + ` } }`, variables: u}).data(t, "exportPubConfig", &after)
			if !reflect.DeepEqual(before, after) {
				t.Errorf("a refused update changed the settings:\n%v\n%v", before, after)
			}
		})
	}
	t.Run("siteName of 50 characters is accepted", func(t *testing.T) {
		r := e.do(t, req{as: "owner", query: update, variables: map[string]any{"u": u["u"], "in": map[string]any{"siteName": strings.Repeat("é", 50)}}})
		if len(r.Errors) != 0 {
			t.Errorf("%s", r.raw)
		}
	})
}

func TestRecordPubView(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	pub := e.post(t, e.owner, "# Counted\n\nbody", ago(time.Hour))
	draft := e.post(t, e.owner, "# Draft", nil)
	fp := [4]byte{1, 2, 3, 4}
	q := `mutation($p: ID!, $f: String!, $s: String!) { recordPubView(postId: $p, fingerprint: $f, signature: $s) { recorded pv } }`
	vars := func(p *stgypub.Post, f, s string) map[string]any {
		return map[string]any{"p": p.ID.String(), "f": f, "s": s}
	}
	good := visitor.Sign(viewSecret, pub.ID, fp)
	cases := []struct {
		name string
		vars map[string]any
		code string
	}{
		{"bad fingerprint", vars(pub, "xyz", good), stgypub.CodeBadUserInput},
		{"wrong signature", vars(pub, "01020304", visitor.Sign([]byte("other"), pub.ID, fp)), stgypub.CodeForbidden},
		{"signature of another post", vars(pub, "01020304", visitor.Sign(viewSecret, draft.ID, fp)), stgypub.CodeForbidden},
		{"unpublished post", vars(draft, "01020304", visitor.Sign(viewSecret, draft.ID, fp)), stgypub.CodeNotFound},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if r := e.do(t, req{query: q, variables: c.vars}); r.code() != c.code {
				t.Errorf("code %q, want %q: %s", r.code(), c.code, r.raw)
			}
		})
	}
	pv := func() int64 {
		t.Helper()
		m, err := e.counter.ViewCounts(t.Context(), e.owner.ID, []stgypub.ID{pub.ID, draft.ID})
		if err != nil {
			t.Fatal(err)
		}
		return m[pub.ID] + m[draft.ID]
	}
	if n := pv(); n != 0 {
		t.Fatalf("refused views were counted: %d", n)
	}
	var res struct {
		Recorded bool
		PV       int
	}
	e.do(t, req{query: q, variables: vars(pub, "01020304", good)}).data(t, "recordPubView", &res)
	if !res.Recorded || res.PV != 1 {
		t.Errorf("first view = %+v", res)
	}
	e.do(t, req{query: q, variables: vars(pub, "01020304", strings.ToUpper(good))}).data(t, "recordPubView", &res)
	if res.Recorded {
		t.Errorf("duplicate view = %+v", res)
	}
	if n := pv(); n != 1 {
		t.Errorf("PV = %d, want 1", n)
	}
	e.counter.Wait()
	st, err := e.counter.Stats(t.Context(), e.owner.ID)
	if err != nil || st.TotalPV != 1 || len(st.Posts) != 1 || st.Posts[0].Digest != "Counted body" || st.Posts[0].PublishedAt == nil {
		t.Errorf("stats = %+v, %v", st, err)
	}
}

// TestUpdatePostKeepsOmittedFlags: docs/API.md's updatePost example sends
// only content; the post's locale and flags must survive it, and an
// omitted flag on createPost takes its default.
func TestUpdatePostKeepsOmittedFlags(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	type flags struct {
		ID           string `json:"id"`
		Title        string `json:"title"`
		Locale       string `json:"locale"`
		AllowLikes   bool   `json:"allowLikes"`
		AllowReplies bool   `json:"allowReplies"`
	}
	var p flags
	e.do(t, req{as: "owner", query: `mutation { createPost(input: {content: "# Hello", locale: "en", allowReplies: false}) { id title locale allowLikes allowReplies } }`}).data(t, "createPost", &p)
	if p.Locale != "en" || !p.AllowLikes || p.AllowReplies {
		t.Fatalf("created = %+v, want en, likes allowed (default), replies off", p)
	}
	vars := map[string]any{"id": p.ID}
	var got flags
	e.do(t, req{as: "owner", query: `mutation($id: ID!) { updatePost(id: $id, input: {content: "# Hello again"}) { id title locale allowLikes allowReplies } }`, variables: vars}).data(t, "updatePost", &got)
	if got.Title != "Hello again" || got.Locale != "en" || !got.AllowLikes || got.AllowReplies {
		t.Errorf("after content-only update = %+v, want title changed, locale en, allowReplies false kept", got)
	}
	e.do(t, req{as: "owner", query: `query($id: ID!) { myPost(id: $id) { id title locale allowLikes allowReplies } }`, variables: vars}).data(t, "myPost", &got)
	if got.Locale != "en" || got.AllowReplies {
		t.Errorf("stored after update = %+v", got)
	}
	e.do(t, req{as: "owner", query: `mutation($id: ID!) { updatePost(id: $id, input: {content: "# Hello", locale: null, allowLikes: false, allowReplies: null}) { id locale allowLikes allowReplies } }`, variables: vars}).data(t, "updatePost", &got)
	if got.Locale != "en" || got.AllowLikes || got.AllowReplies {
		t.Errorf("explicit null keeps, false sets: %+v", got)
	}
	e.do(t, req{as: "owner", query: `mutation($id: ID!) { updatePost(id: $id, input: {content: "# Hello", locale: "", allowReplies: true}) { id locale allowLikes allowReplies } }`, variables: vars}).data(t, "updatePost", &got)
	if got.Locale != "" || got.AllowLikes || !got.AllowReplies {
		t.Errorf("explicit values set: %+v", got)
	}
	var d flags
	e.do(t, req{as: "owner", query: `mutation { createPost(input: {content: "# Defaults"}) { id locale allowLikes allowReplies } }`}).data(t, "createPost", &d)
	if d.Locale != "" || !d.AllowLikes || !d.AllowReplies {
		t.Errorf("create defaults = %+v, want \"\", true, true", d)
	}
}

// TestByteOrderMarkStripped (issue 9 #3): a leading BOM in post content,
// settings and profile text is not content: createPost and updatePost
// store and render "# Hello" as the heading.
func TestByteOrderMarkStripped(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	for _, content := range []string{"\uFEFF# Hello\n\nBody", "\uFEFF\uFEFF# Hello\n\nBody"} {
		var p ownPostJSON
		e.do(t, req{as: "owner", query: `mutation($c: String!) { createPost(input: {content: $c}) { id title content } }`,
			variables: map[string]any{"c": content}}).data(t, "createPost", &p)
		if p.Title != "Hello" || p.Content != "# Hello\n\nBody" {
			t.Errorf("created from %q = %+v", content, p)
		}
		var u ownPostJSON
		e.do(t, req{as: "owner", query: `mutation($id: ID!, $c: String!) { updatePost(id: $id, input: {content: $c}) { id title content } }`,
			variables: map[string]any{"id": p.ID, "c": "\uFEFF## Edited"}}).data(t, "updatePost", &u)
		if u.Title != "Edited" || u.Content != "## Edited" {
			t.Errorf("updated = %+v", u)
		}
	}
	var c map[string]any
	e.do(t, req{as: "owner", query: `mutation($u: ID!) { updatePubConfig(userId: $u, input: {siteName: "\uFEFFSite", introduction: "\uFEFFIntro"}) { siteName introduction } }`,
		variables: map[string]any{"u": e.owner.ID.String()}}).data(t, "updatePubConfig", &c)
	if c["siteName"] != "Site" || c["introduction"] != "Intro" {
		t.Errorf("settings = %v", c)
	}
	// Every other text boundary of the API: extensions strings, the
	// profile, the preview, search.
	var x struct {
		TimeZone   string
		Extensions map[string]any
	}
	e.do(t, req{as: "owner", query: `mutation($u: ID!) { updatePubConfig(userId: $u, input: {extensions: {timeZone: "\uFEFFAsia/Tokyo", analytics: {googleAnalytics: {measurementId: "\uFEFFG-ABCD1234"}}}}) { timeZone extensions } }`,
		variables: map[string]any{"u": e.owner.ID.String()}}).data(t, "updatePubConfig", &x)
	if x.TimeZone != "Asia/Tokyo" || x.Extensions["timeZone"] != "Asia/Tokyo" {
		t.Errorf("extensions = %+v", x)
	}
	var prof struct{ Nickname, Introduction string }
	e.do(t, req{as: "owner", query: `mutation($u: ID!) { updateProfile(userId: $u, nickname: "\uFEFF Owner ", introduction: "\uFEFFHi") { nickname introduction } }`,
		variables: map[string]any{"u": e.owner.ID.String()}}).data(t, "updateProfile", &prof)
	if prof.Nickname != "Owner" || prof.Introduction != "Hi" {
		t.Errorf("profile = %+v", prof)
	}
	var pv struct{ Title, HTML string }
	e.do(t, req{as: "owner", query: `query { previewMarkdown(content: "\uFEFF# Preview") { title html } }`}).data(t, "previewMarkdown", &pv)
	if pv.Title != "Preview" || !strings.HasPrefix(pv.HTML, "<h1") {
		t.Errorf("preview = %+v", pv)
	}
}

// TestHostileContentAccepted (issue 9 #6): the 99 KB post of "* " repeated
// 49,499 times is created (nesting beyond 32 is text) instead of costing
// seconds; publishedPost.html shows it.
func TestHostileContentAccepted(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	body := strings.Repeat("* ", 49_499) + "a"
	var p ownPostJSON
	e.do(t, req{as: "owner", query: `mutation($c: String!) { createPost(input: {content: $c}) { id content } }`,
		variables: map[string]any{"c": body}}).data(t, "createPost", &p)
	if p.Content != body {
		t.Fatalf("content not stored as written (%d bytes)", len(p.Content))
	}
}

// TestAmplifyingContentRefused (issue 9 #6): a body whose HTML would
// multiply its size past markdown.MaxHTMLBytes (a 5,000-character
// reference used 18,000 times: 90 MB) is BAD_USER_INPUT on content and
// nothing is stored; a table padded past markdown.MaxTableCells is
// accepted as the text it is.
func TestAmplifyingContentRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	const create = `mutation($c: String!) { createPost(input: {content: $c}) { id } }`
	refs := "[a]: /" + strings.Repeat("x", 5000) + "\n\n" + strings.Repeat("[a] ", 18_000)
	r := e.do(t, req{as: "owner", query: create, variables: map[string]any{"c": refs}})
	// Refused by the HTML bound; on a loaded machine the render budget
	// (markdown.RenderBudget) can run out first, which refuses it too.
	if r.code() != stgypub.CodeBadUserInput || r.Errors[0].Extensions["field"] != "content" ||
		!strings.Contains(r.Errors[0].Message, "more than 2097152 bytes of HTML") && !strings.Contains(r.Errors[0].Message, "too complex to render within") {
		t.Fatalf("references: %.300s", r.raw)
	}
	var n []ownPostJSON
	e.do(t, req{as: "owner", query: `{ myPosts { id } }`}).data(t, "myPosts", &n)
	if len(n) != 0 {
		t.Errorf("stored %d posts", len(n))
	}
	table := strings.Repeat("|a", 2000) + "\n" + strings.Repeat("|-", 2000) + "\n" + strings.Repeat("x\n", 45_000)
	var p struct{ ID string }
	e.do(t, req{as: "owner", query: create, variables: map[string]any{"c": table}}).data(t, "createPost", &p)
	var pv struct{ HTML string }
	e.do(t, req{as: "owner", query: `query($c: String!) { previewMarkdown(content: $c) { html } }`, variables: map[string]any{"c": table}}).data(t, "previewMarkdown", &pv)
	if p.ID == "" || strings.Contains(pv.HTML, "<table") || len(pv.HTML) > 2*len(table) {
		t.Errorf("padded table: id %q, %d bytes of HTML, table %v", p.ID, len(pv.HTML), strings.Contains(pv.HTML, "<table"))
	}
}

// TestPubConfigTimeZone (issue 9 #9): the API tells the owners' app the
// site's one zone, the one its pages use: the setting, else the default
// of the site's language (its newest published post's locale).
func TestPubConfigTimeZone(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	u := map[string]any{"u": e.owner.ID.String()}
	const q = `query($u: ID!) { pubConfig(userId: $u) { timeZone } }`
	zone := func() string {
		var got struct{ TimeZone string }
		e.do(t, req{query: q, variables: u}).data(t, "pubConfig", &got)
		return got.TimeZone
	}
	if z := zone(); z != "UTC" {
		t.Errorf("no published post: %s", z)
	}
	publish := func(locale string, at *time.Time) {
		var p ownPostJSON
		e.do(t, req{as: "owner", query: `mutation($l: String) { createPost(input: {content: "# T", locale: $l}) { id } }`,
			variables: map[string]any{"l": locale}}).data(t, "createPost", &p)
		e.do(t, req{as: "owner", query: `mutation($id: ID!, $at: Time) { setPostPublication(id: $id, publishedAt: $at) { id } }`,
			variables: map[string]any{"id": p.ID, "at": at}})
	}
	publish("ja-JP", ago(2*time.Hour))
	if z := zone(); z != "Asia/Tokyo" {
		t.Errorf("newest published post in ja-JP: %s", z)
	}
	publish("", ago(time.Hour))                      // no locale: not the site's language
	publish("en-GB", new(time.Now().Add(time.Hour))) // scheduled: not yet
	if z := zone(); z != "Asia/Tokyo" {
		t.Errorf("after a post without locale and a scheduled one: %s", z)
	}
	publish("en-GB", ago(time.Minute))
	if z := zone(); z != "Europe/London" {
		t.Errorf("newest published post in en-GB: %s", z)
	}
	var c struct{ TimeZone string }
	e.do(t, req{as: "owner", query: `mutation($u: ID!) { updatePubConfig(userId: $u, input: {extensions: {timeZone: "America/New_York"}}) { timeZone } }`, variables: u}).data(t, "updatePubConfig", &c)
	if c.TimeZone != "America/New_York" || zone() != "America/New_York" {
		t.Errorf("after setting: %s, %s", c.TimeZone, zone())
	}
}
