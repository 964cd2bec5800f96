package server

import "html/template"

// trustedHTML marks markdown-package output (sanitized with bluemonday)
// as safe for templates. Nothing else may pass through here.
func trustedHTML(s string) template.HTML { return template.HTML(s) } //nolint:gosec // sanitized upstream
