// Package federation makes each site that turned federation on
// (extensions.federation.enabled) an ActivityPub actor
// (docs/FEDERATION.md): WebFinger and NodeInfo discovery, the actor
// document with its RSA key (generated once per site, the private key
// sealed with AES-256-GCM under the server's federation key), an inbox
// that verifies draft-cavage HTTP Signatures and handles Follow and Undo
// Follow, and a durable PostgreSQL queue of signed deliveries to remote
// inboxes. Remote servers are only reached through the SSRF-guarded
// client of package webhook. Routes are mounted by package server.
package federation
