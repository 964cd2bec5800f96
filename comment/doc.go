// Package comment implements external comments on published posts
// (docs/SPEC.md "Comments"): nickname and body normalization, the comment
// service that applies the root package's rules (modes, permissions, the
// per-post cap, CAPTCHA passes, notifications, export and import) and the
// public comment cache in Redis.
package comment
