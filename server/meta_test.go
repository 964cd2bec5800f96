package server_test

import (
	"encoding/json"
	"html"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

var ldRE = regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`)

func TestMetadataEscaping(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "mallory", "Mal\u2028lory")
	const hostile = `</script><script>alert("x")</script> & 'q' <b>`
	ext, err := stgypub.ParseExtensions(`{"analytics":{"googleAnalytics":{"measurementId":"G-1</script><script>alert(1)//\u2028x"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	cfg := stgypub.DefaultPubConfig(u)
	cfg.SiteName = hostile[:40]
	cfg.Subtitle = "sub </script> \u2029"
	cfg.Extensions = ext
	e.config(cfg)
	// Backslash escapes keep < and > as text in the Markdown title.
	p := e.post(0x2000000000000001, u, "# Tom \\<b\\> & \"Jerry\" \\</script\\> \u2028x\n\nDesc with </script> and \u2028 line sep.", "en", at(-time.Hour))

	for _, path := range []string{"/pub/" + p.String(), "/sites/" + u.String()} {
		t.Run(path, func(t *testing.T) {
			rec := e.get(path)
			if rec.Code != 200 {
				t.Fatalf("status = %d", rec.Code)
			}
			body := rec.Body.String()
			if strings.Contains(body, `<script>alert`) {
				t.Fatal("hostile text reached the page unescaped")
			}
			if n := strings.Count(body, "</script>"); n != strings.Count(body, "<script") {
				t.Errorf("%d </script> for %d <script: a value closed a script", n, strings.Count(body, "<script"))
			}
			if strings.ContainsAny(body, "\u2028\u2029") {
				// allowed in HTML text but never inside a script
				for _, m := range regexp.MustCompile(`(?s)<script[^>]*>(.*?)</script>`).FindAllStringSubmatch(body, -1) {
					if strings.ContainsAny(m[1], "\u2028\u2029") {
						t.Errorf("raw U+2028/9 inside a script: %q", m[1])
					}
				}
			}
			m := ldRE.FindStringSubmatch(body)
			if m == nil {
				t.Fatal("no JSON-LD")
			}
			var ld map[string]any
			if err := json.Unmarshal([]byte(m[1]), &ld); err != nil {
				t.Fatalf("JSON-LD does not parse: %v\n%s", err, m[1])
			}
			name := ld["headline"]
			if ld["@type"] == "Blog" {
				name = ld["name"]
			}
			if s, _ := name.(string); !strings.Contains(s, "</script>") {
				t.Errorf("JSON-LD lost the original text: %v", name)
			}
			if !strings.Contains(m[1], `\u003c/script\u003e`) {
				t.Error("JSON-LD does not escape < and >")
			}
			if !strings.Contains(body, `data-measurement-id="G-1&lt;/script&gt;&lt;script&gt;alert(1)//`+"\u2028"+`x"`) ||
				strings.Contains(body, "<script>alert(1)") {
				t.Errorf("GA id not escaped in ga.js's attribute:\n%s", body)
			}
		})
	}
}

func TestCanonicalIgnoresHost(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	p := e.post(0x2000000000000001, u, "# Hi\n\n![A pic: why?](https://cdn.example.org/a.png)\n\ntext", "ja", at(-time.Hour))
	tests := []struct {
		name, path, canonical string
	}{
		{"pub", "/pub/" + p.String() + "?design=dark&utm=1", baseURL + "/pub/" + p.String()},
		// A list page is its own canonical page: its content parameters
		// stay, presentation (design) goes (issue 9 #10).
		{"site", "/sites/" + u.String() + "?view=plain&order=oldest&design=vertical", baseURL + "/sites/" + u.String() + "?order=oldest&amp;view=plain"},
		{"site page 1", "/sites/" + u.String() + "?design=dark&page=1", baseURL + "/sites/" + u.String()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := e.get(tt.path, "Host", "evil.example", "X-Forwarded-Host", "evil.example")
			body := rec.Body.String()
			if strings.Contains(body, "evil.example") {
				t.Error("the Host header leaked into the page")
			}
			if !strings.Contains(body, `<link rel="canonical" href="`+tt.canonical+`">`) {
				t.Errorf("canonical is not %s", tt.canonical)
			}
			if !strings.Contains(body, `<meta property="og:url" content="`+tt.canonical+`">`) {
				t.Errorf("og:url is not %s", tt.canonical)
			}
		})
	}
	t.Run("article metadata", func(t *testing.T) {
		body := e.get("/pub/"+p.String(), "Host", "evil.example").Body.String()
		for _, want := range []string{
			`<html lang="ja">`,
			`<meta property="og:locale" content="ja_JP">`,
			`<meta property="og:type" content="article">`,
			`<meta property="og:image" content="https://cdn.example.org/a.png">`,
			`<meta property="og:image:alt" content="A pic: why?">`,
			`<meta name="twitter:image:alt" content="A pic: why?">`,
			`"image":"https://cdn.example.org/a.png"`,
			`<meta name="twitter:card" content="summary_large_image">`,
			// A Japanese page of a site without a time zone: Tokyo time
			// (11:00 UTC), with the offset (issue 9 #9).
			`<meta property="article:published_time" content="2026-03-01T20:00:00&#43;09:00">`, // html/template writes + as &#43;
			`"datePublished":"2026-03-01T20:00:00+09:00"`,
			`"publisher":{"@type":"Organization","name":"Alice"`,
			`<meta name="DC.title" content="Hi">`,
			`<meta name="DC.date" content="2026-03-01">`,
			`<meta name="author" content="Alice">`,
			`"@type":"BlogPosting"`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("page lacks %s", want)
			}
		}
	})
}

// TestUnvouchedImages (issue 9 #5): a relative, SVG or this-server first
// image is not advertised as og:image, twitter:image or JSON-LD image (it
// would 404 or not show); the site image stands in (issue 21 #4).
func TestUnvouchedImages(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	for i, md := range []string{
		"# A\n\n![chart](survey2025/where.svg)",
		"# B\n\n![chart](/pub/survey2025/where.png)",
		"# C\n\n![chart](https://go.dev/blog/survey2025/where.svg)",
		"# D\n\n<img src=\"../x.png\" alt=\"x\">",
		"# E\n\n![chart](" + baseURL + "/pub/survey2025/where.png)",
		"# F\n\n![chart](//pub.example.test/where.png)",
	} {
		p := e.post(stgypub.ID(0x2000000000000001+i), u, md, "en", at(-time.Hour))
		body := e.get("/pub/" + p.String()).Body.String()
		for _, bad := range []string{`where.svg`, `where.png"`, `x.png`} {
			if strings.Contains(body, `content="`+bad) || strings.Contains(body, `"image":"`+bad) {
				t.Errorf("%q: page advertises %s", md, bad)
			}
		}
		// issue 21 #4: the site's generated card stands in.
		card := baseURL + "/sites/" + u.String() + "/card.png?v="
		for _, want := range []string{`<meta property="og:image" content="` + card, `<meta name="twitter:image" content="` + card, `"image":"` + card} {
			if !strings.Contains(body, want) {
				t.Errorf("%q: page lacks %s", md, want)
			}
		}
	}
}

func TestAnalytics(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	p := e.post(0x2000000000000001, u, "# Hi", "en", at(-time.Hour))
	other := e.user(0x1000000000000002, "bob", "Bob")
	q := e.post(0x2000000000000002, other, "# Bob", "en", at(-time.Hour))
	ext, _ := stgypub.ParseExtensions(`{"analytics":{"googleAnalytics":{"measurementId":"G-ABC123"}}}`)
	cfg := stgypub.DefaultPubConfig(u)
	cfg.Extensions = ext
	e.config(cfg)
	tests := []struct {
		name    string
		path    string
		want    []string
		without bool
	}{
		{"post", "/pub/" + p.String(), []string{
			`"content_group":"stgy-user-1000000000000001","content_id":"2000000000000001","content_type":"post"`,
			`"page_location":"` + baseURL + `/pub/2000000000000001"`,
		}, false},
		{"site", "/sites/" + u.String() + "?view=plain", []string{
			`"content_group":"stgy-user-1000000000000001","content_id":"1000000000000001","content_type":"site"`,
			`"page_location":"` + baseURL + `/sites/1000000000000001?view=plain"`,
		}, false},
		{"no id post", "/pub/" + q.String(), nil, true},
		{"no id site", "/sites/" + other.String(), nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := e.get(tt.path).Body.String()
			if tt.without {
				if strings.Contains(body, "gtag") || strings.Contains(body, "googletagmanager") {
					t.Error("GA script present without a Measurement ID")
				}
				return
			}
			// One ga.js tag carries the ID and the page_view parameters
			// (no inline script: CSP-clean).
			tags := regexp.MustCompile(`<script src="/ui/[^"/]+/ga\.js" data-measurement-id="G-ABC123" data-event="([^"]*)"></script>`).FindAllStringSubmatch(body, -1)
			if len(tags) != 1 {
				t.Fatalf("want exactly one ga.js tag, got %d", len(tags))
			}
			if !strings.Contains(body, `<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123"></script>`) {
				t.Error("gtag.js not loaded")
			}
			event := html.UnescapeString(tags[0][1])
			for _, w := range tt.want {
				if !strings.Contains(event, w) {
					t.Errorf("page_view parameters %s lack %s", event, w)
				}
			}
			if strings.Contains(body, "<script>") {
				t.Error("inline script on the page")
			}
		})
	}
}
