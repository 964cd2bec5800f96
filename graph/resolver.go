// Package graph is STGY Pub's GraphQL layer (ARCHITECTURE.md "GraphQL
// surface"): gqlgen generated code (generated.go, model/), thin
// follow-schema resolvers (schema.resolvers.go) and per-request
// dataloaders. Permission checks live in owner and auth; resolvers convert
// arguments, call one service or loader and return.
package graph

import (
	"context"
	"log/slog"
	"time"

	"github.com/99designs/gqlgen/graphql"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/owner"
)

// Counter is what the resolvers need of the page-view counter (package
// counter implements it).
type Counter interface {
	// RecordView records one view; the post's PV today, 0 for a duplicate.
	RecordView(ctx context.Context, v stgypub.View) (int64, error)
	// Ranking returns up to limit Popular entries from Redis alone.
	Ranking(ctx context.Context, ownerID stgypub.ID, limit int) ([]stgypub.RankingEntry, error)
	// Stats returns the owner's Publications Stats.
	Stats(ctx context.Context, ownerID stgypub.ID) (*stgypub.Stats, error)
	// ViewCounts returns PV over the retention window per post (missing
	// posts count 0).
	ViewCounts(ctx context.Context, ownerID stgypub.ID, postIDs []stgypub.ID) (map[stgypub.ID]int64, error)
}

// Resolver is the root resolver; every field is required except Logger
// and Now.
type Resolver struct {
	Posts   stgypub.PubPostStore
	Users   stgypub.UserStore
	Configs stgypub.PubConfigStore
	Counter Counter
	Owner   *owner.Service
	Auth    *auth.Service
	// ViewSecret is the HMAC key of recordPubView signatures
	// (STGY_PUB_VIEW_SECRET; visitor.Sign).
	ViewSecret []byte
	Logger     *slog.Logger
	Now        func() time.Time
}

// Limits of list arguments.
const (
	maxPageLimit   = 100 // site.posts, site.search
	maxSearchChars = 200 // site.search query
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
	cfg := Config{Resolvers: r}
	setComplexity(&cfg.Complexity)
	return NewExecutableSchema(cfg)
}

func (r *Resolver) viewer(ctx context.Context) *stgypub.User { return auth.Viewer(ctx) }
