package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/captcha"
)

// A reader solves the CAPTCHA, comments (pending in moderated mode), the
// owner sees and approves it, then readers see it.
func TestCommentFlowOverGraphQL(t *testing.T) {
	e := newCommentEnv(t, stgypub.CommentsModerated, nil)
	reader := newBrowser("198.51.100.10")

	var form map[string]any
	e.call(t, reader, nil, formQ, map[string]any{"p": e.post.ID.String()}).data(t, "pubCommentFormState", &form)
	if form["open"] != true || form["captchaRequired"] != true || form["newStatus"] != "PENDING" || form["canPostAsOwner"] != false ||
		form["maxComments"] != float64(100) || form["bodyMaxChars"] != float64(1000) || form["nicknameMaxChars"] != float64(30) {
		t.Errorf("reader's form state %v", form)
	}

	// Without a pass or an answer: CAPTCHA_REQUIRED.
	if r := e.postComment(t, reader, map[string]any{"nickname": "Ann", "body": "Hi"}); r.code() != stgypub.CodeCaptchaRequired {
		t.Fatalf("no pass: %s", r.raw)
	}
	ch, answer := e.challenge(t, reader)
	if ch.Width != 200 || ch.Height != 48 || !strings.HasPrefix(ch.Image, "data:image/png;base64,") {
		t.Errorf("challenge %+v", ch)
	}
	r := e.call(t, reader, minute(), verifyQ, map[string]any{"id": ch.ID, "a": answer})
	var st map[string]any
	r.data(t, "verifyCaptcha", &st)
	if st["hasPass"] != true || st["usesLeft"] != float64(100) {
		t.Errorf("verify: %v", st)
	}
	pass := cookieOf(reader, stgypub.CaptchaPassCookie)
	if pass == nil || !pass.HttpOnly || !pass.Secure || pass.SameSite != http.SameSiteLaxMode || pass.Path != "/" ||
		pass.MaxAge < 364*24*3600 {
		t.Fatalf("pass cookie %+v", pass)
	}
	var c pubComment
	e.postComment(t, reader, map[string]any{"nickname": " Ann\u3000 ", "body": "Hi <b>there</b>\r\n"}).data(t, "postPubComment", &c)
	if c.Status != "PENDING" || c.Nickname != "Ann" || c.Body != "Hi <b>there</b>\n" || c.IsAuthor || c.ViewerCanModerate {
		t.Errorf("posted %+v", c)
	}
	nick := cookieOf(reader, stgypub.CommentNicknameCookie)
	if nick == nil || !nick.HttpOnly || nick.SameSite != http.SameSiteLaxMode || nick.MaxAge < 364*24*3600 {
		t.Fatalf("nickname cookie %+v", nick)
	}
	if v, _ := url.QueryUnescape(nick.Value); v != "Ann" {
		t.Errorf("nickname cookie %q", nick.Value)
	}
	if cookieOf(reader, stgypub.CommentAsOwnerCookie) != nil {
		t.Error("a reader got an as-owner cookie")
	}
	e.call(t, reader, nil, formQ, map[string]any{"p": e.post.ID.String()}).data(t, "pubCommentFormState", &form)
	if form["nickname"] != "Ann" || form["captchaRequired"] != false {
		t.Errorf("form state after posting: %v", form)
	}
	if p := e.list(t, reader); p.TotalCount != 0 {
		t.Errorf("reader sees %d comments before approval", p.TotalCount)
	}

	owner := newBrowser("192.0.2.50")
	owner.as = "owner"
	p := e.list(t, owner)
	if p.TotalCount != 1 || p.PublishedCount != 0 || !p.ViewerCanModerate || p.Items[0].Status != "PENDING" || !p.Items[0].ViewerCanModerate || p.Items[0].ViewerCanEdit {
		t.Fatalf("owner's list %+v", p)
	}
	var approved pubComment
	e.call(t, owner, nil, `mutation($id: ID!) { approvePubComment(id: $id) { id status } }`,
		map[string]any{"id": c.ID.String()}).data(t, "approvePubComment", &approved)
	if approved.Status != "PUBLISHED" {
		t.Errorf("approved %+v", approved)
	}
	p = e.list(t, reader)
	if p.TotalCount != 1 || p.Items[0].Body != "Hi <b>there</b>\n" || p.Items[0].ViewerCanModerate || p.Page != 1 || p.PageSize != 10 || p.Order != "NEWEST" {
		t.Errorf("reader's list after approval %+v", p)
	}
	// The owner posts without CAPTCHA, as owner by default, published.
	var oc pubComment
	e.postComment(t, owner, map[string]any{"nickname": "Site owner", "body": "Thanks!"}).data(t, "postPubComment", &oc)
	if oc.Status != "PUBLISHED" || !oc.IsAuthor || !oc.ViewerCanEdit {
		t.Errorf("owner's comment %+v", oc)
	}
	if ck := cookieOf(owner, stgypub.CommentAsOwnerCookie); ck == nil || ck.Value != "1" {
		t.Errorf("as-owner cookie %+v", ck)
	}
	// The saved choice (off) is used next time.
	e.postComment(t, owner, map[string]any{"nickname": "Site owner", "body": "x", "asOwner": false}).data(t, "postPubComment", &oc)
	e.postComment(t, owner, map[string]any{"nickname": "Site owner", "body": "y"}).data(t, "postPubComment", &oc)
	if oc.IsAuthor {
		t.Error("the saved as-owner choice (off) was ignored")
	}
	// Notifications: one for the reader's comment, none for the owner's.
	var notes struct {
		Items []struct {
			ID       stgypub.ID `json:"id"`
			Nickname string     `json:"nickname"`
			Read     bool       `json:"read"`
		} `json:"items"`
		UnreadCount int `json:"unreadCount"`
	}
	e.call(t, owner, nil, `{ pubCommentNotifications { items { id postId commentId nickname createdAt read readAt } unreadCount } }`, nil).
		data(t, "pubCommentNotifications", &notes)
	if len(notes.Items) != 1 || notes.Items[0].Nickname != "Ann" || notes.UnreadCount != 1 {
		t.Errorf("notifications %+v", notes)
	}
	var n int
	e.call(t, owner, nil, `mutation { markPubCommentNotificationsRead }`, nil).data(t, "markPubCommentNotificationsRead", &n)
	if n != 1 {
		t.Errorf("marked %d", n)
	}
	// Pass status and deletion.
	e.call(t, reader, nil, `{ captchaStatus { hasPass usesLeft maxUses expiresAt } }`, nil).data(t, "captchaStatus", &st)
	if st["hasPass"] != true || st["usesLeft"] != float64(99) {
		t.Errorf("captchaStatus %v", st)
	}
	var ok bool
	e.call(t, reader, nil, `mutation { deleteCaptchaPass }`, nil).data(t, "deleteCaptchaPass", &ok)
	if cookieOf(reader, stgypub.CaptchaPassCookie) != nil {
		t.Error("deleteCaptchaPass left the cookie")
	}
	reader.cookies[stgypub.CaptchaPassCookie] = pass // a copy kept by a bot
	e.call(t, reader, nil, `{ captchaStatus { hasPass usesLeft } }`, nil).data(t, "captchaStatus", &st)
	if st["hasPass"] != false {
		t.Errorf("deleted pass: %v", st)
	}
}

func TestProtocolHeaders(t *testing.T) {
	e := newCommentEnv(t, stgypub.CommentsOpen, nil)
	b := newBrowser("198.51.100.20")
	now := time.Now()
	for name, h := range map[string]map[string]string{
		"none":         nil,
		"stale":        {captcha.MinuteHashHeader: captcha.MinuteHash(now.Add(-3 * time.Minute))},
		"query hash":   {captcha.MinuteHashHeader: captcha.QueryHash(now, e.post.ID)},
		"not hex text": {captcha.MinuteHashHeader: now.UTC().Format("200601021504")},
	} {
		if r := e.call(t, b, h, challengeQ, nil); r.code() != stgypub.CodeBadUserInput || !strings.Contains(r.raw, "X-STGY-MinuteHash") {
			t.Errorf("challenge with %s header: %s", name, r.raw)
		}
		if r := e.call(t, b, h, verifyQ, map[string]any{"id": "x", "a": "123456"}); r.code() != stgypub.CodeBadUserInput {
			t.Errorf("verify with %s header: %s", name, r.raw)
		}
	}
	// One minute back or ahead is fine.
	for _, d := range []time.Duration{-time.Minute, time.Minute} {
		if r := e.call(t, b, map[string]string{captcha.MinuteHashHeader: captcha.MinuteHash(now.Add(d))}, challengeQ, nil); r.code() != "" {
			t.Errorf("minute %v: %s", d, r.raw)
		}
	}
	e.solve(t, b)
	in := map[string]any{"in": map[string]any{"postId": e.post.ID.String(), "nickname": "n", "body": "b"}}
	for name, h := range map[string]map[string]string{
		"none":        nil,
		"minute hash": minute(),
		"other post":  query(e.post.ID + 1),
		"stale":       {captcha.QueryHashHeader: captcha.QueryHash(now.Add(-2*time.Minute-time.Second), e.post.ID)},
	} {
		if r := e.call(t, b, h, postQ, in); r.code() != stgypub.CodeBadUserInput || !strings.Contains(r.raw, "X-STGY-QueryHash") {
			t.Errorf("post with %s: %s", name, r.raw)
		}
	}
	if r := e.call(t, b, query(e.post.ID), postQ, in); r.code() != "" {
		t.Errorf("post with the query hash: %s", r.raw)
	}
}

// Answering one challenge many times in one request counts every
// attempt: aliases cannot get around the five-wrong-answers rule.
func TestAliasedAnswersCountEveryAttempt(t *testing.T) {
	e := newCommentEnv(t, stgypub.CommentsOpen, nil)
	b := newBrowser("198.51.100.30")
	ch, answer := e.challenge(t, b)
	wrong := "000000"
	if answer == wrong {
		wrong = "111111"
	}
	var q strings.Builder
	q.WriteString("mutation($id: String!, $w: String!, $a: String!) {")
	for i := range 6 {
		fmt.Fprintf(&q, " w%d: verifyCaptcha(id: $id, answer: $w) { hasPass }", i)
	}
	q.WriteString(" right: verifyCaptcha(id: $id, answer: $a) { hasPass } }")
	r := e.call(t, b, minute(), q.String(), map[string]any{"id": ch.ID, "w": wrong, "a": answer})
	codes := map[string]int{}
	for _, er := range r.Errors {
		c, _ := er.Extensions["code"].(string)
		codes[c]++
	}
	if codes[stgypub.CodeBadUserInput] != 4 || codes[stgypub.CodeCaptchaRequired] != 3 || len(r.Errors) != 7 {
		t.Errorf("6 wrong then the right answer in one request: %v; want 4 BAD_USER_INPUT, 3 CAPTCHA_REQUIRED\n%s", codes, r.raw)
	}
	if cookieOf(b, stgypub.CaptchaPassCookie) != nil {
		t.Error("a pass was issued after five wrong answers")
	}
	// Batches are refused before anything runs: no attempt is spent.
	ch2, answer2 := e.challenge(t, b)
	batch := fmt.Sprintf(`[{"query":%q,"variables":{"id":%q,"a":"000000"}},{"query":%q,"variables":{"id":%q,"a":%q}}]`,
		verifyQ, ch2.ID, verifyQ, ch2.ID, answer2)
	hr := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(batch))
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set(captcha.MinuteHashHeader, captcha.MinuteHash(time.Now()))
	hr.RemoteAddr = b.ip + ":40000"
	if r := e.serve(t, hr); r.status != http.StatusBadRequest {
		t.Errorf("batched answers: %d %s", r.status, r.raw)
	}
	if w := e.rdb.HGet(context.Background(), e.cfg.RedisPrefix+"stgy:captcha:challenge:{"+ch2.ID+"}", "wrong").Val(); w != "0" {
		t.Errorf("a refused batch counted %s wrong answers", w)
	}
	// The same through inline answers of aliased postPubComment fields.
	ch, answer = e.challenge(t, b)
	q.Reset()
	q.WriteString("mutation($in: PostPubCommentInput!, $ok: PostPubCommentInput!) {")
	for i := range 5 {
		fmt.Fprintf(&q, " p%d: postPubComment(input: $in) { id }", i)
	}
	q.WriteString(" ok: postPubComment(input: $ok) { id } }")
	base := map[string]any{"postId": e.post.ID.String(), "nickname": "n", "body": "b", "captchaId": ch.ID}
	bad, good := map[string]any{}, map[string]any{}
	for k, v := range base {
		bad[k], good[k] = v, v
	}
	bad["captchaAnswer"], good["captchaAnswer"] = wrong, answer
	r = e.call(t, b, query(e.post.ID), q.String(), map[string]any{"in": bad, "ok": good})
	if len(r.Errors) != 6 || r.Errors[5].Path[0] != "ok" || r.Errors[5].Extensions["code"] != stgypub.CodeCaptchaRequired {
		t.Errorf("5 wrong inline answers then the right one: the right one must fail too\n%s", r.raw)
	}
	if n, _ := e.st.Comments.CountComments(context.Background(), e.post.ID); n != 0 {
		t.Errorf("%d comments stored", n)
	}
}

func TestCommentRateLimits(t *testing.T) {
	e := newCommentEnv(t, stgypub.CommentsOpen, func(c *apiConfig) { c.CaptchaPerHour = 4; c.CommentsPerHour = 3 })
	b := newBrowser("203.0.113.40")
	// Challenge and verify share one budget of 4.
	ch, answer := e.challenge(t, b)
	e.challenge(t, b)
	e.call(t, b, minute(), verifyQ, map[string]any{"id": ch.ID, "a": answer})
	e.challenge(t, b)
	r := e.call(t, b, minute(), challengeQ, nil)
	if r.code() != stgypub.CodeRateLimited || r.status != http.StatusTooManyRequests {
		t.Errorf("fifth CAPTCHA request: %d %s", r.status, r.raw)
	}
	// Another address has its own budget.
	if r := e.call(t, newBrowser("203.0.113.41"), minute(), challengeQ, nil); r.code() != "" {
		t.Errorf("another address: %s", r.raw)
	}
	// Posting: 3 an hour; aliases count one by one.
	r = e.call(t, b, query(e.post.ID), `mutation($in: PostPubCommentInput!) {
		a: postPubComment(input: $in) { id } b: postPubComment(input: $in) { id }
		c: postPubComment(input: $in) { id } d: postPubComment(input: $in) { id } }`,
		map[string]any{"in": map[string]any{"postId": e.post.ID.String(), "nickname": "n", "body": "b"}})
	if len(r.Errors) != 1 || r.code() != stgypub.CodeRateLimited || r.status != http.StatusTooManyRequests {
		t.Errorf("4 aliased posts with a budget of 3: %s", r.raw)
	}
	// The message names the real wait, the one Retry-After gives.
	if ra := r.header.Get("Retry-After"); ra != "3600" || !strings.Contains(r.Errors[0].Message, "retry in 1 hour") {
		t.Errorf("hourly limit: Retry-After %q, message %q", ra, r.Errors[0].Message)
	}
	// Refused input does not use the hourly allowance: 6 bad attempts
	// with a budget of 3, then a good one is not RATE_LIMITED.
	c := newBrowser("203.0.113.42")
	for i, in := range []map[string]any{
		{"nickname": "", "body": "b"},
		{"nickname": strings.Repeat("n", 31), "body": "b"},
		{"nickname": "\u200b\u200d", "body": "b"},
		{"nickname": "n", "body": "\u2060\ufeff"},
		{"nickname": "n", "body": strings.Repeat("x", 1001)},
		{"nickname": "\u202e", "body": "\u2066\u2067\u2068"},
	} {
		in["postId"] = e.post.ID.String()
		if r := e.call(t, c, query(e.post.ID), postQ, map[string]any{"in": in}); r.code() != stgypub.CodeBadUserInput {
			t.Errorf("bad input %d: %s", i, r.raw)
		}
	}
	good := map[string]any{"postId": e.post.ID.String(), "nickname": "n", "body": "b"}
	if r := e.call(t, c, query(e.post.ID), postQ, map[string]any{"in": good}); r.code() == stgypub.CodeRateLimited {
		t.Errorf("after 6 refused inputs: %s", r.raw)
	}
	// Keys are a keyed hash of the address, never the address.
	var keys []string
	ctx := context.Background()
	for it := e.rdb.Scan(ctx, 0, e.cfg.RedisPrefix+"stgy:ratelimit:*", 100).Iterator(); it.Next(ctx); {
		keys = append(keys, it.Val())
	}
	found := 0
	for _, k := range keys {
		if strings.Contains(k, "203.0.113") {
			if strings.Contains(k, ":captcha:") || strings.Contains(k, ":comment:") {
				t.Errorf("raw address in comment rate-limit key %s", k)
			}
			continue
		}
		if strings.Contains(k, ":captcha:") || strings.Contains(k, ":comment:") {
			found++
		}
	}
	if found == 0 {
		t.Errorf("no comment rate-limit keys in Redis: %v", keys)
	}
}

func TestExportImportOverGraphQL(t *testing.T) {
	e := newCommentEnv(t, stgypub.CommentsModerated, nil)
	reader := newBrowser("198.51.100.60")
	e.solve(t, reader)
	e.postComment(t, reader, map[string]any{"nickname": "r", "body": "pending one"})
	owner := newBrowser("192.0.2.60")
	owner.as = "owner"
	e.postComment(t, owner, map[string]any{"nickname": "o", "body": "owner's"})
	const exportQ = `query($p: ID!) { exportPubComments(postId: $p) { id postId createdAt nickname body status isAuthor } }`
	r := e.call(t, owner, nil, exportQ, map[string]any{"p": e.post.ID.String()})
	var exported []map[string]any
	r.data(t, "exportPubComments", &exported)
	if len(exported) != 2 || exported[0]["status"] != "PENDING" || exported[1]["isAuthor"] != true {
		t.Fatalf("export %s", r.raw)
	}
	if r := e.call(t, newBrowser("198.51.100.61"), nil, exportQ, map[string]any{"p": e.post.ID.String()}); r.code() != stgypub.CodeUnauthenticated {
		t.Errorf("anonymous export: %s", r.raw)
	}
	const importQ = `mutation($p: ID!, $c: [PubCommentImport!]!) { importPubComments(postId: $p, comments: $c) }`
	admin := newBrowser("192.0.2.61")
	admin.as = "admin"
	// The export output goes back unchanged: same post updates.
	var n int
	e.call(t, admin, nil, importQ, map[string]any{"p": e.post.ID.String(), "c": exported}).data(t, "importPubComments", &n)
	if n != 2 {
		t.Errorf("imported %d", n)
	}
	if r := e.call(t, owner, nil, importQ, map[string]any{"p": e.post.ID.String(), "c": exported}); r.code() != stgypub.CodeForbidden {
		t.Errorf("owner imports: %s", r.raw)
	}
	other := e.env.post(t, e.owner, "another", ago(time.Hour))
	if r := e.call(t, admin, nil, importQ, map[string]any{"p": other.ID.String(), "c": exported}); r.code() != stgypub.CodeConflict {
		t.Errorf("IDs of another post: %s", r.raw)
	}
	bad := []map[string]any{{"id": "0000000000000001", "nickname": "n", "body": "b", "status": "SPAM", "isAuthor": false}}
	if r := e.call(t, admin, nil, importQ, map[string]any{"p": other.ID.String(), "c": bad}); r.code() != stgypub.CodeBadUserInput {
		t.Errorf("bad status: %s", r.raw)
	}
	bad[0]["status"], bad[0]["nickname"] = "PUBLISHED", strings.Repeat("n", 51)
	if r := e.call(t, admin, nil, importQ, map[string]any{"p": other.ID.String(), "c": bad}); r.code() != stgypub.CodeBadUserInput {
		t.Errorf("51-character nickname: %s", r.raw)
	}
}

// Bad input is a clear error, never INTERNAL.
func TestCommentBadInput(t *testing.T) {
	e := newCommentEnv(t, stgypub.CommentsOpen, nil)
	b := newBrowser("198.51.100.70")
	owner := newBrowser("192.0.2.70")
	owner.as = "owner"
	for name, c := range map[string]struct {
		b    *browser
		h    map[string]string
		q    string
		vars map[string]any
		want string
	}{
		"page 0":          {b, nil, listQ, map[string]any{"p": e.post.ID.String(), "n": 0}, stgypub.CodeBadUserInput},
		"huge page":       {b, nil, listQ, map[string]any{"p": e.post.ID.String(), "n": 1 << 30}, stgypub.CodeBadUserInput},
		"bad post id":     {b, nil, listQ, map[string]any{"p": "zz"}, stgypub.CodeBadUserInput},
		"unknown post":    {b, nil, listQ, map[string]any{"p": "00000000000000FF"}, stgypub.CodeNotFound},
		"unknown comment": {owner, nil, `mutation { approvePubComment(id: "00000000000000FF") { id } }`, nil, stgypub.CodeNotFound},
		"bad answer":      {b, minute(), verifyQ, map[string]any{"id": "abc", "a": "12"}, stgypub.CodeBadUserInput},
		"unknown challenge": {b, minute(), verifyQ, map[string]any{"id": strings.Repeat("A", 22), "a": "123456"},
			stgypub.CodeCaptchaRequired},
		"huge nickname": {owner, query(e.post.ID), postQ, map[string]any{"in": map[string]any{"postId": e.post.ID.String(),
			"nickname": strings.Repeat("n", 10000), "body": "b"}}, stgypub.CodeBadUserInput},
		"negative offset": {owner, nil, `{ pubCommentNotifications(offset: -1) { unreadCount } }`, nil, stgypub.CodeBadUserInput},
		"anonymous notes": {b, nil, `{ pubCommentNotifications { unreadCount } }`, nil, stgypub.CodeUnauthenticated},
	} {
		r := e.call(t, c.b, c.h, c.q, c.vars)
		if r.code() != c.want {
			t.Errorf("%s: %s, want %s", name, r.raw, c.want)
		}
	}
}
