// Package api serves STGY Pub's GraphQL endpoint, POST /graphql
// (ARCHITECTURE.md "GraphQL surface" and "Security model"): POST with
// Content-Type application/json only (no GET, form, multipart or batch),
// a body size limit, Origin checks for cookie-authenticated requests,
// depth/alias/complexity limits, switchable introspection, error codes in
// extensions.code with internal errors and panics hidden, and per-IP rate
// limits for login and write mutations kept in Redis.
package api
