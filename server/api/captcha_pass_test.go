package api_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/captcha"
)

// passKeyExists reports whether Redis still holds the pass of token.
func (e *commentEnv) passKeyExists(t *testing.T, token string) bool {
	t.Helper()
	h := sha256.Sum256([]byte(token))
	n, err := e.rdb.Exists(context.Background(), e.cfg.RedisPrefix+"stgy:captcha:pass:{"+hex.EncodeToString(h[:])+"}").Result()
	if err != nil {
		t.Fatal(err)
	}
	return n == 1
}

// passSetCookie is what the response did to the pass cookie: "cleared",
// "set" or "" (nothing).
func passSetCookie(r *resp) string {
	for _, line := range r.header.Values("Set-Cookie") {
		c, err := http.ParseSetCookie(line)
		if err != nil || c.Name != stgypub.CaptchaPassCookie {
			continue
		}
		if c.MaxAge < 0 && c.Value == "" && c.Path == "/" && c.HttpOnly {
			return "cleared"
		}
		return "set"
	}
	return ""
}

// A new pass revokes the pass the browser held: a copied cookie of the
// old pass keeps no uses, whichever way the new pass was obtained.
func TestNewPassRevokesThePreviousOne(t *testing.T) {
	e := newCommentEnv(t, stgypub.CommentsOpen, nil)
	b := newBrowser("198.51.100.80")
	var olds []*http.Cookie
	for i := range 3 { // verifyCaptcha three times in a row
		e.solve(t, b)
		cur := cookieOf(b, stgypub.CaptchaPassCookie)
		for j, old := range olds {
			if old.Value == cur.Value {
				t.Fatalf("pass %d reused token %d", i, j)
			}
			if e.passKeyExists(t, old.Value) {
				t.Errorf("after pass %d, pass %d is still in Redis", i, j)
			}
			bot := newBrowser(b.ip)
			bot.cookies[stgypub.CaptchaPassCookie] = old
			var st map[string]any
			r := e.call(t, bot, nil, `{ captchaStatus { hasPass usesLeft } }`, nil)
			r.data(t, "captchaStatus", &st)
			if st["hasPass"] != false || st["usesLeft"] != float64(0) {
				t.Errorf("copied pass %d after pass %d: %v", j, i, st)
			}
			if r := e.postComment(t, bot, map[string]any{"nickname": "Bot", "body": "copied"}); r.code() != stgypub.CodeCaptchaRequired {
				t.Errorf("comment with copied pass %d: %s", j, r.raw)
			}
		}
		olds = append(olds, cur)
	}
	if !e.passKeyExists(t, cookieOf(b, stgypub.CaptchaPassCookie).Value) {
		t.Error("the newest pass is gone")
	}

	// Solving inline (postPubComment with an answer) revokes the dead or
	// blocked pass the browser sent, too: here a pass whose four
	// addresses are used up, sent from a fifth address with an answer.
	c := newBrowser("203.0.113.1")
	e.solve(t, c)
	held := cookieOf(c, stgypub.CaptchaPassCookie)
	for i := 2; i <= 4; i++ {
		c.ip = fmt.Sprintf("203.0.113.%d", i)
		if r := e.postComment(t, c, map[string]any{"nickname": "Cy", "body": "from " + c.ip}); r.code() != "" {
			t.Fatalf("post from %s: %s", c.ip, r.raw)
		}
	}
	c.ip = "203.0.113.5"
	ch, a := e.challenge(t, c)
	r := e.postComment(t, c, map[string]any{"nickname": "Cy", "body": "fifth", "captchaId": ch.ID, "captchaAnswer": a})
	if r.code() != "" || passSetCookie(r) != "set" {
		t.Fatalf("inline solve from a fifth address: %s %v", r.raw, r.header.Values("Set-Cookie"))
	}
	if e.passKeyExists(t, held.Value) {
		t.Error("the pass invalidated by a fifth address is still in Redis")
	}
	if nw := cookieOf(c, stgypub.CaptchaPassCookie); nw == nil || nw.Value == held.Value || !e.passKeyExists(t, nw.Value) {
		t.Errorf("new pass cookie %+v", nw)
	}
}

// A pass cookie that names no pass any more is cleared (Set-Cookie with
// Max-Age=0) on every operation that reads it: posting, captchaStatus
// and pubCommentFormState; a live pass is never cleared.
func TestDeadPassCookieIsCleared(t *testing.T) {
	e := newCommentEnvWith(t, stgypub.CommentsOpen, nil, captcha.Config{PassMaxUses: 3})
	post := func(b *browser) *resp {
		return e.postComment(t, b, map[string]any{"nickname": "Dee", "body": "hello from " + b.ip})
	}
	status := func(b *browser) *resp { return e.call(t, b, nil, `{ captchaStatus { hasPass } }`, nil) }
	form := func(b *browser) *resp {
		return e.call(t, b, nil, formQ, map[string]any{"p": e.post.ID.String()})
	}
	wrongInline := func(b *browser) *resp {
		ch, a := e.challenge(t, newBrowser(b.ip))
		wrong := fmt.Sprintf("%06d", (atoi(a)+1)%1000000)
		return e.postComment(t, b, map[string]any{"nickname": "Dee", "body": "x", "captchaId": ch.ID, "captchaAnswer": wrong})
	}
	challenge := func(b *browser) *resp { return e.call(t, b, minute(), challengeQ, nil) }
	// The wrong-answer helpers take their challenge from a cookie-less
	// browser, so the challenge request does not clear the cookie first.
	wrongVerify := func(b *browser) *resp {
		ch, a := e.challenge(t, newBrowser(b.ip))
		wrong := fmt.Sprintf("%06d", (atoi(a)+1)%1000000)
		return e.call(t, b, minute(), verifyQ, map[string]any{"id": ch.ID, "a": wrong})
	}
	ops := map[string]struct {
		do   func(*browser) *resp
		code string
	}{
		"createCaptchaChallenge":       {challenge, ""},
		"verifyCaptcha, wrong answer":  {wrongVerify, stgypub.CodeBadUserInput},
		"postPubComment":               {post, stgypub.CodeCaptchaRequired},
		"postPubComment, wrong answer": {wrongInline, stgypub.CodeBadUserInput},
		"captchaStatus":                {status, ""},
		"pubCommentFormState":          {form, ""},
	}
	n := 0
	// dead makes a browser whose cookie names no pass, one kind each.
	dead := map[string]func(t *testing.T) *browser{
		"unknown": func(*testing.T) *browser {
			b := newBrowser("198.51.100.90")
			b.cookies[stgypub.CaptchaPassCookie] = &http.Cookie{Name: stgypub.CaptchaPassCookie, Value: strings.Repeat("Q", 43)}
			return b
		},
		"malformed": func(*testing.T) *browser {
			b := newBrowser("198.51.100.91")
			b.cookies[stgypub.CaptchaPassCookie] = &http.Cookie{Name: stgypub.CaptchaPassCookie, Value: "not-a-token"}
			return b
		},
		"used up": func(t *testing.T) *browser {
			n++
			b := newBrowser(fmt.Sprintf("198.51.100.%d", 100+n))
			e.solve(t, b)
			keep := cookieOf(b, stgypub.CaptchaPassCookie)
			for i := range 3 {
				r := post(b)
				want := ""
				if i == 2 {
					want = "cleared" // the last use clears the cookie at once
				}
				if r.code() != "" || passSetCookie(r) != want {
					t.Fatalf("use %d: %s, Set-Cookie %v, want %q", i+1, r.raw, r.header.Values("Set-Cookie"), want)
				}
			}
			b.cookies[stgypub.CaptchaPassCookie] = keep // the browser kept it
			return b
		},
	}
	for kind, mk := range dead {
		for name, op := range ops {
			t.Run(kind+"/"+name, func(t *testing.T) {
				b := mk(t)
				r := op.do(b)
				if r.code() != op.code || passSetCookie(r) != "cleared" {
					t.Errorf("%s: %s; Set-Cookie %v, want the pass cookie cleared", op.code, r.raw, r.header.Values("Set-Cookie"))
				}
			})
		}
	}
	// A live pass is left alone by reads and by a use that leaves uses.
	live := newBrowser("198.51.100.120")
	e.solve(t, live)
	for name, r := range map[string]*resp{"captchaStatus": status(live), "pubCommentFormState": form(live), "postPubComment": post(live),
		"createCaptchaChallenge": challenge(live), "verifyCaptcha, wrong answer": wrongVerify(live)} {
		if r.code() != "" && r.code() != stgypub.CodeBadUserInput || passSetCookie(r) != "" {
			t.Errorf("live pass, %s: %s, Set-Cookie %v", name, r.raw, r.header.Values("Set-Cookie"))
		}
	}
}

// A fifth address invalidates the pass and its response clears the
// cookie; the four earlier addresses then get the cookie cleared too.
func TestFifthAddressClearsThePassCookie(t *testing.T) {
	e := newCommentEnv(t, stgypub.CommentsOpen, nil)
	b := newBrowser("198.18.0.1")
	e.solve(t, b)
	pass := cookieOf(b, stgypub.CaptchaPassCookie)
	for i := 1; i <= 4; i++ {
		b.ip = fmt.Sprintf("198.18.0.%d", i)
		if r := e.postComment(t, b, map[string]any{"nickname": "Fi", "body": "from " + b.ip}); r.code() != "" || passSetCookie(r) != "" {
			t.Fatalf("post from %s: %s %v", b.ip, r.raw, r.header.Values("Set-Cookie"))
		}
	}
	b.ip = "198.18.0.5"
	r := e.postComment(t, b, map[string]any{"nickname": "Fi", "body": "fifth"})
	if r.code() != stgypub.CodeCaptchaRequired || passSetCookie(r) != "cleared" || !strings.Contains(r.raw, "more than 4 addresses") {
		t.Fatalf("fifth address: %s %v", r.raw, r.header.Values("Set-Cookie"))
	}
	for _, addr := range []string{"198.18.0.1", "198.18.0.4"} {
		old := newBrowser(addr)
		old.cookies[stgypub.CaptchaPassCookie] = pass
		if r := e.call(t, old, nil, formQ, map[string]any{"p": e.post.ID.String()}); passSetCookie(r) != "cleared" {
			t.Errorf("form state from %s after invalidation: %v", addr, r.header.Values("Set-Cookie"))
		}
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// createCaptchaChallenge offers the audio of the same challenge, in the
// voice for the language asked (English unless Japanese).
func TestChallengeAudioField(t *testing.T) {
	e := newCommentEnv(t, stgypub.CommentsOpen, nil)
	b := newBrowser("198.51.100.140")
	for lang, want := range map[string]string{`(language: "ja-JP")`: "ja", `(language: "ar")`: "en", "": "en", `(language: "ja")`: "ja"} {
		var ch struct{ ID, Audio string }
		e.call(t, b, minute(), `mutation { createCaptchaChallenge { id audio`+lang+` } }`, nil).data(t, "createCaptchaChallenge", &ch)
		if !strings.HasSuffix(ch.Audio, "/captcha/audio/"+ch.ID+".wav?lang="+want) {
			t.Errorf("audio%s = %q", lang, ch.Audio)
		}
	}
	if r := e.call(t, b, minute(), `mutation { createCaptchaChallenge { audio(language: 5) } }`, nil); r.code() != "GRAPHQL_VALIDATION_FAILED" {
		t.Errorf("a number for language: %s", r.raw)
	}
}
