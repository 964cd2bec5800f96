package api

import (
	"context"
	"time"

	"github.com/99designs/gqlgen/graphql"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/graph"
	"github.com/stgy/stgypub/graph/model"
)

// volatileFields show figures that change without any write (view
// counts, rankings, Popular entries): a cached response holding one
// lives at most Config.ViewCountTTL, the pages' display latency.
var volatileFields = map[string]bool{
	"Post.viewCount":    true,
	"Site.popular":      true,
	"Query.pubRanking":  true,
	"Query.siteRanking": true,
	"Query.pubStats":    true,
}

// crossSiteFields depend on every site: any announcement drops a
// response holding one.
var crossSiteFields = map[string]bool{
	"Query.sites":       true,
	"Query.siteRanking": true,
}

// recordReads notes in reads what the field just resolved shows: the
// owners of the posts, sites, configurations, users and comment pages it
// returned (and the userId argument of a root field), that it depends on
// every site (crossSiteFields, or a root object that is missing: a
// publication could make it appear), and until when its figures hold
// (volatileFields).
func recordReads(ctx context.Context, reads *graph.Reads, fc *graphql.FieldContext, res any, ttl time.Duration, now func() time.Time) {
	name := fc.Object + "." + fc.Field.Name
	root := fc.Object == "Query"
	if crossSiteFields[name] {
		reads.CrossSite()
	}
	if volatileFields[name] {
		reads.Until(now().Add(ttl))
	}
	if root {
		if u, ok := fc.Args["userId"].(stgypub.ID); ok {
			reads.Owner(u)
		}
	}
	missing := recordResult(reads, res)
	if root && missing {
		reads.CrossSite()
	}
}

// recordResult records the owners of res; missing reports a nil object
// (or a nil element of a list).
func recordResult(reads *graph.Reads, res any) (missing bool) {
	switch v := res.(type) {
	case nil:
		return true
	case *stgypub.Post:
		if v == nil {
			return true
		}
		reads.Owner(v.OwnedBy)
	case []*stgypub.Post:
		for _, p := range v {
			if p == nil {
				missing = true
				continue
			}
			reads.Owner(p.OwnedBy)
		}
	case *model.Site:
		if v == nil {
			return true
		}
		reads.Owner(v.ID)
	case []*model.Site:
		for _, s := range v {
			if s != nil {
				reads.Owner(s.ID)
			}
		}
	case *stgypub.PubConfig:
		if v == nil {
			return true
		}
		reads.Owner(v.UserID)
	case *stgypub.User:
		if v == nil {
			return true
		}
		reads.Owner(v.ID)
	case *comment.Page:
		if v == nil {
			return true
		}
		reads.Owner(v.Owner)
	case []*model.SiteRankingEntry:
		for _, e := range v {
			if e != nil && e.Post != nil {
				reads.Owner(e.Post.OwnedBy)
			}
		}
	}
	return missing
}
