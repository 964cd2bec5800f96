// Package owner is the owner-side service layer: it checks who may change a
// post or a public site's settings (the owner or an administrator), validates
// input, derives a post's snippet and plain text from its Markdown on every
// write (docs/SPEC.md#publication-state: edits show on the public page at
// once, no snapshot) and merges partial settings updates
// (docs/SPEC.md#pub-config).
package owner
