package stgypub

// The shape of search results (docs/SPEC.md#search), the same on the
// /sites/{userId}?q= page and in the GraphQL site.search field: each hit
// shows up to KWICFragments keyword-in-context fragments, each with up to
// KWICRadius code points of context on either side of the match.
const (
	KWICRadius    = 40
	KWICFragments = 3
)
