package model

import "github.com/stgy/stgypub"

// PostConnection is one page of a site's published posts as a Relay
// connection (schema.graphqls type PostConnection). Nodes and Edges hold
// the same posts; totalCount and items are resolved lazily from UserID and
// Nodes, so a page that does not ask for the total costs no count.
type PostConnection struct {
	Nodes    []*stgypub.Post
	Edges    []*PostEdge
	PageInfo *PageInfo
	// UserID is the site's owner, for totalCount.
	UserID stgypub.ID
	// Tag is the tag key the list is filtered by ("" none), for totalCount.
	Tag string
}
