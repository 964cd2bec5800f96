package store

// PubArticleQuery and PubSiteQuery expose the page statements to the
// EXPLAIN test of package store_test.
var (
	PubArticleQuery = pubArticleQuery
	PubSiteQuery    = pubSiteQueries
)
