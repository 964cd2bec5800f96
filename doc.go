// Package stgypub holds STGY Pub's domain: the types shared by every
// adapter (users, posts, public-site settings and their extensions, page-view
// rankings and Stats), the store and counter interfaces the adapters
// implement, and the one error type whose codes reach API clients.
//
// Each domain rule is written once here and called from the page and the
// API alike: Popular entries (PopularEntries), who may act for a user
// (RequireSelfOrAdmin), what a post shows without its body (Summary,
// SnippetDigest), text limits (Truncate). It imports the standard library
// and text libraries (golang.org/x/text, rivo/uniseg), never an adapter.
// Adapters live in sub-packages named after what they adapt (store for
// PostgreSQL, counter for Redis, graph for GraphQL, server for HTTP); only
// cmd/stgy-pub wires them together. Files go by entity, each holding its
// type, its rules and its store interface (post.go, user.go, settings.go,
// comment.go, views.go), beside the shared text rules (text.go,
// usertext.go). See docs/ARCHITECTURE.md.
package stgypub
