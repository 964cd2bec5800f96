package captcha

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/testclock"
)

// newPass solves a challenge from addr and returns the pass token.
func newPass(t *testing.T, s *Service, rdb redis.UniversalClient, clk *testclock.Clock, addr string) string {
	t.Helper()
	ctx := context.Background()
	c := clientAt(clk, addr)
	ch, err := s.CreateChallenge(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	token, err := s.Verify(ctx, c, ch.ID, answerOf(t, s, rdb, ch.ID))
	if err != nil {
		t.Fatal(err)
	}
	return token
}

func TestPassAllowsExactly100UsesUnderConcurrency(t *testing.T) {
	s, rdb, clk := newService(t, Config{})
	ctx := context.Background()
	token := newPass(t, s, rdb, clk, "198.51.100.1")
	var ok, refused atomic.Int32
	var wg sync.WaitGroup
	for range 110 {
		wg.Go(func() {
			use, err := s.ReservePass(ctx, token, ip("198.51.100.1"))
			if err != nil {
				if code(err) != stgypub.CodeCaptchaRequired {
					t.Errorf("reserve: %v", err)
				}
				refused.Add(1)
				return
			}
			if err := use.Commit(ctx); err != nil {
				t.Errorf("commit: %v", err)
			}
			ok.Add(1)
		})
	}
	wg.Wait()
	if ok.Load() != 100 || refused.Load() != 10 {
		t.Fatalf("110 parallel uses: %d succeeded, %d refused; want 100, 10", ok.Load(), refused.Load())
	}
	if st, _ := s.Status(ctx, token, ip("198.51.100.1")); st.Valid {
		t.Errorf("a used-up pass is still valid: %+v", st)
	}
	if n := rdb.Exists(ctx, s.passKey(token)).Val(); n != 0 {
		t.Error("a used-up pass stays in Redis")
	}
}

func TestPassReserveReleaseAndLapse(t *testing.T) {
	s, rdb, clk := newService(t, Config{PassMaxUses: 3})
	ctx := context.Background()
	addr := ip("198.51.100.2")
	token := newPass(t, s, rdb, clk, addr.String())
	var uses []*PassUse
	for range 3 {
		u, err := s.ReservePass(ctx, token, addr)
		if err != nil {
			t.Fatal(err)
		}
		uses = append(uses, u)
	}
	if _, err := s.ReservePass(ctx, token, addr); code(err) != stgypub.CodeCaptchaRequired {
		t.Fatalf("fourth reservation of three uses: %v", err)
	}
	// A failing insert releases its use: it can be reserved again.
	if err := uses[0].Release(ctx); err != nil {
		t.Fatal(err)
	}
	u, err := s.ReservePass(ctx, token, addr)
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	uses[0] = u
	// A reservation whose request died lapses after ReservationTTL.
	clk.Add(61 * time.Second)
	st, _ := s.Status(ctx, token, addr)
	if st.Remaining != 3 || st.Used != 0 {
		t.Errorf("after the reservations lapsed: %+v", st)
	}
	if _, err := s.ReservePass(ctx, token, addr); err != nil {
		t.Errorf("reserve after lapse: %v", err)
	}
	// Committing a lapsed reservation still counts the stored comment.
	if err := uses[1].Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if st, _ := s.Status(ctx, token, addr); st.Used != 1 {
		t.Errorf("used %d after committing a lapsed reservation", st.Used)
	}
}

func TestPassFifthAddressInvalidatesIt(t *testing.T) {
	s, rdb, clk := newService(t, Config{})
	ctx := context.Background()
	token := newPass(t, s, rdb, clk, "10.0.0.1")
	// IPv4-mapped IPv6 is the same address.
	for _, a := range []string{"10.0.0.1", "::ffff:10.0.0.1", "10.0.0.2", "2001:db8::1", "10.0.0.3", "10.0.0.2"} {
		u, err := s.ReservePass(ctx, token, ip(a))
		if err != nil {
			t.Fatalf("address %s: %v", a, err)
		}
		u.Commit(ctx)
	}
	if st, _ := s.Status(ctx, token, ip("10.0.0.1")); st.Addresses != 4 || st.Used != 6 {
		t.Fatalf("status %+v, want 4 addresses and 6 uses", st)
	}
	if ok, _, _ := s.PassUsable(ctx, token, ip("10.0.0.9")); ok {
		t.Error("PassUsable true for a fifth address")
	}
	if _, err := s.ReservePass(ctx, token, ip("10.0.0.9")); code(err) != stgypub.CodeCaptchaRequired {
		t.Fatalf("fifth address: %v", err)
	}
	// The whole pass is gone, for the known addresses too.
	if _, err := s.ReservePass(ctx, token, ip("10.0.0.1")); code(err) != stgypub.CodeCaptchaRequired {
		t.Errorf("first address after invalidation: %v", err)
	}
	if ok, _, _ := s.PassUsable(ctx, token, ip("10.0.0.1")); ok {
		t.Error("an invalidated pass is usable")
	}
}

func TestPassAddressRuleUnderConcurrency(t *testing.T) {
	s, rdb, clk := newService(t, Config{})
	ctx := context.Background()
	token := newPass(t, s, rdb, clk, "10.1.0.0")
	var ok atomic.Int32
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Go(func() {
			if u, err := s.ReservePass(ctx, token, ip(fmt.Sprintf("10.1.0.%d", i+1))); err == nil {
				u.Commit(ctx)
				ok.Add(1)
			}
		})
	}
	wg.Wait()
	// Three new addresses fit beside the first; the fourth new one kills
	// the pass, so at most three of twelve succeed.
	if n := ok.Load(); n > 3 {
		t.Errorf("%d new addresses used the pass, want at most 3", n)
	}
	if n := rdb.Exists(ctx, s.passKey(token)).Val(); n != 0 {
		t.Error("the pass survived twelve new addresses")
	}
}

func TestPassStateHoldsNoSecretOrAddress(t *testing.T) {
	s, rdb, clk := newService(t, Config{})
	ctx := context.Background()
	token := newPass(t, s, rdb, clk, "198.51.100.77")
	u, _ := s.ReservePass(ctx, token, ip("2001:db8::77"))
	u.Commit(ctx)
	var keys []string
	for it := rdb.Scan(ctx, 0, s.cfg.Prefix+"*", 100).Iterator(); it.Next(ctx); {
		keys = append(keys, it.Val())
	}
	if len(keys) != 1 || keys[0] != s.cfg.Prefix+"stgy:captcha:pass:{"+passHash(token)+"}" {
		t.Fatalf("keys %v", keys)
	}
	all := strings.Join(keys, " ")
	for f, v := range rdb.HGetAll(ctx, keys[0]).Val() {
		all += " " + f + "=" + v
	}
	for _, secret := range []string{token, "198.51.100.77", "2001:db8::77", "2001:0db8"} {
		if strings.Contains(all, secret) {
			t.Errorf("Redis holds %q: %s", secret, all)
		}
	}
	if !strings.Contains(all, ipField(token, ip("198.51.100.77"))) {
		t.Errorf("no HMAC field for the first address: %s", all)
	}
	if err := s.DeletePass(ctx, token); err != nil {
		t.Fatal(err)
	}
	if st, _ := s.Status(ctx, token, ip("198.51.100.77")); st.Valid {
		t.Error("a deleted pass is valid")
	}
}

func TestLegacyStringPassIsMigrated(t *testing.T) {
	s, rdb, _ := newService(t, Config{})
	ctx := context.Background()
	token := newToken()
	key := s.passKey(token)
	rdb.Set(ctx, key, "97,2", 48*time.Hour)
	if st, _ := s.Status(ctx, token, ip("192.0.2.9")); !st.Valid || st.Used != 97 {
		t.Fatalf("legacy status %+v", st)
	}
	var uses []*PassUse
	for range 3 {
		u, err := s.ReservePass(ctx, token, ip("192.0.2.9"))
		if err != nil {
			t.Fatalf("legacy pass: %v", err)
		}
		uses = append(uses, u)
	}
	if typ := rdb.Type(ctx, key).Val(); typ != "hash" {
		t.Fatalf("legacy pass is still a %s", typ)
	}
	if ttl := rdb.TTL(ctx, key).Val(); ttl < 47*time.Hour {
		t.Errorf("migration lost the TTL: %v", ttl)
	}
	if _, err := s.ReservePass(ctx, token, ip("192.0.2.9")); code(err) != stgypub.CodeCaptchaRequired {
		t.Errorf("101st use of a legacy pass: %v", err)
	}
	for _, u := range uses {
		u.Commit(ctx)
	}
	if rdb.Exists(ctx, key).Val() != 0 {
		t.Error("a used-up legacy pass stays")
	}
	rdb.Set(ctx, key, "garbage", time.Hour)
	if _, err := s.ReservePass(ctx, token, ip("192.0.2.9")); code(err) != stgypub.CodeCaptchaRequired {
		t.Errorf("corrupt legacy pass: %v", err)
	}
}

func TestMalformedTokens(t *testing.T) {
	s, _, _ := newService(t, Config{})
	ctx := context.Background()
	for _, tok := range []string{"", "short", strings.Repeat("a", 44), strings.Repeat("*", 43)} {
		if _, err := s.ReservePass(ctx, tok, ip("192.0.2.1")); code(err) != stgypub.CodeCaptchaRequired {
			t.Errorf("token %q: %v", tok, err)
		}
		if st, err := s.Status(ctx, tok, ip("192.0.2.1")); err != nil || st.Valid {
			t.Errorf("status of %q: %+v %v", tok, st, err)
		}
	}
}

// Verify and SolveInline revoke the pass the browser sent; Status says
// Gone for it and ReservePass wraps stgypub.ErrPassGone.
func TestNewPassRevokesPrevious(t *testing.T) {
	s, rdb, clk := newService(t, Config{})
	ctx := context.Background()
	c := clientAt(clk, "192.0.2.7")
	c.PassToken = newPass(t, s, rdb, clk, "192.0.2.7")
	ch, _ := s.CreateChallenge(ctx, c)
	t1, err := s.Verify(ctx, c, ch.ID, answerOf(t, s, rdb, ch.ID))
	if err != nil {
		t.Fatal(err)
	}
	ch, _ = s.CreateChallenge(ctx, c)
	c2 := c
	c2.PassToken = t1
	t2, use, err := s.SolveInline(ctx, c2, ch.ID, answerOf(t, s, rdb, ch.ID))
	if err != nil {
		t.Fatal(err)
	}
	use.Release(ctx)
	for name, tok := range map[string]string{"first (revoked by Verify)": c.PassToken, "second (revoked by SolveInline)": t1} {
		st, _ := s.Status(ctx, tok, c.IP)
		if st.Valid || !st.Gone {
			t.Errorf("%s: %+v", name, st)
		}
		if _, err := s.ReservePass(ctx, tok, c.IP); !errors.Is(err, stgypub.ErrPassGone) || code(err) != stgypub.CodeCaptchaRequired {
			t.Errorf("%s: reserve %v", name, err)
		}
		if ok, gone, _ := s.PassUsable(ctx, tok, c.IP); ok || !gone {
			t.Errorf("%s: usable %v gone %v", name, ok, gone)
		}
	}
	if st, _ := s.Status(ctx, t2, c.IP); !st.Valid || st.Gone {
		t.Errorf("newest pass: %+v", st)
	}
	// A wrong answer revokes nothing.
	ch, _ = s.CreateChallenge(ctx, c)
	c2.PassToken = t2
	wrong := []byte(answerOf(t, s, rdb, ch.ID))
	wrong[0] = '0' + (wrong[0]-'0'+1)%10
	if _, err := s.Verify(ctx, c2, ch.ID, string(wrong)); code(err) != stgypub.CodeBadUserInput {
		t.Fatalf("wrong answer: %v", err)
	}
	if st, _ := s.Status(ctx, t2, c.IP); !st.Valid {
		t.Errorf("a wrong answer revoked the pass: %+v", st)
	}
	// No token and an empty one are not gone (nothing to clear).
	if st, _ := s.Status(ctx, "", c.IP); st.Gone {
		t.Error("no token reads as gone")
	}
}

// The last use reports Spent; a reservation refused only because every
// use is reserved in flight is not ErrPassGone.
func TestPassSpentAndInFlight(t *testing.T) {
	s, rdb, clk := newService(t, Config{PassMaxUses: 2})
	ctx := context.Background()
	token := newPass(t, s, rdb, clk, "192.0.2.8")
	u1, _ := s.ReservePass(ctx, token, ip("192.0.2.8"))
	u2, _ := s.ReservePass(ctx, token, ip("192.0.2.8"))
	if _, err := s.ReservePass(ctx, token, ip("192.0.2.8")); code(err) != stgypub.CodeCaptchaRequired || errors.Is(err, stgypub.ErrPassGone) {
		t.Errorf("every use reserved: %v", err)
	}
	if ok, gone, _ := s.PassUsable(ctx, token, ip("192.0.2.8")); ok || gone {
		t.Errorf("every use reserved: usable %v gone %v", ok, gone)
	}
	if err := u1.Commit(ctx); err != nil || u1.Spent() {
		t.Errorf("first commit: %v spent %v", err, u1.Spent())
	}
	if err := u2.Commit(ctx); err != nil || !u2.Spent() {
		t.Errorf("last commit: %v spent %v", err, u2.Spent())
	}
	if _, err := s.ReservePass(ctx, token, ip("192.0.2.8")); !errors.Is(err, stgypub.ErrPassGone) {
		t.Errorf("after the last use: %v", err)
	}
}
