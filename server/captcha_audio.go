package server

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"
)

// captchaAudio serves GET /captcha/audio/{id}.wav?lang=en|ja, the audio
// alternative of a challenge's image (docs/SPEC.md "CAPTCHA and pass
// tokens"). Every request is a new rendering, so nothing may cache it
// and no range of one rendering can be stitched to another.
func (s *Server) captchaAudio(w http.ResponseWriter, r *http.Request) error {
	id, ok := strings.CutSuffix(chi.URLParam(r, "file"), ".wav")
	if !ok || s.deps.CaptchaAudio == nil {
		return errNotFound
	}
	wav, err := s.deps.CaptchaAudio.Audio(r.Context(), id, r.URL.Query().Get("lang"))
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "audio/wav")
	h.Set("Content-Length", strconv.Itoa(len(wav)))
	h.Set("Cache-Control", "no-store")
	h.Set("Accept-Ranges", "none")
	_, _ = w.Write(wav)
	return nil
}
