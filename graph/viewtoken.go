package graph

import (
	"context"
	"errors"
	"net/netip"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/graph/model"
	"github.com/stgy/stgypub/visitor"
)

// ViewRequest is what view tokens need of the HTTP request
// (docs/SPEC.md#view-tokens): the client's address (visitor.ClientIP) and
// whether the request may count as a page view at all (not a bot, tool
// or browser prefetch: visitor.IsBot, visitor.IsSpeculative). The HTTP
// layer puts it in the context (WithViewRequest).
type ViewRequest struct {
	IP        netip.Addr
	Countable bool
}

type viewRequestKey struct{}

// WithViewRequest returns ctx carrying v.
func WithViewRequest(ctx context.Context, v ViewRequest) context.Context {
	return context.WithValue(ctx, viewRequestKey{}, v)
}

func viewRequest(ctx context.Context) ViewRequest {
	v, _ := ctx.Value(viewRequestKey{}).(ViewRequest)
	return v
}

// viewToken is Post.viewToken: a token for this post and this request's
// client, valid visitor.ViewTokenTTL; nil without a view secret or a
// client address.
func (r *Resolver) viewToken(ctx context.Context, p *stgypub.Post) *string {
	v := viewRequest(ctx)
	if len(r.ViewSecret) == 0 || !v.IP.IsValid() {
		return nil
	}
	t := visitor.ViewToken(r.ViewSecret, p.ID, visitor.Fingerprint(r.ViewSecret, v.IP), r.Now().Add(visitor.ViewTokenTTL))
	return &t
}

// recordViewToken is recordPubViewToken: the token must be this client's
// (its fingerprint recomputed from this request's address) and not
// expired (FORBIDDEN otherwise), its post still published (NOT_FOUND).
// A request that may not count (a bot, a prefetch) counts nothing and
// gets today's figure.
func (r *Resolver) recordViewToken(ctx context.Context, token string) (*model.RecordViewResult, error) {
	v := viewRequest(ctx)
	if len(r.ViewSecret) == 0 || !v.IP.IsValid() {
		return nil, stgypub.Errorf(stgypub.CodeForbidden, "this server counts no views from view tokens")
	}
	fp := visitor.Fingerprint(r.ViewSecret, v.IP)
	postID, err := visitor.CheckViewToken(r.ViewSecret, token, fp, r.Now())
	if err != nil {
		return nil, err
	}
	p, err := r.Posts.PublishedPost(ctx, postID)
	if err != nil {
		return nil, err
	}
	if !v.Countable {
		n, err := r.Counter.TodayCount(ctx, p.OwnedBy, p.ID)
		return &model.RecordViewResult{Pv: int(n)}, err
	}
	return r.count(ctx, p, fp)
}

// count records one view of the published post p by fingerprint fp and
// returns whether it counted and the post's PV of today, also for a
// duplicate (recordPubView, recordPubViewToken).
func (r *Resolver) count(ctx context.Context, p *stgypub.Post, fp [4]byte) (*model.RecordViewResult, error) {
	v := stgypub.View{PostID: p.ID, OwnerID: p.OwnedBy, Fingerprint: fp}
	if p.PublishedAt != nil {
		v.PublishedAt = *p.PublishedAt
	}
	pv, err := r.Counter.RecordView(ctx, v)
	if errors.Is(err, stgypub.ErrViewPending) {
		// Queued, not lost: answer at once with the count known so far.
		today, _ := r.Counter.TodayCount(ctx, p.OwnedBy, p.ID)
		return &model.RecordViewResult{Pending: true, Pv: int(today)}, nil
	}
	if err != nil {
		return nil, err
	}
	if pv > 0 {
		return &model.RecordViewResult{Recorded: true, Pv: int(pv)}, nil
	}
	today, err := r.Counter.TodayCount(ctx, p.OwnedBy, p.ID)
	if err != nil {
		return nil, err
	}
	return &model.RecordViewResult{Recorded: false, Pv: int(today)}, nil
}
