package captcha

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	mrand "math/rand/v2"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
)

// idLen is the length of challenge IDs (randomID).
const idLen = 22

// Challenge is a new CAPTCHA: its ID, the PNG to show (Width×Height
// pixels, Digits digits) and when it expires.
type Challenge struct {
	ID                    string
	PNG                   []byte
	Width, Height, Digits int
	ExpiresAt             time.Time
}

// DataURL is the PNG as a data: URL for an <img src>.
func (c *Challenge) DataURL() string {
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(c.PNG)
}

// CreateChallenge checks X-STGY-MinuteHash (BAD_USER_INPUT when missing
// or stale) and stores a new challenge of six random digits in Redis for
// ChallengeTTL.
func (s *Service) CreateChallenge(ctx context.Context, client stgypub.CommentClient) (*Challenge, error) {
	now := s.cfg.Now()
	if err := CheckMinuteHash(client.MinuteHash, now); err != nil {
		return nil, err
	}
	digits := randomDigits()
	var seed [32]byte
	_, _ = rand.Read(seed[:])
	img, err := Render(digits, mrand.New(mrand.NewChaCha8(seed)))
	if err != nil {
		return nil, err
	}
	id := randomID()
	key := s.challengeKey(id)
	_, err = s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, key, "answer", digits, "wrong", 0)
		p.Expire(ctx, key, s.cfg.ChallengeTTL)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("captcha: store challenge: %w", err)
	}
	return &Challenge{ID: id, PNG: img, Width: Width, Height: Height, Digits: Digits,
		ExpiresAt: now.Add(s.cfg.ChallengeTTL).UTC()}, nil
}

// randomDigits is Digits uniformly random decimal digits from
// math/rand/v2's global source (ChaCha8 seeded by the OS, unpredictable).
func randomDigits() string {
	b := make([]byte, Digits)
	for i := range b {
		b[i] = '0' + byte(mrand.N(10))
	}
	return string(b)
}

// Verify checks X-STGY-MinuteHash, then answer against challenge id and,
// when right, revokes the pass client.PassToken names (if any), issues a
// pass for client's address and returns its token (set it with
// PassCookie). Errors: BAD_USER_INPUT for a stale header, a
// malformed answer (not six digits) or a wrong answer with attempts
// left; CAPTCHA_REQUIRED when the challenge is unknown, expired, solved
// already or killed by this fifth wrong answer.
func (s *Service) Verify(ctx context.Context, client stgypub.CommentClient, id, answer string) (string, error) {
	if err := CheckMinuteHash(client.MinuteHash, s.cfg.Now()); err != nil {
		return "", err
	}
	if err := s.check(ctx, "answer", id, answer); err != nil {
		return "", err
	}
	if err := s.revoke(ctx, client.PassToken); err != nil {
		return "", err
	}
	token := newToken()
	if err := s.issue(ctx, token, client.IP, ""); err != nil {
		return "", err
	}
	return token, nil
}

// check runs verifyScript: nil when answer is right (the challenge is
// then gone). A malformed or wrong answer is BAD_USER_INPUT naming field
// (the argument the answer came in: "answer" for verifyCaptcha,
// "captchaAnswer" for postPubComment) in extensions.field, so clients
// can say it in their own words.
func (s *Service) check(ctx context.Context, field, id, answer string) error {
	a, ok := normalizeAnswer(answer)
	if !ok {
		return stgypub.FieldErrorf(field, "the answer must be the %d digits shown", Digits)
	}
	if !validID(id, idLen) {
		return stgypub.Errorf(stgypub.CodeCaptchaRequired, "unknown CAPTCHA challenge: request a new one")
	}
	left, err := verifyScript.Run(ctx, s.rdb, []string{s.challengeKey(id)}, a, s.cfg.MaxWrongAnswers).Int()
	if err != nil {
		return fmt.Errorf("captcha: verify: %w", err)
	}
	switch {
	case left == 0:
		return nil
	case left == -1:
		return stgypub.Errorf(stgypub.CodeCaptchaRequired, "the CAPTCHA challenge has expired or was already used: request a new one")
	case left == -2:
		return stgypub.Errorf(stgypub.CodeCaptchaRequired, "wrong answer; that was the last attempt for this challenge: request a new one")
	}
	if left == 1 {
		return stgypub.FieldErrorf(field, "wrong answer; 1 attempt left")
	}
	return stgypub.FieldErrorf(field, "wrong answer; %d attempts left", left)
}

// SolveInline is the CAPTCHA step of posting a comment with an answer
// (no X-STGY-MinuteHash; posting has X-STGY-QueryHash): it checks the
// answer like Verify, revokes the pass client.PassToken names and issues
// a pass for client.IP whose first use is reserved for the comment being
// posted.
func (s *Service) SolveInline(ctx context.Context, client stgypub.CommentClient, id, answer string) (string, *PassUse, error) {
	if err := s.check(ctx, "captchaAnswer", id, answer); err != nil {
		return "", nil, err
	}
	if err := s.revoke(ctx, client.PassToken); err != nil {
		return "", nil, err
	}
	token, rid := newToken(), randomID()
	if err := s.issue(ctx, token, client.IP, rid); err != nil {
		return "", nil, err
	}
	return token, &PassUse{s: s, key: s.passKey(token), rid: rid}, nil
}

// normalizeAnswer accepts the digits with surrounding or inner spaces and
// full-width digits (Japanese input methods); ok is false unless exactly
// Digits digits remain.
func normalizeAnswer(s string) (string, bool) {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r >= '０' && r <= '９':
			b.WriteRune('0' + (r - '０'))
		case r == ' ' || r == '\u3000' || r == '\t':
		default:
			return "", false
		}
		if b.Len() > Digits {
			return "", false
		}
	}
	return b.String(), b.Len() == Digits
}
