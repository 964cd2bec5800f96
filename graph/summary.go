package graph

import "github.com/stgy/stgypub"

// texts returns p's summary and digest, decoded once per snippet version
// (stgypub.TextsOf; issue 18.2: never re-parsed from the snippet JSON per
// request).
func (r *Resolver) texts(p *stgypub.Post) *stgypub.SnippetTexts {
	return stgypub.TextsOf(p.Snippet)
}

// untitled reports whether p has no title of its own: its display title
// is then its date in the owner's time zone (displayTitle), which loads
// the owner's settings.
func untitled(p *stgypub.Post) bool {
	return stgypub.TextsOf(p.Snippet).Summary.Title == ""
}
