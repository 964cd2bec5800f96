package markdown

// Options selects direction-dependent conversion.
//
// Vertical is set for the vertical-writing themes of the public site
// (docs/SPEC.md#public-pages: "vertical-writing themes pass the writing mode
// into Markdown conversion"). In vertical mode, prose text (never code, URLs,
// attribute values, raw HTML tags or the text of HTML blocks) has ASCII
// converted to full-width forms so it stands upright in a vertical line:
// U+0020 becomes U+3000 and U+0021..U+007E become U+FF01..U+FF5E. A tag in
// prose that is written as text (see rawhtml_filter.go) is prose.
type Options struct{ Vertical bool }
