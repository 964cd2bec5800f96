package api_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
)

// rawPost sends body as it is, with the owner's session when as is set.
func (e *env) rawPost(t *testing.T, as, body string) *resp {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	if as != "" {
		r.AddCookie(&http.Cookie{Name: auth.CookieName, Value: e.cookies[as]})
		r.Header.Set("Origin", baseURL)
	}
	return e.serve(t, r)
}

// repeated is a query selecting `me { id }` n times (2n fields, 4n tokens).
func repeated(n int) string { return "{" + strings.Repeat(" me { id }", n) + " }" }

// TestQueryShapeRefusedEarly: documents whose validation would be costly
// are refused before gqlgen parses and validates them, with
// BAD_USER_INPUT and a reason; what stays under the limits, including the
// standard introspection query, runs.
func TestQueryShapeRefusedEarly(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *apiConfig, _ *apiDeps) { c.Introspection = true })
	fragments := func(spreads, fields int) string {
		return "{" + strings.Repeat(" ...F", spreads) + " } fragment F on Query {" + strings.Repeat(" me { id }", fields) + " }"
	}
	cases := []struct {
		name   string
		query  string
		status int
		msg    string
	}{
		{"50,000 repeated fields (500 KB)", repeated(50_000), http.StatusRequestEntityTooLarge, "query is over 65536 bytes"},
		{"16,000 fields in 48 KB", "{" + strings.Repeat("me{id}", 8_000) + "}", http.StatusBadRequest, "over 1000 tokens"},
		{"1,001 tokens", "{" + strings.Repeat(" __typename", 999) + " }", http.StatusBadRequest, "over 1000 tokens"},
		{"302 fields in 606 tokens", repeated(151), http.StatusBadRequest, "over 300 fields"},
		{"fragment spread 10 times counts 10 times", fragments(10, 15), http.StatusBadRequest, "over 300 fields"},
		{"fields in an unused fragment count", repeated(1) + " fragment U on Query {" + strings.Repeat(" me { id }", 150) + " }", http.StatusBadRequest, "over 300 fields"},
		{"query over 64 KiB", "# " + strings.Repeat("x", 64<<10) + "\n{ me { id } }", http.StatusRequestEntityTooLarge, "query is over 65536 bytes"},
		{"300 fields pass", repeated(150), http.StatusOK, ""},
		{"fragments within the limit pass", fragments(10, 13), http.StatusOK, ""},
		{"introspection query passes", fullIntrospection, http.StatusOK, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := e.do(t, req{query: c.query})
			if r.status != c.status {
				t.Fatalf("status = %d, want %d: %.300s", r.status, c.status, r.raw)
			}
			if c.msg == "" {
				if len(r.Errors) != 0 {
					t.Fatalf("errors: %.300s", r.raw)
				}
				return
			}
			want := stgypub.CodeBadUserInput // a query limit
			if c.status == http.StatusRequestEntityTooLarge {
				want = stgypub.CodePayloadTooLarge // a transport refusal
			}
			if r.code() != want || !strings.Contains(r.Errors[0].Message, c.msg) || r.Data != nil {
				t.Errorf("got %.300s, want %s containing %q", r.raw, want, c.msg)
			}
		})
	}
	with := func(mod func(*apiConfig)) *env {
		e2 := *e
		mod(&e2.cfg)
		e2.h = newHandler(&e2)
		return &e2
	}
	t.Run("50,000 repeated fields under a 1 MiB query limit", func(t *testing.T) {
		e2 := with(func(c *apiConfig) { c.MaxQueryBytes = 1 << 20 })
		r := e2.do(t, req{query: repeated(50_000)})
		if r.status != http.StatusBadRequest || r.code() != stgypub.CodeBadUserInput || !strings.Contains(r.Errors[0].Message, "over 1000 tokens") {
			t.Errorf("%d %.300s", r.status, r.raw)
		}
	})
	t.Run("limits are configurable", func(t *testing.T) {
		e2 := with(func(c *apiConfig) { c.MaxFields, c.MaxTokens = 3000, 8000 })
		// Over the field limit of e, within e2's: validation runs and
		// the complexity limit (1 per me { id }: scalars cost nothing)
		// refuses it, a request error (200 with application/json, no data).
		r := e2.do(t, req{query: repeated(1200)})
		if r.status != http.StatusOK || r.code() != stgypub.CodeBadUserInput || !strings.Contains(r.raw, "complexity 1200") || r.Data != nil {
			t.Errorf("%d %.300s", r.status, r.raw)
		}
	})
}

// TestErrorsCapped: one response carries at most 20 errors and says how
// many it left out.
func TestErrorsCapped(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	var vars []string
	for i := range 100 {
		vars = append(vars, fmt.Sprintf("$v%d: Int", i))
	}
	r := e.do(t, req{query: "query(" + strings.Join(vars, ", ") + ") { me { id } }"})
	if len(r.Errors) != 20 || !strings.Contains(r.Errors[0].Message, `"$v0" is never used`) || !strings.Contains(r.Errors[19].Message, `"$v19" is never used`) {
		t.Fatalf("%d errors: %.500s", len(r.Errors), r.raw)
	}
	if !strings.Contains(r.raw, `"omittedErrors":80`) {
		t.Errorf("omitted count missing: %.200s", r.raw[max(0, len(r.raw)-200):])
	}
	t.Run("20 errors are all shown", func(t *testing.T) {
		r := e.do(t, req{query: "query(" + strings.Join(vars[:20], ", ") + ") { me { id } }"})
		if len(r.Errors) != 20 || strings.Contains(r.raw, "omittedErrors") {
			t.Errorf("%d errors: %.300s", len(r.Errors), r.raw)
		}
	})
}

// TestBodyRefusals: a body that is not valid UTF-8, escapes a lone
// surrogate, is not exactly one JSON object with a string query, or has
// bytes after it is refused with 400 and a short message before anything
// executes; nothing is stored.
func TestBodyRefusals(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	create := `"mutation($in: PostInput!) { createPost(input: $in) { id } }"`
	settings := `"mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { siteName } }"`
	u := `"` + e.owner.ID.String() + `"`
	big := strings.Repeat("a", 750_000)
	cases := []struct {
		name, body, msg string
	}{
		{"invalid UTF-8 in content", `{"query":` + create + `,"variables":{"in":{"content":"# bad ` + "\xc3\x28" + `"}}}`, "not valid UTF-8"},
		{"invalid UTF-8 in siteName", `{"query":` + settings + `,"variables":{"u":` + u + `,"in":{"siteName":"` + "\xc3\x28" + `"}}}`, "not valid UTF-8"},
		{"lone high surrogate", `{"query":` + create + `,"variables":{"in":{"content":"# \ud800"}}}`, "unpaired UTF-16 surrogate"},
		{"lone low surrogate", `{"query":` + create + `,"variables":{"in":{"content":"# \uDC00"}}}`, "unpaired UTF-16 surrogate"},
		{"high surrogate before a letter", `{"query":` + create + `,"variables":{"in":{"content":"# \ud800\u0041"}}}`, "unpaired UTF-16 surrogate"},
		{"high surrogate at the end", `{"query":` + create + `,"variables":{"in":{"content":"# \ud83d"}}}`, "unpaired UTF-16 surrogate"},
		{"lone surrogate in a GraphQL string", `{"query":"mutation { createPost(input: {content: \"# \\ud800\"}) { id } }"}`, "unpaired UTF-16 surrogate"},
		{"query is a number, body huge", `{"query": 1, "x": "` + big + `"}`, `request body must be a JSON object with a string query: "query" must be a string, not number`},
		{"variables is a string", `{"query":` + create + `,"variables":"{}"}`, `request body must be a JSON object with a string query: "variables" must be an object, not string`},
		{"extensions is a string", `{"query":` + create + `,"extensions":"x"}`, `"extensions" must be an object, not string`},
		{"operationName is a number", `{"query":` + create + `,"operationName":1}`, `"operationName" must be a string, not number`},
		{"truncated", `{"query":` + create, "request body must be a JSON object with a string query"},
		{"garbage after the object", `{"query":"{ me { id } }"}garbage`, "data after the JSON object"},
		{"second object", `{"query":"{ me { id } }"} {"query":"{ me { id } }"}`, "data after the JSON object"},
		{"empty body", ``, "request body must be a JSON object with a string query"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := e.countPosts(t)
			r := e.rawPost(t, "owner", c.body)
			if r.status != http.StatusBadRequest || r.code() != stgypub.CodeBadRequest || r.Errors[0].Message != c.msg && !strings.Contains(r.Errors[0].Message, c.msg) {
				t.Errorf("got %d %.300s, want 400 %q", r.status, r.raw, c.msg)
			}
			if len(r.raw) > 200 || strings.Contains(r.raw, "RawParams") || strings.Contains(r.raw, "aaaa") {
				t.Errorf("response echoes the body or Go internals (%d bytes): %.300s", len(r.raw), r.raw)
			}
			if n := e.countPosts(t); n != before {
				t.Errorf("%d posts, was %d", n, before)
			}
		})
	}
	if c, err := e.st.Users.PubConfig(context.Background(), e.owner.ID); err != nil || c.SiteName != "" {
		t.Errorf("siteName = %q, %v", c.SiteName, err)
	}
	t.Run("surrogate pair and escaped backslash are accepted", func(t *testing.T) {
		r := e.rawPost(t, "owner", `{"query":"mutation($in: PostInput!) { createPost(input: $in) { content } }","variables":{"in":{"content":"# \ud83d\ude00 \\ud800"}}}`)
		var p ownPostJSON
		r.data(t, "createPost", &p)
		if p.Content != `# 😀 \ud800` {
			t.Errorf("content = %q", p.Content)
		}
	})
	t.Run("leading UTF-8 BOM is ignored", func(t *testing.T) {
		r := e.rawPost(t, "owner", "\xef\xbb\xbf"+`{"query":"{ me { id } }"}`)
		if r.status != http.StatusOK || !strings.Contains(string(r.Data["me"]), e.owner.ID.String()) {
			t.Errorf("%d %s", r.status, r.raw)
		}
	})
	t.Run("trailing white space is fine", func(t *testing.T) {
		r := e.rawPost(t, "", `{"query":"{ me { id } }"}`+" \r\n\t")
		if r.status != http.StatusOK || string(r.Data["me"]) != "null" {
			t.Errorf("%d %s", r.status, r.raw)
		}
	})
}

// TestScalarInputErrors: bad Time and JSON input is BAD_USER_INPUT with a
// message naming the argument, nothing is logged at ERROR and nothing
// stored changes; "" and dates before 1970 no longer publish a post.
func TestScalarInputErrors(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	e := newEnv(t, func(_ *apiConfig, d *apiDeps) { d.Logger = slog.New(slog.NewTextHandler(&logs, nil)) })
	at := ago(time.Hour)
	p := e.post(t, e.owner, "# Published", at)
	publish := `mutation($id: ID!, $t: Time) { setPostPublication(id: $id, publishedAt: $t) { publishedAt } }`
	for _, v := range []string{"", "garbage", "2026-13-01T00:00:00Z", "2026-11-01", "0001-01-01T00:00:00Z", "1969-12-31T23:59:59Z"} {
		t.Run(fmt.Sprintf("publishedAt %q", v), func(t *testing.T) {
			r := e.do(t, req{as: "owner", query: publish, variables: map[string]any{"id": p.ID.String(), "t": v}})
			if r.code() != stgypub.CodeBadUserInput || !strings.Contains(r.Errors[0].Message, "publishedAt must be") {
				t.Errorf("%s", r.raw)
			}
			literal := fmt.Sprintf(`mutation { setPostPublication(id: %q, publishedAt: %q) { publishedAt } }`, p.ID.String(), v)
			if r := e.do(t, req{as: "owner", query: literal}); r.code() != stgypub.CodeBadUserInput {
				t.Errorf("literal: %s", r.raw)
			}
			got, err := e.st.Posts.Post(context.Background(), p.ID)
			if err != nil || got.PublishedAt == nil || !got.PublishedAt.Equal(*at) {
				t.Errorf("publishedAt = %v, want %v", got.PublishedAt, at)
			}
		})
	}
	t.Run("a time with an offset is accepted", func(t *testing.T) {
		r := e.do(t, req{as: "owner", query: publish, variables: map[string]any{"id": p.ID.String(), "t": "2026-01-02T12:00:00+09:00"}})
		var got struct{ PublishedAt string }
		r.data(t, "setPostPublication", &got)
		if got.PublishedAt != "2026-01-02T03:00:00.000Z" {
			t.Errorf("publishedAt = %q", got.PublishedAt)
		}
	})
	update := `mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { siteName } }`
	e.do(t, req{as: "owner", query: update, variables: map[string]any{"u": e.owner.ID.String(), "in": map[string]any{
		"siteName": "Kept", "extensions": map[string]any{"comments": map[string]any{"mode": "open"}}}}}).data(t, "updatePubConfig", &struct{}{})
	for _, v := range []any{[]any{1, 2}, "{}", 1} {
		t.Run(fmt.Sprintf("extensions %v", v), func(t *testing.T) {
			r := e.do(t, req{as: "owner", query: update, variables: map[string]any{"u": e.owner.ID.String(), "in": map[string]any{"siteName": "Changed", "extensions": v}}})
			// A request error since variables are coerced strictly (strictInputs).
			if r.code() != stgypub.CodeBadUserInput || !strings.Contains(r.Errors[0].Message, "extensions: JSON takes an object") {
				t.Errorf("%s", r.raw)
			}
		})
	}
	t.Run("extensions literal that is a list", func(t *testing.T) {
		r := e.do(t, req{as: "owner", query: fmt.Sprintf(`mutation { updatePubConfig(userId: %q, input: {extensions: [1, 2]}) { siteName } }`, e.owner.ID.String())})
		if r.code() != stgypub.CodeBadUserInput {
			t.Errorf("%s", r.raw)
		}
	})
	c, err := e.st.Users.PubConfig(context.Background(), e.owner.ID)
	if err != nil || c.SiteName != "Kept" || c.Extensions.CommentsMode() != stgypub.CommentsOpen {
		t.Errorf("settings changed: %+v, %v", c, err)
	}
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("input errors logged as errors:\n%s", logs.String())
	}
}

// TestSettingsAndTokenInput: designTheme must name a known theme, locales
// are canonicalized, token names are 1-100 characters.
func TestSettingsAndTokenInput(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	update := `mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { designTheme } }`
	set := func(theme string) *resp {
		return e.do(t, req{as: "owner", query: update, variables: map[string]any{"u": e.owner.ID.String(), "in": map[string]any{"designTheme": theme}}})
	}
	var got struct{ DesignTheme string }
	set("vertical-dark").data(t, "updatePubConfig", &got)
	if got.DesignTheme != "vertical-dark" {
		t.Fatalf("theme = %q", got.DesignTheme)
	}
	for _, bad := range []string{"retro", "Dark", "<script>"} {
		r := set(bad)
		if r.code() != stgypub.CodeBadUserInput || !strings.Contains(r.Errors[0].Message, "default, newspaper, whiteboard, dark, vertical, vertical-newspaper, vertical-dark") {
			t.Errorf("%q: %s", bad, r.raw)
		}
	}
	if c, _ := e.st.Users.PubConfig(context.Background(), e.owner.ID); c.DesignTheme != "vertical-dark" {
		t.Errorf("stored theme = %q", c.DesignTheme)
	}
	var p ownPostJSON
	e.do(t, req{as: "owner", query: `mutation { createPost(input: {content: "# L", locale: "EN_us"}) { locale } }`}).data(t, "createPost", &p)
	if p.Locale != "en-US" {
		t.Errorf("locale = %q", p.Locale)
	}
	if r := e.do(t, req{as: "owner", query: `mutation { createPost(input: {content: "# L", locale: "en--US"}) { locale } }`}); r.code() != stgypub.CodeBadUserInput {
		t.Errorf("bad locale: %s", r.raw)
	}
	for _, name := range []string{"", "   ", strings.Repeat("n", 101)} {
		r := e.do(t, req{as: "owner", query: `mutation($n: String!) { createApiToken(name: $n) { token } }`, variables: map[string]any{"n": name}})
		if r.code() != stgypub.CodeBadUserInput || strings.Contains(r.raw, auth.TokenPrefix) {
			t.Errorf("name %q: %s", name, r.raw)
		}
	}
}

// TestRankingHidesUnpublished: pubRanking (anonymous) lists only
// published posts, filling the limit from further down the ranking.
func TestRankingHidesUnpublished(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ctx := context.Background()
	hidden := e.post(t, e.owner, "# Hidden", ago(time.Hour))
	scheduled := e.post(t, e.owner, "# Scheduled", ago(2*time.Hour))
	shown1 := e.post(t, e.owner, "# Shown 1", ago(3*time.Hour))
	shown2 := e.post(t, e.owner, "# Shown 2", ago(4*time.Hour))
	// PVs: hidden 4, scheduled 3, shown1 2, shown2 1.
	for i, p := range []*stgypub.Post{hidden, hidden, hidden, hidden, scheduled, scheduled, scheduled, shown1, shown1, shown2} {
		if _, err := e.counter.RecordView(ctx, stgypub.View{PostID: p.ID, OwnerID: p.OwnedBy, PublishedAt: *p.PublishedAt, Fingerprint: [4]byte{byte(i)}}); err != nil {
			t.Fatal(err)
		}
	}
	svc := e.deps.Resolver.Owner
	if _, err := svc.SetPublication(ctx, e.owner, hidden.ID, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.SetPublication(ctx, e.owner, scheduled.ID, ptrTime(time.Now().Add(time.Hour))); err != nil {
		t.Fatal(err)
	}
	type entry struct {
		ID string `json:"id"`
		PV int    `json:"pv"`
	}
	for _, c := range []struct {
		limit int
		want  []entry
	}{
		{1, []entry{{shown1.ID.String(), 2}}},
		{5, []entry{{shown1.ID.String(), 2}, {shown2.ID.String(), 1}}},
	} {
		r := e.do(t, req{query: `query($u: ID!, $n: Int) { pubRanking(userId: $u, limit: $n) { id pv } site(userId: $u) { popular(limit: $n) { id viewCount } } }`,
			variables: map[string]any{"u": e.owner.ID.String(), "n": c.limit}})
		var got []entry
		r.data(t, "pubRanking", &got)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("limit %d: ranking = %v, want %v", c.limit, got, c.want)
		}
		var site struct{ Popular []postJSON }
		r.data(t, "site", &site)
		var popular []entry
		for _, p := range site.Popular {
			popular = append(popular, entry{p.ID, p.ViewCount})
		}
		if fmt.Sprint(popular) != fmt.Sprint(c.want) {
			t.Errorf("limit %d: popular = %v, want %v", c.limit, popular, c.want)
		}
	}
}

func ptrTime(t time.Time) *time.Time { return &t }

// TestOriginAndAuthorizationEdges documents what docs/API.md says about
// Origin: bearer requests pass with any Origin; an empty Authorization
// header is no credential (anonymous: a query from a foreign Origin runs,
// a mutation is refused).
func TestOriginAndAuthorizationEdges(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	_, token, err := e.deps.Auth.CreateAPIToken(context.Background(), e.owner.ID, "ci")
	if err != nil {
		t.Fatal(err)
	}
	send := func(authz, origin string) *resp {
		r := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(`{"query":"{ me { id } }"}`))
		r.Header.Set("Content-Type", "application/json")
		r.Header["Authorization"] = []string{authz}
		if origin != "" {
			r.Header.Set("Origin", origin)
		}
		return e.serve(t, r)
	}
	if r := send("Bearer "+token, "https://evil.example"); r.status != http.StatusOK || !strings.Contains(string(r.Data["me"]), e.owner.ID.String()) {
		t.Errorf("bearer with foreign Origin: %d %s", r.status, r.raw)
	}
	if r := send("", ""); r.status != http.StatusOK || string(r.Data["me"]) != "null" {
		t.Errorf("empty Authorization: %d %s", r.status, r.raw)
	}
	if r := send("", "https://evil.example"); r.status != http.StatusOK || string(r.Data["me"]) != "null" {
		t.Errorf("empty Authorization with foreign Origin: %d %s", r.status, r.raw)
	}
}
