// Package api serves STGY Pub's GraphQL endpoint, POST /graphql
// (docs/ARCHITECTURE.md "GraphQL" and "Security model"): POST with
// Content-Type application/json only (no GET, form, multipart or batch),
// strict body decoding (valid UTF-8, no lone surrogate escapes, one JSON
// object), body and query size limits, token and field-selection limits
// checked before gqlgen parses and validates, Origin checks for requests not
// authenticated by a bearer token, depth/alias/complexity limits, switchable
// introspection, error codes in extensions.code with internal errors and
// panics hidden, at most 20 errors per response, and per-IP rate limits for
// login and write mutations kept in Redis.
package api
