package captcha

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/netip"
	"time"

	"github.com/stgy/stgypub"
)

// tokenLen is the length of a pass token: 32 random bytes, base64url.
const tokenLen = 43

func newToken() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// passHash names a pass in Redis: hex SHA-256 of the token, so the keys
// never hold the cookie's value.
func passHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// ipField is the pass Hash's field for a source address: hex
// HMAC-SHA256 keyed by the token over the normalized address (no zone,
// IPv4-mapped IPv6 as IPv4). No raw address is stored.
func ipField(token string, ip netip.Addr) string {
	m := hmac.New(sha256.New, []byte(token))
	m.Write([]byte(ip.WithZone("").Unmap().String()))
	return hex.EncodeToString(m.Sum(nil))
}

func ms(t time.Time) int64 { return t.UnixMilli() }

// issue stores a new pass for token first used from ip, with reservation
// rid when it is not "".
func (s *Service) issue(ctx context.Context, token string, ip netip.Addr, rid string) error {
	err := issueScript.Run(ctx, s.rdb, []string{s.passKey(token)}, ms(s.cfg.Now()), ipField(token, ip),
		s.cfg.PassTTL.Milliseconds(), rid, s.cfg.ReservationTTL.Milliseconds()).Err()
	if err != nil {
		return fmt.Errorf("captcha: issue pass: %w", err)
	}
	return nil
}

// PassUse is one reserved use of a pass (ReservePass, SolveInline):
// Commit it after the comment's transaction commits, Release it when
// that fails.
type PassUse struct {
	s        *Service
	key, rid string
	spent    bool
}

// Commit turns the reservation into a use; at PassMaxUses the pass is
// deleted (Spent is then true).
func (u *PassUse) Commit(ctx context.Context) error {
	used, err := commitScript.Run(ctx, u.s.rdb, []string{u.key}, u.rid, u.s.cfg.PassMaxUses).Int()
	if err != nil {
		return fmt.Errorf("captcha: commit pass use: %w", err)
	}
	u.spent = used < 0 || used >= u.s.cfg.PassMaxUses
	return nil
}

// Spent reports whether the committed use was the pass's last (or the
// pass was gone already), so the pass cookie names nothing now.
func (u *PassUse) Spent() bool { return u.spent }

// Release gives the reserved use back.
func (u *PassUse) Release(ctx context.Context) error {
	if err := releaseScript.Run(ctx, u.s.rdb, []string{u.key}, u.rid).Err(); err != nil {
		return fmt.Errorf("captcha: release pass use: %w", err)
	}
	return nil
}

// ReservePass reserves one use of the pass named by token for ip.
// CAPTCHA_REQUIRED when token names no pass, when ip would be the fifth
// address (the whole pass is then deleted) or when every use is spent or
// reserved; every case but the last (uses reserved by requests in
// flight) also wraps stgypub.ErrPassGone. Commit the use after the
// comment is stored, Release it when storing fails.
func (s *Service) ReservePass(ctx context.Context, token string, ip netip.Addr) (*PassUse, error) {
	if !validID(token, tokenLen) {
		return nil, passGone("solve the CAPTCHA to comment")
	}
	key, rid := s.passKey(token), randomID()
	res, err := reserveScript.Run(ctx, s.rdb, []string{key}, ms(s.cfg.Now()), rid, ipField(token, ip),
		s.cfg.PassMaxUses, s.cfg.PassMaxIPs, s.cfg.ReservationTTL.Milliseconds()).Int64Slice()
	if err != nil {
		return nil, fmt.Errorf("captcha: reserve pass use: %w", err)
	}
	switch res[0] {
	case 1:
		return &PassUse{s: s, key: key, rid: rid}, nil
	case -2:
		return nil, passGone(fmt.Sprintf(
			"this CAPTCHA pass was used from more than %d addresses and is no longer valid: solve the CAPTCHA again", s.cfg.PassMaxIPs))
	case -3:
		if res[1] >= int64(s.cfg.PassMaxUses) {
			return nil, passGone("this CAPTCHA pass is used up: solve the CAPTCHA again")
		}
		return nil, stgypub.Errorf(stgypub.CodeCaptchaRequired, "this CAPTCHA pass is used up: solve the CAPTCHA again")
	}
	return nil, passGone("solve the CAPTCHA to comment")
}

// passGone is CAPTCHA_REQUIRED with msg, wrapping stgypub.ErrPassGone.
func passGone(msg string) error {
	return fmt.Errorf("%w: %w", stgypub.ErrPassGone, stgypub.Errorf(stgypub.CodeCaptchaRequired, "%s", msg))
}

// PassStatus is the state of a pass as captchaStatus shows it.
type PassStatus struct {
	// Valid is true when the pass exists and has a use left.
	Valid bool
	// Used counts the comments posted with it; Remaining is PassMaxUses
	// minus Used minus uses reserved by requests in flight.
	Used, Remaining int
	// MaxUses is PassMaxUses.
	MaxUses int
	// Addresses counts the source addresses seen (at most PassMaxIPs);
	// KnownAddress is true when the asking address is one of them.
	Addresses    int
	KnownAddress bool
	// ExpiresAt is when the pass lapses (nil for no pass).
	ExpiresAt *time.Time
	// Gone is true when a token was given but names no pass (unknown,
	// malformed, used up or invalidated): its cookie should be cleared.
	Gone bool
}

// Status reads the pass named by token as seen from ip without changing
// it. A missing or malformed token is an invalid pass, not an error.
func (s *Service) Status(ctx context.Context, token string, ip netip.Addr) (*PassStatus, error) {
	if !validID(token, tokenLen) {
		return &PassStatus{MaxUses: s.cfg.PassMaxUses, Gone: token != ""}, nil
	}
	now := s.cfg.Now()
	r, err := statusScript.Run(ctx, s.rdb, []string{s.passKey(token)}, ms(now), ipField(token, ip)).Int64Slice()
	if err != nil {
		return nil, fmt.Errorf("captcha: pass status: %w", err)
	}
	if r[0] == 0 {
		return &PassStatus{MaxUses: s.cfg.PassMaxUses, Gone: true}, nil
	}
	st := &PassStatus{Used: int(r[1]), Addresses: int(r[3]), KnownAddress: r[4] == 1, MaxUses: s.cfg.PassMaxUses}
	st.Remaining = max(0, s.cfg.PassMaxUses-st.Used-int(r[2]))
	st.Valid = st.Remaining > 0
	if r[5] > 0 {
		exp := now.Add(time.Duration(r[5]) * time.Millisecond).UTC().Truncate(time.Second)
		st.ExpiresAt = &exp
	}
	return st, nil
}

// PassUsable reports whether ip can use the pass named by token now (it
// has a use left and ip is known or one more address is allowed) and
// whether token names no pass (PassStatus.Gone).
func (s *Service) PassUsable(ctx context.Context, token string, ip netip.Addr) (usable, gone bool, err error) {
	st, err := s.Status(ctx, token, ip)
	if err != nil {
		return false, false, err
	}
	return st.Valid && (st.KnownAddress || st.Addresses < s.cfg.PassMaxIPs), st.Gone, nil
}

// revoke deletes the pass a browser held before it solved a new
// challenge (docs/SPEC.md "CAPTCHA and pass tokens": a new pass replaces
// the old one, so a copied cookie cannot keep its uses).
func (s *Service) revoke(ctx context.Context, previous string) error {
	if err := s.DeletePass(ctx, previous); err != nil {
		return fmt.Errorf("captcha: revoke previous pass: %w", err)
	}
	return nil
}

// DeletePass deletes the pass named by token (nothing for an unknown or
// malformed token).
func (s *Service) DeletePass(ctx context.Context, token string) error {
	if !validID(token, tokenLen) {
		return nil
	}
	if err := s.rdb.Del(ctx, s.passKey(token)).Err(); err != nil {
		return fmt.Errorf("captcha: delete pass: %w", err)
	}
	return nil
}
