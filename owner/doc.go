// Package owner is the owner-side service layer: it checks who may change
// a post or a public site's settings (the owner or an administrator),
// validates input, derives a post's snippet and plain text from its
// Markdown on every write (seed 001 "Canonical Publication State": edits
// show on the public page at once, no snapshot) and merges partial
// settings updates (seed 001 "Public Site Settings").
package owner
