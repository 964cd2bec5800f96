package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strings"
	"time"

	"github.com/stgy/stgypub"
)

// CookieName is the session cookie's name.
const CookieName = "stgy_session"

// TokenPrefix starts every API bearer token, so leaked tokens are easy to
// recognize in logs and secret scanners.
const TokenPrefix = "stgy_"

// Config configures a Service.
type Config struct {
	// SessionTTL is how long a login lasts; default 30 days.
	SessionTTL time.Duration
	// SecureCookie sets the cookie's Secure attribute (base URL is https).
	SecureCookie bool
	// Now is the clock; default time.Now.
	Now func() time.Time
}

// Service logs owners in and out and authenticates requests.
type Service struct {
	accounts stgypub.AccountStore
	sessions stgypub.SessionStore
	cfg      Config
	dummy    string // hash compared for unknown login names (uniform timing)
}

// New returns a Service over the account and session stores (both are
// *store.Store in production).
func New(accounts stgypub.AccountStore, sessions stgypub.SessionStore, cfg Config) *Service {
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = 30 * 24 * time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	dummy, _ := HashPassword("dummy-password-never-matches")
	return &Service{accounts: accounts, sessions: sessions, cfg: cfg, dummy: dummy}
}

// Session is a new login: the user, the raw cookie token (shown to the
// browser only) and its expiry.
type Session struct {
	User      *stgypub.User
	Token     string
	ExpiresAt time.Time
}

// Login checks loginName and password and opens a session. A wrong login
// name or password both give UNAUTHENTICATED with the same message. The
// login name is matched case-insensitively (stgypub.NormalizeLoginName).
func (s *Service) Login(ctx context.Context, loginName, password string) (*Session, error) {
	bad := stgypub.Errorf(stgypub.CodeUnauthenticated, "wrong login name or password")
	if stgypub.CheckLoginName(loginName) != nil {
		CheckPassword(s.dummy, password)
		return nil, bad
	}
	u, err := userByLogin(ctx, s.accounts, loginName)
	if stgypub.IsNotFound(err) {
		CheckPassword(s.dummy, password)
		return nil, bad
	}
	if err != nil {
		return nil, fmt.Errorf("auth: login: %w", err)
	}
	if !CheckPassword(u.PasswordHash, password) {
		return nil, bad
	}
	token, hash := newSecret("")
	exp := s.cfg.Now().Add(s.cfg.SessionTTL).UTC().Truncate(time.Second)
	if err := s.sessions.CreateSession(ctx, u.ID, hash, exp); err != nil {
		return nil, fmt.Errorf("auth: login: %w", err)
	}
	return &Session{User: u, Token: token, ExpiresAt: exp}, nil
}

// Logout deletes the session of a raw cookie token ("" is a no-op).
func (s *Service) Logout(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	if err := s.sessions.DeleteSession(ctx, hashSecret(token)); err != nil {
		return fmt.Errorf("auth: logout: %w", err)
	}
	return nil
}

// SessionUser returns the user of a raw cookie token or UNAUTHENTICATED.
func (s *Service) SessionUser(ctx context.Context, token string) (*stgypub.User, error) {
	if token == "" || len(token) > 128 {
		return nil, stgypub.Errorf(stgypub.CodeUnauthenticated, "invalid session")
	}
	return s.sessions.SessionUser(ctx, hashSecret(token))
}

// TokenUser returns the user of a raw bearer token or UNAUTHENTICATED.
func (s *Service) TokenUser(ctx context.Context, token string) (*stgypub.User, error) {
	if len(token) <= len(TokenPrefix) || len(token) > 128 || token[:len(TokenPrefix)] != TokenPrefix {
		return nil, stgypub.Errorf(stgypub.CodeUnauthenticated, "invalid bearer token")
	}
	return s.sessions.APITokenUser(ctx, hashSecret(token))
}

// APITokenNameMaxChars limits an API token's name, in Unicode code points.
const APITokenNameMaxChars = 100

// CreateAPIToken creates a bearer token for userID named name (1 to
// APITokenNameMaxChars characters, not only white space; BAD_USER_INPUT
// otherwise) and returns its ID and the raw token, which is never stored
// and cannot be shown again.
func (s *Service) CreateAPIToken(ctx context.Context, userID stgypub.ID, name string) (stgypub.ID, string, error) {
	if err := stgypub.CheckText("name", name, APITokenNameMaxChars); err != nil {
		return 0, "", err
	}
	if strings.TrimSpace(name) == "" {
		return 0, "", stgypub.Errorf(stgypub.CodeBadUserInput, "name must be 1-%d characters and not blank", APITokenNameMaxChars)
	}
	token, hash := newSecret(TokenPrefix)
	id, err := s.sessions.CreateAPIToken(ctx, userID, name, hash, nil)
	if err != nil {
		return 0, "", fmt.Errorf("auth: create API token: %w", err)
	}
	return id, token, nil
}

// DeleteAPIToken deletes one of userID's tokens; NOT_FOUND otherwise.
func (s *Service) DeleteAPIToken(ctx context.Context, userID, tokenID stgypub.ID) error {
	if err := s.sessions.DeleteAPIToken(ctx, userID, tokenID); err != nil {
		return fmt.Errorf("auth: delete API token: %w", err)
	}
	return nil
}

// newSecret returns prefix + base64url(32 random bytes) and its SHA-256.
func newSecret(prefix string) (string, []byte) {
	var b [32]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	token := prefix + base64.RawURLEncoding.EncodeToString(b[:])
	return token, hashSecret(token)
}

func hashSecret(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}
