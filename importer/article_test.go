package importer

import (
	"testing"
	"time"

	"github.com/stgy/stgypub/markdown"
)

func TestTitleWithMarkupStaysText(t *testing.T) {
	for _, title := range []string{"<time>", "<details>: 詳細折りたたみ要素", "*args* & [x](y) `c` \\"} {
		t.Run(title, func(t *testing.T) {
			a := parseArticle("x.md", "---\ntitle: '"+title+"'\n---\n\nBody text.\n", &Options{}, time.Now())
			doc := markdown.Convert(a.Content, markdown.Options{})
			if doc.Title != title {
				t.Errorf("derived title %q from content %q", doc.Title, a.Content)
			}
		})
	}
}
