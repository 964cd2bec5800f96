package federation

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/hashicorp/golang-lru/v2/expirable"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/webhook"
)

// actorCacheSize bounds the remote documents kept in memory.
const actorCacheSize = 1024

// Config configures a Service; cmd/stgy-pub reads it at start-up.
type Config struct {
	// BaseURL is the public origin (and optional path prefix), as
	// server.Config.BaseURL: actor IDs are BaseURL + /sites/{userId}, and
	// WebFinger handles end in @ + its host. Required.
	BaseURL *url.URL
	// Key is the server's federation key (STGY_FEDERATION_KEY, KeySize
	// bytes) sealing every site's private key. Required; changing it
	// makes the stored keys unusable.
	Key []byte
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// SignatureWindow is how far an inbox request's Date may lie from
	// now, either way; 0 means 1 hour (Mastodon's clock skew margin).
	SignatureWindow time.Duration
	// MaxInboxBytes bounds an inbox request's body; 0 means 256 KiB.
	MaxInboxBytes int64
	// MaxActorBytes bounds a fetched remote actor document; 0 means
	// 1 MiB.
	MaxActorBytes int64
	// RetryFor is how long after it was queued a delivery is retried; 0
	// means 24 hours.
	RetryFor time.Duration
	// ActorCacheTTL is how long a fetched remote actor or key document
	// is reused (in this process's memory, at most 1024 of them); 0
	// means 10 minutes. A signature that fails with a cached key is
	// checked once more against a fresh fetch (key rotation).
	ActorCacheTTL time.Duration
	// SoftwareVersion is NodeInfo's software.version; "" means "dev".
	SoftwareVersion string
	// Logger receives delivery failures; nil discards.
	Logger *slog.Logger
	// Comments is the comment service replies become comments through
	// (PostRemote, EditRemote, DeleteRemote: the same rules as every
	// other comment, mode, cap, normalization and notification, without
	// a CAPTCHA); nil ignores replies (202).
	Comments *comment.Service
	// InboxPerMinute is how many activities a remote server (the host
	// of the signing key) may send to this process's inboxes per
	// minute, after InboxBurst at once; over it the inbox answers 429
	// with Retry-After. 0 means 60 (STGY_FEDERATION_INBOX_PER_MINUTE).
	InboxPerMinute float64
	// InboxBurst is the limiter's burst; 0 means InboxPerMinute
	// (at least 1).
	InboxBurst int
}

// Stores are what the federation reads and writes, one root store per
// entity (*store.Store implements each).
type Stores struct {
	// Users gives the sites' owners and settings (User, PubConfig).
	Users stgypub.PubUserStore
	// Posts gives the published posts: the actors' counts, the outbox,
	// the articles and the targets of reactions and replies.
	Posts stgypub.PubPostStore
	// Federation keeps keys, followers, reactions, the delivery queue
	// and the comments made from Notes.
	Federation stgypub.FederationStore
}

// Service answers the federation endpoints and delivers the queue. It is
// safe for concurrent use.
type Service struct {
	cfg    Config
	st     Stores
	client *webhook.Client
	sealer *sealer
	base   string // BaseURL without a trailing slash
	host   string // BaseURL's host, lower case
	log    *slog.Logger
	actors *expirable.LRU[string, *remoteActor] // by URL without fragment
	limits *inboxLimits
}

// New returns a Service. client is the SSRF-guarded client every remote
// fetch and delivery goes through. It fails when BaseURL is missing or
// Key is not KeySize bytes.
func New(cfg Config, st Stores, client *webhook.Client) (*Service, error) {
	if cfg.BaseURL == nil || cfg.BaseURL.Host == "" {
		return nil, fmt.Errorf("federation: BaseURL is required")
	}
	sl, err := newSealer(cfg.Key)
	if err != nil {
		return nil, err
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.SignatureWindow <= 0 {
		cfg.SignatureWindow = time.Hour
	}
	if cfg.MaxInboxBytes <= 0 {
		cfg.MaxInboxBytes = 256 << 10
	}
	if cfg.MaxActorBytes <= 0 {
		cfg.MaxActorBytes = 1 << 20
	}
	if cfg.RetryFor <= 0 {
		cfg.RetryFor = 24 * time.Hour
	}
	if cfg.ActorCacheTTL <= 0 {
		cfg.ActorCacheTTL = 10 * time.Minute
	}
	if cfg.InboxPerMinute <= 0 {
		cfg.InboxPerMinute = 60
	}
	if cfg.InboxBurst <= 0 {
		cfg.InboxBurst = max(1, int(cfg.InboxPerMinute))
	}
	if cfg.SoftwareVersion == "" {
		cfg.SoftwareVersion = "dev"
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Service{cfg: cfg, st: st, client: client, sealer: sl,
		base: strings.TrimRight(cfg.BaseURL.String(), "/"), host: strings.ToLower(cfg.BaseURL.Host), log: log,
		actors: expirable.NewLRU[string, *remoteActor](actorCacheSize, nil, cfg.ActorCacheTTL),
		limits: newInboxLimits(cfg.InboxPerMinute, cfg.InboxBurst)}, nil
}

// site is a federated site as its documents show it.
type site struct {
	user   *stgypub.User
	config *stgypub.PubConfig
}

// site returns the site of userID when it is an actor: the user exists,
// has published posts and turned federation on; NOT_FOUND otherwise, so
// every endpoint of a site with federation off answers 404.
func (s *Service) site(ctx context.Context, userID stgypub.ID) (*site, error) {
	st, err := s.siteOf(ctx, userID)
	if err != nil {
		return nil, err
	}
	if !st.config.Extensions.FederationEnabled() {
		return nil, stgypub.Errorf(stgypub.CodeNotFound, "site not federated")
	}
	n, err := s.st.Posts.CountPublishedByUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, stgypub.Errorf(stgypub.CodeNotFound, "site has no published posts")
	}
	return st, nil
}

// siteOf reads userID's account and settings, federated or not
// (NOT_FOUND for an unknown user).
func (s *Service) siteOf(ctx context.Context, userID stgypub.ID) (*site, error) {
	u, err := s.st.Users.User(ctx, userID)
	if err != nil {
		return nil, err
	}
	c, err := s.st.Users.PubConfig(ctx, userID)
	if err != nil {
		return nil, err
	}
	return &site{user: u, config: c}, nil
}

// ActorID is the actor ID of userID's site: its page URL, which answers
// the actor document to ActivityPub clients (content negotiation).
func (s *Service) ActorID(userID stgypub.ID) string { return s.base + "/sites/" + userID.String() }
