// Package markdown turns a post's Markdown body into everything the public
// pages need: sanitized article HTML, the title, description and featured
// image used for page metadata, the compact JSON snippet stored with each
// post, the 150-character digest kept by the access counter, plain text for
// search and KWIC fragments.
//
// It implements docs/SPEC.md#markdown and the writer of docs/SPEC.md#snippet
// (Rich, Plain and KWIC views, vertical-writing themes); the snippet's
// summary and digest rules are the root package's (docs/SPEC.md#snippet-summary).
//
// Conversion pipeline (see [Convert]). The input is plain CommonMark +
// GFM: the macros of imported sources (MDN's {{HTTPHeader("ETag")}}, the
// Go website's {{raw "<"}}) were expanded by the importer when the post
// was stored, so "{{...}}" here is text.
//
//  1. goldmark parses the body with GFM, footnotes and auto heading ids
//     (engine.go); AST transformers turn "> [!NOTE]" quotes into callouts
//     (callout.go) and MDN's "- term / - : description" lists into <dl>
//     (deflist.go);
//  2. the HTML renderer writes the article (for vertical writing, text nodes
//     are converted to full-width forms: vertical.go); raw HTML reaches the
//     output as markup only for the elements the policy allows, other tags
//     are written as text or dropped, so an unclosed "<title>" or
//     "<textarea>" cannot swallow the rest of the article
//     (rawhtml_filter.go);
//  3. a single bluemonday policy sanitizes everything (policy.go, one
//     allow-list table for both), then links get rel="nofollow noopener"
//     and tags are balanced (finish.go);
//  4. blocks of plain text are collected from the same AST for the title,
//     description, featured image and JSON snippet (blocks.go, snippet.go).
//
// SourceRegions, RegionAt, FindLinkSites and LinkDestinations expose the
// parser's view of a source to the importer's rewriters (regions.go).
//
// Every function is safe for concurrent use; the goldmark instances and the
// sanitizer policy are built once per process.
package markdown
