package graph

import (
	"context"
	"net/http"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/owner"
)

// The services the resolvers call, declared here where they are used, so
// resolver tests can run on small fakes; production passes the real
// adapters (see cmd/stgy-pub and docs/ARCHITECTURE.md "GraphQL").

// Counter is what the resolvers need of the page-view counter (package
// counter implements it; docs/SPEC.md#page-views).
type Counter interface {
	stgypub.Ranker
	stgypub.CountReader
	// RecordView records one page view and returns the post's new PV for
	// today, or 0 for a duplicate; stgypub.ErrViewPending when its wait
	// for the view's batch ran out (the view is still queued).
	RecordView(ctx context.Context, v stgypub.View) (int64, error)
	// TodayCount gives a post's page views of today (UTC), what
	// RecordView returns for a counted view; 0 when none.
	TodayCount(ctx context.Context, ownerID, postID stgypub.ID) (int64, error)
	// RankingDays is Ranking over the last days UTC days including today
	// (pubRanking's days argument): days 0 is the whole retention window,
	// other days outside 1..retention are BAD_USER_INPUT; each days value
	// is cached on its own.
	RankingDays(ctx context.Context, ownerID stgypub.ID, days, limit int) ([]stgypub.RankingEntry, error)
}

// OwnerService is the owners' post and settings operations (owner.Service
// implements it). Every method takes the authenticated viewer (nil when
// anonymous) and checks it with stgypub.RequireSelfOrAdmin.
type OwnerService interface {
	CreatePost(ctx context.Context, viewer *stgypub.User, in owner.PostInput) (*stgypub.Post, error)
	UpdatePost(ctx context.Context, viewer *stgypub.User, id stgypub.ID, in owner.PostInput) (*stgypub.Post, error)
	DeletePost(ctx context.Context, viewer *stgypub.User, id stgypub.ID) error
	SetPublication(ctx context.Context, viewer *stgypub.User, id stgypub.ID, publishedAt *time.Time) (*stgypub.Post, error)
	MyPosts(ctx context.Context, viewer *stgypub.User, offset, limit int) ([]*stgypub.Post, error)
	Post(ctx context.Context, viewer *stgypub.User, id stgypub.ID) (*stgypub.Post, error)
	UpdateProfile(ctx context.Context, viewer *stgypub.User, userID stgypub.ID, nickname, introduction string) (*stgypub.User, error)
	UpdatePubConfig(ctx context.Context, viewer *stgypub.User, userID stgypub.ID, patch owner.PubConfigPatch) (*stgypub.PubConfig, error)
	ExportPubConfig(ctx context.Context, viewer *stgypub.User, userID stgypub.ID) (*stgypub.PubConfig, error)
	// The writes above under a precondition (ifVersion; docs/API.md
	// "Versions and conflicts").
	UpdatePostIf(ctx context.Context, viewer *stgypub.User, id stgypub.ID, in owner.PostInput, pre stgypub.Precondition) (*stgypub.Post, error)
	DeletePostIf(ctx context.Context, viewer *stgypub.User, id stgypub.ID, pre stgypub.Precondition) error
	SetPublicationIf(ctx context.Context, viewer *stgypub.User, id stgypub.ID, publishedAt *time.Time, pre stgypub.Precondition) (*stgypub.Post, error)
	UpdateProfileIf(ctx context.Context, viewer *stgypub.User, userID stgypub.ID, nickname, introduction string, pre stgypub.Precondition) (*stgypub.User, error)
	UpdatePubConfigIf(ctx context.Context, viewer *stgypub.User, userID stgypub.ID, patch owner.PubConfigPatch, pre stgypub.Precondition) (*stgypub.PubConfig, error)
	PreviewMarkdown(viewer *stgypub.User, content string, vertical bool) (*stgypub.MarkdownPreview, error)
}

// AuthService logs owners in and out and manages their API tokens
// (auth.Service implements it).
type AuthService interface {
	Login(ctx context.Context, loginName, password string) (*auth.Session, error)
	Logout(ctx context.Context, token string) error
	SessionCookie(sess *auth.Session) *http.Cookie
	ClearCookie() *http.Cookie
	CreateAPIToken(ctx context.Context, userID stgypub.ID, name string) (stgypub.ID, string, error)
	DeleteAPIToken(ctx context.Context, userID, tokenID stgypub.ID) error
}

var (
	_ OwnerService = (*owner.Service)(nil)
	_ AuthService  = (*auth.Service)(nil)
)
