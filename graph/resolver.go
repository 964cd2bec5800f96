// Package graph is STGY Pub's GraphQL layer (docs/ARCHITECTURE.md
// "GraphQL"): gqlgen generated code (generated.go, model/), thin
// follow-schema resolvers (schema.resolvers.go) and per-request
// dataloaders. Resolvers depend on the service interfaces of services.go
// (small fakes in tests), convert arguments, call one service, root rule
// or loader and return; permission checks are the root's
// stgypub.RequireSelfOrAdmin, applied in owner and auth.
package graph

import (
	"context"
	"log/slog"
	"time"

	"github.com/99designs/gqlgen/graphql"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/captcha"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/federation"
	"github.com/stgy/stgypub/live"
	"github.com/stgy/stgypub/webhook"
)

// Resolver is the root resolver; every field is required except BaseURL,
// Logger, Now, Titles, Articles, Insight, Live and Federation.
type Resolver struct {
	Posts   stgypub.PubPostStore
	Users   stgypub.PubUserStore
	Configs stgypub.PubUserStore
	Counter Counter
	// Insight gives pubBotStats and Post.shareCounts, and reads an owner's
	// per-post views of today for pubViewsToday (counter.Counter); nil
	// gives no bot stats or share counts and refuses that subscription
	// with UNAVAILABLE.
	Insight stgypub.CountReader
	Owner   OwnerService
	Auth    AuthService
	// Articles renders Post.html once and keeps it (article.Articles); nil
	// renders every request with article.HTML.
	Articles stgypub.ArticleRenderer
	// Titles gives PostStats.title (PostStore.PostTitles); nil leaves every
	// title "".
	Titles stgypub.PostStore
	// Comments and Captcha serve the comment and CAPTCHA operations.
	Comments *comment.Service
	Captcha  *captcha.Service
	// Live carries the subscriptions' events (live.Hub); nil refuses
	// every subscription with UNAVAILABLE.
	Live *live.Hub
	// Federation serves the owner's side of federation (Overview,
	// FollowerList, RemoveFollower, PostReactions; docs/FEDERATION.md
	// "Owner"); nil when the server does not federate.
	Federation *federation.Service
	// Webhooks serves the owners' webhook operations (webhook.Service).
	Webhooks *webhook.Service
	// ViewSecret is the HMAC key of recordPubView signatures and of view
	// tokens (STGY_PUB_VIEW_SECRET; visitor.Sign, visitor.ViewToken).
	ViewSecret []byte
	// BaseURL is the public origin of absolute URLs (STGY_BASE_URL,
	// without a trailing slash); "" gives root-relative ones.
	BaseURL string
	Logger  *slog.Logger
	Now     func() time.Time
}

// Limits of list arguments.
const (
	maxPostsPage = 200 // site.posts: the HTML Plain view's page in one request
	maxPageLimit = 100 // site.search
	maxSites     = 100 // sites
)

// NewSchema returns the executable schema with r's resolvers and the
// per-field complexity of list fields (complexity.go).
func NewSchema(r *Resolver) graphql.ExecutableSchema {
	if r.Logger == nil {
		r.Logger = slog.Default()
	}
	if r.Now == nil {
		r.Now = time.Now
	}
	cfg := Config{Resolvers: newResolverRoot(r)}
	setComplexity(&cfg.Complexity)
	return NewExecutableSchema(cfg)
}

func (r *Resolver) viewer(ctx context.Context) *stgypub.User { return auth.Viewer(ctx) }

// resolverRoot is the ResolverRoot the schema runs on: r with the
// resolvers of the objects that lists repeat (a site listing calls Post()
// 80 times) built once. The generated accessors (schema.resolvers.go)
// allocate one per field call.
type resolverRoot struct {
	*Resolver
	post       PostResolver
	site       SiteResolver
	config     PubConfigResolver
	comment    PubCommentResolver
	stats      PostStatsResolver
	rankingRow SiteRankingEntryResolver
}

func newResolverRoot(r *Resolver) *resolverRoot {
	return &resolverRoot{Resolver: r, post: r.Post(), site: r.Site(), config: r.PubConfig(),
		comment: r.PubComment(), stats: r.PostStats(), rankingRow: r.SiteRankingEntry()}
}

func (r *resolverRoot) Post() PostResolver                         { return r.post }
func (r *resolverRoot) Site() SiteResolver                         { return r.site }
func (r *resolverRoot) PubConfig() PubConfigResolver               { return r.config }
func (r *resolverRoot) PubComment() PubCommentResolver             { return r.comment }
func (r *resolverRoot) PostStats() PostStatsResolver               { return r.stats }
func (r *resolverRoot) SiteRankingEntry() SiteRankingEntryResolver { return r.rankingRow }
