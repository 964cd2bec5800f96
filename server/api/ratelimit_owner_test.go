package api_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

// TestOwnerNotLockedOutByReaders: readers on one address use up the
// hourly comment allowance; the signed-in owner on the same address still
// posts (per-account bucket), and the readers stay limited. The refusal
// names whose allowance ran out and the network the server sees, never
// the address.
func TestOwnerNotLockedOutByReaders(t *testing.T) {
	t.Parallel()
	e := newCommentEnv(t, stgypub.CommentsOpen, func(c *apiConfig) { c.CommentsPerHour = 3; c.CaptchaPerHour = 100 })
	const shared = "203.0.113.77" // a proxy not listed in STGY_TRUSTED_PROXIES
	for i := range 3 {
		b := newBrowser(shared)
		e.solve(t, b)
		if r := e.postComment(t, b, map[string]any{"nickname": fmt.Sprintf("Reader %d", i), "body": "Hello"}); r.code() != "" {
			t.Fatalf("reader %d: %s", i, r.raw)
		}
	}
	late := newBrowser(shared)
	e.solve(t, late)
	r := e.postComment(t, late, map[string]any{"nickname": "Late", "body": "Hello"})
	if r.code() != stgypub.CodeRateLimited {
		t.Fatalf("fourth reader: %s", r.raw)
	}
	x := r.Errors[0].Extensions
	if x["limitedBy"] != "address" || x["clientNetwork"] != "203.0.113.0/24" || !regexp.MustCompile(`^[0-9a-f]{8}$`).MatchString(fmt.Sprint(x["clientKey"])) {
		t.Errorf("extensions %v", x)
	}
	if strings.Contains(r.raw, shared) {
		t.Errorf("the raw address is in the response: %s", r.raw)
	}
	// Another reader behind the same proxy gets the same network and key:
	// what tells an operator that the proxy is not listed.
	r2 := e.postComment(t, newBrowser(shared), map[string]any{"nickname": "Other", "body": "Hello"})
	if r2.code() != stgypub.CodeRateLimited || r2.Errors[0].Extensions["clientKey"] != x["clientKey"] {
		t.Errorf("second reader on the shared address: %s", r2.raw)
	}

	owner := newBrowser(shared)
	owner.as = "owner"
	for i := range 5 {
		var c pubComment
		e.postComment(t, owner, map[string]any{"nickname": "Owner", "body": fmt.Sprintf("Reply %d", i)}).data(t, "postPubComment", &c)
		if c.Status != "PUBLISHED" {
			t.Errorf("owner's reply %d: %+v", i, c)
		}
	}
	// The owner's replies did not come out of the readers' bucket either
	// way: readers on the address are still limited, not more limited.
	if r := e.postComment(t, late, map[string]any{"nickname": "Late", "body": "Again"}); r.code() != stgypub.CodeRateLimited {
		t.Errorf("reader after the owner's replies: %s", r.raw)
	}
	// A reader elsewhere is not affected at all.
	b := newBrowser("198.51.100.200")
	e.solve(t, b)
	if r := e.postComment(t, b, map[string]any{"nickname": "Elsewhere", "body": "Hi"}); r.code() != "" {
		t.Errorf("reader on another address: %s", r.raw)
	}
}

// TestAccountLimits: a signed-in user's writes and comments are limited
// per account (the account limits), whatever address they come from, and
// the refusal says so.
func TestAccountLimits(t *testing.T) {
	t.Parallel()
	e := newCommentEnv(t, stgypub.CommentsOpen, func(c *apiConfig) { c.AccountCommentsPerHour = 2; c.CommentsPerHour = 1 })
	for i, ip := range []string{"192.0.2.1", "192.0.2.2", "192.0.2.3"} {
		owner := newBrowser(ip)
		owner.as = "owner"
		r := e.postComment(t, owner, map[string]any{"nickname": "Owner", "body": fmt.Sprintf("Reply %d", i)})
		want := ""
		if i == 2 {
			want = stgypub.CodeRateLimited
		}
		if r.code() != want {
			t.Fatalf("owner's comment %d from %s: %s", i, ip, r.raw)
		}
		if want != "" && (r.Errors[0].Extensions["limitedBy"] != "account" || r.Errors[0].Extensions["clientNetwork"] != nil || !strings.Contains(r.Errors[0].Message, "this account")) {
			t.Errorf("account refusal: %s", r.raw)
		}
	}
	// Another account has its own allowance.
	admin := newBrowser("192.0.2.1")
	admin.as = "admin"
	if r := e.postComment(t, admin, map[string]any{"nickname": "Admin", "body": "Hi"}); r.code() != "" {
		t.Errorf("admin: %s", r.raw)
	}
}

// TestRefusedCommentsKeepTheAllowance: attempts that store nothing (wrong
// CAPTCHA answers, no CAPTCHA, too long a body) do not use the hourly
// comment allowance; stored comments do.
func TestRefusedCommentsKeepTheAllowance(t *testing.T) {
	t.Parallel()
	e := newCommentEnv(t, stgypub.CommentsOpen, func(c *apiConfig) { c.CommentsPerHour = 2; c.CaptchaPerHour = 100 })
	b := newBrowser("203.0.113.90")
	base := func(extra map[string]any) map[string]any {
		in := map[string]any{"nickname": "Ann", "body": "Hello"}
		for k, v := range extra {
			in[k] = v
		}
		return in
	}
	// Wrong answers to two challenges: BAD_USER_INPUT or CAPTCHA_REQUIRED,
	// never RATE_LIMITED, though they are more than the allowance.
	for range 2 {
		ch, answer := e.challenge(t, b)
		wrong := "000000"
		if answer == wrong {
			wrong = "111111"
		}
		for i := range 3 {
			r := e.postComment(t, b, base(map[string]any{"captchaId": ch.ID, "captchaAnswer": wrong}))
			if c := r.code(); c != stgypub.CodeBadUserInput && c != stgypub.CodeCaptchaRequired {
				t.Fatalf("wrong answer %d: %s", i, r.raw)
			}
		}
	}
	for range 3 { // no pass, no challenge
		if r := e.postComment(t, b, base(nil)); r.code() != stgypub.CodeCaptchaRequired {
			t.Fatalf("without CAPTCHA: %s", r.raw)
		}
	}
	if r := e.postComment(t, b, base(map[string]any{"body": strings.Repeat("x", 1001)})); r.code() != stgypub.CodeBadUserInput {
		t.Fatalf("too long: %s", r.raw)
	}
	// The allowance of 2 is whole: two comments are stored, the third is
	// refused.
	e.solve(t, b)
	for i := range 3 {
		r := e.postComment(t, b, base(map[string]any{"body": fmt.Sprintf("Comment %d", i)}))
		want := ""
		if i == 2 {
			want = stgypub.CodeRateLimited
		}
		if r.code() != want {
			t.Errorf("comment %d after the refusals: %s", i, r.raw)
		}
	}
}
