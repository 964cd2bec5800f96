package markdown

import (
	"testing"
	"time"
)

func TestSplitFrontMatter(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		want     FrontMatter
		wantBody string
	}{
		{
			name: "go blog",
			src:  "---\ntitle: JSON and Go\ndate: 2011-01-25\nby:\n- Andrew Gerrand\ntags:\n- json\nsummary: How to generate and consume JSON-formatted data in Go.\n---\n\n## Introduction\n",
			want: FrontMatter{
				Title:   "JSON and Go",
				Date:    time.Date(2011, 1, 25, 0, 0, 0, 0, time.UTC),
				Summary: "How to generate and consume JSON-formatted data in Go.",
			},
			wantBody: "\n## Introduction\n",
		},
		{
			name:     "mdn",
			src:      "---\ntitle: ETag\nslug: Web/HTTP/Headers/ETag\nl10n:\n  sourceCommit: 0123abcd\n---\n\n{{HTTPSidebar}}\n",
			want:     FrontMatter{Title: "ETag", Slug: "Web/HTTP/Headers/ETag"},
			wantBody: "\n{{HTTPSidebar}}\n",
		},
		{
			name:     "source and base URL",
			src:      "---\ntitle: T\nsource: goblog\nbase_url: https://go.dev/blog/\n---\nx",
			want:     FrontMatter{Title: "T", Source: "goblog", BaseURL: "https://go.dev/blog/"},
			wantBody: "x",
		},
		{
			name:     "crlf and locale",
			src:      "---\r\ntitle: \"Hello: world\"\r\nlocale: ja\r\ndate: 2024-05-06T07:08:09+09:00\r\n---\r\nbody\r\n",
			want:     FrontMatter{Title: "Hello: world", Locale: "ja", Date: time.Date(2024, 5, 6, 7, 8, 9, 0, time.FixedZone("", 9*3600))},
			wantBody: "body\r\n",
		},
		{
			name:     "lang key and datetime with space",
			src:      "---\nlang: en-US\ndate: 2024-05-06 07:08\n---\nx",
			want:     FrontMatter{Locale: "en-US", Date: time.Date(2024, 5, 6, 7, 8, 0, 0, time.UTC)},
			wantBody: "x",
		},
		{
			name:     "unpadded month",
			src:      "---\ndate: 2024-4-09\n---\nx",
			want:     FrontMatter{Date: time.Date(2024, 4, 9, 0, 0, 0, 0, time.UTC)},
			wantBody: "x",
		},
		{
			name:     "byte order mark",
			src:      "\uFEFF---\ntitle: T\n---\nx",
			want:     FrontMatter{Title: "T"},
			wantBody: "x",
		},
		{
			name:     "closing line without newline",
			src:      "---\ntitle: T\n---",
			want:     FrontMatter{Title: "T"},
			wantBody: "",
		},
		{
			name:     "unparseable date",
			src:      "---\ntitle: T\ndate: sometime\n---\nx",
			want:     FrontMatter{Title: "T"},
			wantBody: "x",
		},
		{
			name:     "toml (Hugo)",
			src:      "+++\ntitle = \"The Laws of Reflection\"\ndate = 2011-09-06\nlocale = \"en\"\ndescription = \"\"\"\nHow reflection\nworks.\"\"\"\n+++\n\n## Introduction\n",
			want:     FrontMatter{Title: "The Laws of Reflection", Locale: "en", Summary: "How reflection works.", Date: time.Date(2011, 9, 6, 0, 0, 0, 0, time.UTC)},
			wantBody: "\n## Introduction\n",
		},
		{
			name:     "toml offset date-time and crlf",
			src:      "+++\r\ntitle = 'T: x'\r\ndate = 2024-05-06T07:08:09+09:00\r\n+++\r\nbody",
			want:     FrontMatter{Title: "T: x", Date: time.Date(2024, 5, 6, 7, 8, 9, 0, time.FixedZone("", 9*3600))},
			wantBody: "body",
		},
		{name: "malformed toml", src: "+++\ntitle = \n+++\nbody", wantBody: "+++\ntitle = \n+++\nbody"},
		{name: "toml closed by yaml dashes", src: "+++\ntitle = \"T\"\n---\nbody", wantBody: "+++\ntitle = \"T\"\n---\nbody"},
		{name: "no front matter", src: "# Title\n\ntext", wantBody: "# Title\n\ntext"},
		{name: "malformed yaml", src: "---\ntitle: [unclosed\n---\nbody", wantBody: "---\ntitle: [unclosed\n---\nbody"},
		{name: "not a mapping", src: "---\njust a sentence\n---\nbody", wantBody: "---\njust a sentence\n---\nbody"},
		{name: "unterminated", src: "---\ntitle: T\nbody text", wantBody: "---\ntitle: T\nbody text"},
		{name: "thematic break first", src: "---\n\nText\n", wantBody: "---\n\nText\n"},
		{name: "dashes not alone", src: "--- x\ntitle: T\n---\n", wantBody: "--- x\ntitle: T\n---\n"},
		{name: "empty", src: "", wantBody: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fm, body := SplitFrontMatter(tt.src)
			if fm.Title != tt.want.Title || fm.Locale != tt.want.Locale || fm.Summary != tt.want.Summary || !fm.Date.Equal(tt.want.Date) {
				t.Errorf("front matter = %+v, want %+v", fm, tt.want)
			}
			if body != tt.wantBody {
				t.Errorf("body = %q, want %q", body, tt.wantBody)
			}
		})
	}
}

func TestSplitFrontMatterCorpus(t *testing.T) {
	for _, f := range readCorpus(t) {
		t.Run(f.name, func(t *testing.T) {
			if f.fm.Title == "" && f.body != "" {
				t.Errorf("no title in front matter")
			}
			if f.locale == "en" && f.body != "" && f.fm.Date.IsZero() {
				t.Errorf("Go blog article without date")
			}
			if len(f.body) >= 4 && f.body[:4] == "---\n" {
				t.Errorf("front matter left in body: %.80q", f.body)
			}
		})
	}
}

func FuzzSplitFrontMatter(f *testing.F) {
	f.Add("---\ntitle: T\ndate: 2011-01-25\n---\nbody")
	f.Add("---\n: : :\n---\n")
	f.Add("---\n- [a\n---\n")
	f.Add("---\r\n&a *a\r\n---\r\n")
	f.Add("+++\ntitle = \"T\"\n[a.b]\nc = [1, 2]\n+++\nbody")
	f.Fuzz(func(t *testing.T, src string) {
		_, body := SplitFrontMatter(src)
		if len(body) > len(src) {
			t.Fatalf("body longer than source")
		}
	})
}
