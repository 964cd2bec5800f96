package server

import (
	"html/template"
	"strings"
)

// collapseSpace turns every run of white space into one space and trims.
func collapseSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// trustedHTML marks markdown-package output (sanitized with bluemonday)
// as safe for templates. Nothing else may pass through here.
func trustedHTML(s string) template.HTML { return template.HTML(s) } //nolint:gosec // sanitized upstream
