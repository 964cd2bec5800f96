package model

import "github.com/stgy/stgypub"

// PostConnection is one page of a site's published posts as a Relay
// connection (schema.graphqls type PostConnection). Edges, totalCount and
// items are resolved lazily from Nodes and UserID, so a page that does not
// ask for the total costs no count, and one that asks no edges builds no
// cursor but its first and last (PageInfo).
type PostConnection struct {
	Nodes    []*stgypub.Post
	PageInfo *PageInfo
	// UserID is the site's owner, for totalCount.
	UserID stgypub.ID
	// Tag is the tag key the list is filtered by ("" none), for totalCount.
	Tag string
}
