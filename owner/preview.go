package owner

import (
	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/markdown"
)

// PreviewMarkdown renders content as a post body with the same renderer
// and options as the article page (vertical for the vertical themes,
// which turn ASCII into full width), for the editor's live preview.
// Nothing is stored. Errors: UNAUTHENTICATED for an anonymous viewer;
// BAD_USER_INPUT for content over ContentMaxChars, invalid UTF-8 or NUL.
func (s *Service) PreviewMarkdown(viewer *stgypub.User, content string, vertical bool) (*stgypub.MarkdownPreview, error) {
	if err := stgypub.RequireLogin(viewer); err != nil {
		return nil, err
	}
	if err := stgypub.CheckText("content", content, ContentMaxChars); err != nil {
		return nil, err
	}
	doc := markdown.Convert(content, markdown.Options{Vertical: vertical})
	return &stgypub.MarkdownPreview{HTML: doc.HTML, Title: doc.Title, Description: doc.Description, FeaturedImage: doc.FeaturedImage}, nil
}
