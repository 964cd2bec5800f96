package model

import "github.com/stgy/stgypub"

// SiteRankingEntry is one row of siteRanking (schema.graphqls type
// SiteRankingEntry): a published post and its page views over the
// window; url, author, siteName, siteUrl and site are resolved from the
// post's owner through the request's dataloaders.
type SiteRankingEntry struct {
	Rank  int // from 1
	Views int64
	Post  *stgypub.Post
}
