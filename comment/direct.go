package comment

import "context"

type directKey struct{}

// WithoutPublicCache returns ctx under which List reads readers' comment
// pages from PostgreSQL, not from the public Redis cache: for a caller
// that caches the result itself and is invalidated by the site-change
// announcement (the API's response cache), which a comment write sends
// before it drops the public cache, so a build in between must not read
// the public cache (as PublishedCount does not, for the pages).
func WithoutPublicCache(ctx context.Context) context.Context {
	return context.WithValue(ctx, directKey{}, true)
}

func direct(ctx context.Context) bool {
	v, _ := ctx.Value(directKey{}).(bool)
	return v
}
