package captcha

import (
	"bytes"
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	mrand "math/rand/v2"
	"strings"
)

// The audio CAPTCHA speaks a challenge's six digits (docs/SPEC.md
// "CAPTCHA and pass tokens"): the digit recordings of voice/ (made once
// with eSpeak NG, see voice/README.md) are mixed here, at run time and
// without network, in random order of spacing and gain over background
// noise and faint reversed speech, and written as an 8-bit mono WAV.

// AudioRate is the sample rate of the recordings and of the WAV, in Hz.
const AudioRate = 11025

// AudioLanguages are the voices there are: English and Japanese.
var AudioLanguages = []string{"en", "ja"}

//go:embed voice/en/*.wav voice/ja/*.wav
var voiceFiles embed.FS

// voices holds each language's ten digits as samples in [-1, 1]; read
// once at start-up from the embedded files (a missing or malformed file
// is a build fault and panics, caught by the package tests).
var voices = func() map[string][10][]float32 {
	out := map[string][10][]float32{}
	for _, lang := range AudioLanguages {
		var v [10][]float32
		for d := range v {
			b, err := voiceFiles.ReadFile(fmt.Sprintf("voice/%s/%d.wav", lang, d))
			if err == nil {
				v[d], err = decodeWAV16(b)
			}
			if err != nil {
				panic(fmt.Sprintf("captcha: voice %s/%d: %v", lang, d, err))
			}
		}
		out[lang] = v
	}
	return out
}()

// AudioLanguage is the voice for a page language (a BCP 47 tag such as
// "ja-JP"): "ja" for Japanese, "en" for everything else.
func AudioLanguage(tag string) string {
	if t := strings.ToLower(tag); t == "ja" || strings.HasPrefix(t, "ja-") || strings.HasPrefix(t, "ja_") {
		return "ja"
	}
	return "en"
}

// RenderAudio speaks digits (decimal digits only) in language lang (see
// AudioLanguage) as a WAV file (AudioRate Hz, 8-bit unsigned PCM, mono):
// 0.4–0.8 s of lead-in, each digit at a random gain of 0.75–1 followed by
// a random pause of 0.45–1.1 s, over low-passed noise at about 5 % of full
// scale and four to six faint reversed digits at random places, so the
// spacing, loudness and noise differ on every rendering. rng must not be
// predictable to clients (CreateChallenge seeds it from crypto/rand).
func RenderAudio(digits, lang string, rng *mrand.Rand) ([]byte, error) {
	wav, _, err := renderAudio(digits, lang, rng)
	return wav, err
}

// renderAudio is RenderAudio, also returning where each digit starts (in
// samples), for the tests.
func renderAudio(digits, lang string, rng *mrand.Rand) ([]byte, []int, error) {
	v, ok := voices[AudioLanguage(lang)]
	if !ok {
		return nil, nil, fmt.Errorf("captcha: no voice for %q", lang)
	}
	sec := func(lo, hi float64) int { return int((lo + rng.Float64()*(hi-lo)) * AudioRate) }
	type placed struct {
		at   int
		gain float32
		s    []float32
	}
	var words []placed
	pos := sec(0.4, 0.8)
	for _, c := range digits {
		if c < '0' || c > '9' {
			return nil, nil, fmt.Errorf("captcha: %q is not a digit", c)
		}
		s := v[c-'0']
		words = append(words, placed{pos, float32(0.75 + 0.25*rng.Float64()), s})
		pos += len(s) + sec(0.45, 1.1)
	}
	n := pos + sec(0.2, 0.4)
	mix := make([]float32, n)
	// Babble: reversed digits, quiet, anywhere (they sound like speech
	// but are no digit, so they mask without misleading a listener).
	for range 4 + rng.IntN(3) {
		s := v[rng.IntN(10)]
		at := rng.IntN(max(1, n-len(s)))
		g := float32(0.10 + 0.08*rng.Float64())
		for i := range s {
			mix[at+i] += g * s[len(s)-1-i]
		}
	}
	for _, w := range words {
		for i, x := range w.s {
			mix[w.at+i] += w.gain * x
		}
	}
	// Background: white noise through a one-pole low-pass (a hiss with
	// more low than high frequencies), its level drifting slowly.
	var lp float64
	level := 0.05
	for i := range mix {
		if i%(AudioRate/10) == 0 {
			level = 0.035 + 0.03*rng.Float64()
		}
		lp += 0.35 * (rng.NormFloat64() - lp)
		mix[i] += float32(level * lp * 1.6)
	}
	starts := make([]int, len(words))
	for i, w := range words {
		starts[i] = w.at
	}
	return encodeWAV8(mix), starts, nil
}

// encodeWAV8 writes samples in [-1, 1] (clipped) as a RIFF WAVE file of
// 8-bit unsigned PCM, mono, AudioRate Hz.
func encodeWAV8(s []float32) []byte {
	var b bytes.Buffer
	b.Grow(44 + len(s))
	le := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }
	b.WriteString("RIFF")
	le(uint32(36 + len(s)))
	b.WriteString("WAVEfmt ")
	le(uint32(16))
	le(uint16(1)) // PCM
	le(uint16(1)) // mono
	le(uint32(AudioRate))
	le(uint32(AudioRate)) // bytes per second
	le(uint16(1))         // block align
	le(uint16(8))         // bits per sample
	b.WriteString("data")
	le(uint32(len(s)))
	for _, x := range s {
		b.WriteByte(byte(math.Round(float64(max(-1, min(1, x)))*127) + 128))
	}
	return b.Bytes()
}

// decodeWAV16 reads a RIFF WAVE file of 16-bit PCM, mono, AudioRate Hz
// (what scripts/captcha-voices.sh writes) into samples in [-1, 1].
func decodeWAV16(b []byte) ([]float32, error) {
	if len(b) < 12 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		return nil, errors.New("not a RIFF WAVE file")
	}
	var format bool
	for p := 12; p+8 <= len(b); {
		id, size := string(b[p:p+4]), int(binary.LittleEndian.Uint32(b[p+4:p+8]))
		p += 8
		if size < 0 || p+size > len(b) {
			return nil, errors.New("truncated chunk " + id)
		}
		body := b[p : p+size]
		switch id {
		case "fmt ":
			if size < 16 || binary.LittleEndian.Uint16(body[0:]) != 1 || binary.LittleEndian.Uint16(body[2:]) != 1 ||
				binary.LittleEndian.Uint32(body[4:]) != AudioRate || binary.LittleEndian.Uint16(body[14:]) != 16 {
				return nil, fmt.Errorf("want 16-bit mono PCM at %d Hz", AudioRate)
			}
			format = true
		case "data":
			if !format {
				return nil, errors.New("data before fmt")
			}
			out := make([]float32, size/2)
			for i := range out {
				out[i] = float32(int16(binary.LittleEndian.Uint16(body[2*i:]))) / 32768
			}
			if len(out) < AudioRate/10 {
				return nil, errors.New("shorter than 0.1 s")
			}
			return out, nil
		}
		p += size + size&1
	}
	return nil, errors.New("no data chunk")
}
