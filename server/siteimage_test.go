package server_test

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestSiteImage (issue 21 #4): a site's image is its extensions.siteImage,
// else a generated PNG card; it is og:image of the site page, the article
// fallback and the JSON-LD publisher logo; / has the service's card.
func TestSiteImage(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	ja := e.user(0x1000000000000002, "hanako", "花子")
	p := e.post(0x2000000000000001, u, "# No image\n\nText.", "en", at(-time.Hour))
	e.post(0x2000000000000002, ja, "# 日本語\n\n本文。", "ja", at(-time.Hour))

	site := e.get("/sites/" + u.String()).Body.String()
	card := baseURL + "/sites/" + u.String() + "/card.png?v="
	i := strings.Index(site, `<meta property="og:image" content="`+card)
	if i < 0 {
		t.Fatalf("site page has no generated og:image")
	}
	cardURL := site[i+len(`<meta property="og:image" content="`):]
	cardURL = cardURL[:strings.IndexByte(cardURL, '"')]
	rec := e.get(strings.TrimPrefix(cardURL, baseURL))
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" {
		t.Fatalf("card: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	img, err := png.Decode(bytes.NewReader(rec.Body.Bytes()))
	if err != nil || img.Bounds().Dx() != 1200 || img.Bounds().Dy() != 630 {
		t.Fatalf("card is not a 1200x630 PNG: %v", err)
	}
	if again := e.get(strings.TrimPrefix(cardURL, baseURL), "If-None-Match", rec.Header().Get("ETag")); again.Code != 304 {
		t.Errorf("conditional card request: %d", again.Code)
	}
	article := e.get("/pub/" + p.String()).Body.String()
	for _, want := range []string{`<meta property="og:image" content="` + card, `"logo":{"@type":"ImageObject","url":"` + card} {
		if !strings.Contains(article, want) {
			t.Errorf("article lacks %s", want)
		}
	}
	// A Japanese site name the Go fonts cannot draw: the card still
	// exists (drawn with the login name).
	jaSite := e.get("/sites/" + ja.String()).Body.String()
	if !strings.Contains(jaSite, `/sites/`+ja.String()+`/card.png?v=`) || e.get("/sites/"+ja.String()+"/card.png").Code != 200 {
		t.Error("Japanese site: no card")
	}
	home := e.get("/").Body.String()
	if !strings.Contains(home, `<meta property="og:image" content="`+baseURL+`/card.png?v=`) || e.get("/card.png").Code != 200 {
		t.Error("home page: no card")
	}
	if rec := e.get("/sites/0000000000000042/card.png"); rec.Code != 404 {
		t.Errorf("unknown site card: %d", rec.Code)
	}

	// An owner's siteImage replaces the card everywhere.
	cfg := stgypub.DefaultPubConfig(u)
	cfg.Extensions, err = stgypub.ParseExtensions(`{"siteImage":"https://cdn.example.org/alice card.png"}`)
	if err != nil {
		t.Fatal(err)
	}
	e.config(cfg)
	const own = "https://cdn.example.org/alice%20card.png"
	for path, wants := range map[string][]string{
		"/sites/" + u.String(): {`<meta property="og:image" content="` + own + `">`},
		"/pub/" + p.String():   {`<meta property="og:image" content="` + own + `">`, `"logo":{"@type":"ImageObject","url":"` + own + `"}`},
	} {
		body := e.get(path).Body.String()
		for _, w := range wants {
			if !strings.Contains(body, w) {
				t.Errorf("%s lacks %s", path, w)
			}
		}
	}
}
