package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/captcha"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/server"
)

// GET /captcha/audio/{id}.wav serves a fresh WAV of a live challenge,
// uncached, and 404 for anything else; the page policy lets the widget
// play it (media-src 'self').
func TestCaptchaAudioRoute(t *testing.T) {
	e := newEnv(t)
	r := redistest.New(t)
	gate := captcha.New(r.Client, captcha.Config{Prefix: r.Prefix})
	e.srv = e.newServer(server.Deps{CaptchaAudio: gate, Views: e.views, Ranker: e.views, Counts: e.views, Pages: e.pages})
	ch, err := gate.CreateChallenge(context.Background(), stgypub.CommentClient{MinuteHash: captcha.MinuteHash(time.Now())})
	if err != nil {
		t.Fatal(err)
	}
	var first string
	for _, lang := range []string{"en", "ja"} {
		w := e.get(ch.AudioPath(lang))
		body := w.Body.String()
		if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "audio/wav" || w.Header().Get("Cache-Control") != "no-store" ||
			!strings.HasPrefix(body, "RIFF") || len(body) < 40000 || !strings.Contains(w.Header().Get("Content-Security-Policy"), "media-src 'self'") {
			t.Fatalf("%s: %d %v %d bytes", lang, w.Code, w.Header(), len(body))
		}
		if body == first {
			t.Error("two renderings are identical")
		}
		first = body
	}
	for _, p := range []string{"/captcha/audio/" + ch.ID, "/captcha/audio/" + strings.Repeat("A", 22) + ".wav", "/captcha/audio/x.wav", "/captcha/audio/%2e%2e.wav"} {
		if w := e.get(p); w.Code != http.StatusNotFound || strings.HasPrefix(w.Body.String(), "RIFF") {
			t.Errorf("%s: %d", p, w.Code)
		}
	}
	if w := e.get(ch.AudioPath("en")); w.Code != http.StatusOK { // third play, still allowed
		t.Errorf("third play: %d", w.Code)
	}
	for range captcha.MaxAudioPlays - 3 {
		e.get(ch.AudioPath("en"))
	}
	if w := e.get(ch.AudioPath("en")); w.Code != http.StatusTooManyRequests {
		t.Errorf("play %d: %d", captcha.MaxAudioPlays+1, w.Code)
	}
}
