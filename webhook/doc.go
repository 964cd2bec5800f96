// Package webhook delivers the owners' webhooks (docs/WEBHOOKS.md): the
// SSRF-safe HTTP client (guard.go, client.go), the signature (sign.go),
// the event body (body.go), the worker draining the PostgreSQL queue with
// exponential backoff and polling for scheduled posts falling due
// (worker.go), and the owners' operations behind the GraphQL API
// (service.go).
package webhook
