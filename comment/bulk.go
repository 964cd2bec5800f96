package comment

import (
	"context"

	"github.com/stgy/stgypub"
)

// BulkMax is the most comments one bulk moderation takes.
const BulkMax = 100

// BulkRef is one comment of a bulk moderation with its precondition.
type BulkRef struct {
	ID  stgypub.ID
	Pre stgypub.Precondition
}

// BulkResult is what became of one BulkRef: Err nil when done (Item is the
// approved comment for ApproveMany), else the refusal (CONFLICT with the
// current version, NOT_FOUND, FORBIDDEN, ...).
type BulkResult struct {
	ID   stgypub.ID
	Item *Item
	Err  error
}

// ApproveMany approves each ref as ApproveIf, in order, each on its own:
// one refused item does not stop the others. More than BulkMax refs is
// BAD_USER_INPUT and nothing is done; so is an anonymous viewer
// (UNAUTHENTICATED) before any item.
func (s *Service) ApproveMany(ctx context.Context, viewer *stgypub.User, refs []BulkRef) ([]BulkResult, error) {
	return s.bulk(viewer, refs, func(r BulkRef) BulkResult {
		it, err := s.ApproveIf(ctx, viewer, r.ID, r.Pre)
		return BulkResult{ID: r.ID, Item: it, Err: err}
	})
}

// DeleteMany deletes each ref as DeleteIf, in order, each on its own (see
// ApproveMany).
func (s *Service) DeleteMany(ctx context.Context, viewer *stgypub.User, refs []BulkRef) ([]BulkResult, error) {
	return s.bulk(viewer, refs, func(r BulkRef) BulkResult {
		return BulkResult{ID: r.ID, Err: s.DeleteIf(ctx, viewer, r.ID, r.Pre)}
	})
}

func (s *Service) bulk(viewer *stgypub.User, refs []BulkRef, one func(BulkRef) BulkResult) ([]BulkResult, error) {
	if err := stgypub.RequireLogin(viewer); err != nil {
		return nil, err
	}
	if len(refs) > BulkMax {
		return nil, stgypub.FieldErrorf("items", "items: at most %d comments at once", BulkMax)
	}
	out := make([]BulkResult, len(refs))
	for i, r := range refs {
		out[i] = one(r)
	}
	return out, nil
}
