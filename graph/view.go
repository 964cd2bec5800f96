package graph

import (
	"context"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/graph/model"
	"github.com/stgy/stgypub/visitor"
)

// recordView is recordPubView for external SSR frontends
// (docs/SPEC.md#page-views, docs/SPEC.md#fingerprints): the fingerprint must
// be 8 hex digits (BAD_USER_INPUT) and the signature visitor.Sign(secret,
// postID, fp) (FORBIDDEN otherwise, checked in constant time before any
// lookup); the post must be published (NOT_FOUND). Nothing is counted on any
// error.
func (r *Resolver) recordView(ctx context.Context, postID stgypub.ID, fingerprint, signature string) (*model.RecordViewResult, error) {
	fp, err := visitor.ParseFingerprint(fingerprint)
	if err != nil {
		return nil, err
	}
	if len(r.ViewSecret) == 0 || !visitor.VerifySignature(r.ViewSecret, postID, fp, signature) {
		return nil, stgypub.Errorf(stgypub.CodeForbidden, "invalid view signature")
	}
	p, err := r.Posts.PublishedPost(ctx, postID)
	if err != nil {
		return nil, err
	}
	return r.count(ctx, p, fp)
}
