package owner

import (
	"time"

	"github.com/stgy/stgypub"
)

// Service applies owner actions through the stores. It is safe for
// concurrent use.
type Service struct {
	posts    stgypub.PostStore
	accounts stgypub.AccountStore
	configs  stgypub.PubUserStore
	now      func() time.Time
}

// New returns a Service; *store.Store implements all three stores. now is
// the clock deciding publication states (nil means time.Now).
func New(posts stgypub.PostStore, accounts stgypub.AccountStore, configs stgypub.PubUserStore, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{posts: posts, accounts: accounts, configs: configs, now: now}
}

// Now is the service's clock.
func (s *Service) Now() time.Time { return s.now() }
