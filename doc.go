// Package stgypub holds STGY Pub's domain: the types shared by every
// adapter (users, posts, public-site settings and their extensions, page-view
// rankings and Stats), the store and counter interfaces the adapters
// implement, and the one error type whose codes reach API clients.
//
// It imports only the standard library. Adapters live in sub-packages named
// after what they adapt (store for PostgreSQL, counter for Redis, graph for
// GraphQL, server for HTTP); only cmd/stgy-pub wires them together.
package stgypub
