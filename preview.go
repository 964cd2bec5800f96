package stgypub

// MarkdownPreview is a Markdown body rendered by the server's own renderer
// (the markdown package), as the article page would show it, without
// storing anything (GraphQL previewMarkdown; docs/API.md).
type MarkdownPreview struct {
	// HTML is the sanitized article HTML.
	HTML string
	// Title is the title the post will get: its first heading, else its
	// first line, at most 200 code points; "" for an empty body.
	Title string
	// Description is the first paragraph as plain text, at most 300
	// code points.
	Description string
	// FeaturedImage is the featured image the post will get
	// (docs/SPEC.md#featured-image): an absolute URL, "" if none.
	FeaturedImage string
}
