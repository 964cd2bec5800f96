package templates

import (
	"bytes"
	"html/template"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

// TestCardMatchesList checks that a pre-rendered entry (Card.Rendered)
// gives the same page bytes as the list rendering its fields, in every
// list, and that its fields are escaped.
func TestCardMatchesList(t *testing.T) {
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	cards := []Card{
		{URL: "/pub/19FD706DCB600000", Title: `Tom & "Jerry" <b>`, Description: "a < b", Author: "O'Neil",
			Date: "2026-03-01", DateISO: "2026-03-01T12:00:00Z", HTML: template.HTML("<p>snippet</p>")},
		{URL: "/pub/19FD706DCB600001", Date: "2026-03-02", DateISO: "2026-03-02T12:00:00Z"},
	}
	tests := []struct {
		name string
		kind CardKind
		page func(cards []Card) (string, error)
	}{
		{"rich", RichCard, func(cs []Card) (string, error) { return renderSite(r, &SitePage{View: "rich", Cards: cs}) }},
		{"plain", PlainCard, func(cs []Card) (string, error) { return renderSite(r, &SitePage{View: "plain", Cards: cs}) }},
		{"side", SideCard, func(cs []Card) (string, error) {
			var buf bytes.Buffer
			err := r.Pub(&buf, &PubPage{Page: Page{Theme: stgypub.DefaultTheme}, Sidebar: Sidebar{ShowRecent: true, Recent: cs}})
			return buf.String(), err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, err := tt.page(cards)
			if err != nil {
				t.Fatal(err)
			}
			pre := make([]Card, len(cards))
			for i, c := range cards {
				if pre[i].Rendered, err = r.Card(tt.kind, "", c); err != nil {
					t.Fatal(err)
				}
				pre[i].Title = "fields must not be used"
			}
			got, err := tt.page(pre)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("pre-rendered page differs:\n%s\nwant:\n%s", got, want)
			}
			if strings.Contains(got, "<b>") || strings.Contains(got, "fields must not") {
				t.Errorf("unescaped or ignored Rendered:\n%s", got)
			}
		})
	}
	t.Run("unknown kind", func(t *testing.T) {
		if _, err := r.Card("table-card", "", cards[0]); err == nil {
			t.Error("no error for an unknown kind")
		}
	})
}

func renderSite(r *Renderer, p *SitePage) (string, error) {
	p.Theme = stgypub.DefaultTheme
	var buf bytes.Buffer
	err := r.Site(&buf, p)
	return buf.String(), err
}
