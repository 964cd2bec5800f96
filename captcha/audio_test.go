package captcha

import (
	"context"
	"encoding/binary"
	"math"
	mrand "math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestVoicesLoad(t *testing.T) {
	for _, lang := range AudioLanguages {
		for d, s := range voices[lang] {
			if sec := float64(len(s)) / AudioRate; sec < 0.15 || sec > 1.5 {
				t.Errorf("%s/%d lasts %.2f s", lang, d, sec)
			}
			var peak float32
			for _, x := range s {
				peak = max(peak, float32(math.Abs(float64(x))))
			}
			if peak < 0.2 {
				t.Errorf("%s/%d peaks at %.2f: nearly silent", lang, d, peak)
			}
		}
	}
}

// decodeWAV8 reads what encodeWAV8 wrote, checking its header.
func decodeWAV8(t *testing.T, b []byte) []float32 {
	t.Helper()
	le := binary.LittleEndian
	if string(b[:4]) != "RIFF" || string(b[8:16]) != "WAVEfmt " || le.Uint16(b[20:]) != 1 || le.Uint16(b[22:]) != 1 ||
		le.Uint32(b[24:]) != AudioRate || le.Uint16(b[34:]) != 8 || string(b[36:40]) != "data" ||
		int(le.Uint32(b[40:])) != len(b)-44 || int(le.Uint32(b[4:])) != len(b)-8 {
		t.Fatalf("bad WAV header % x", b[:44])
	}
	out := make([]float32, len(b)-44)
	for i, c := range b[44:] {
		out[i] = (float32(c) - 128) / 127
	}
	return out
}

// correlation is the normalized cross-correlation of a with template at
// offset at (1: the same shape).
func correlation(a []float32, at int, tpl []float32) float64 {
	var ab, aa, bb float64
	for i, x := range tpl {
		if at+i >= len(a) {
			break
		}
		ab += float64(a[at+i] * x)
		aa += float64(a[at+i] * a[at+i])
		bb += float64(x * x)
	}
	return ab / math.Sqrt(aa*bb+1e-12)
}

// The audio says the challenge's digits, in order, in each language:
// at each digit's place the best-matching recording among the ten is
// that digit, through the noise; spacing and length vary between
// renderings.
func TestRenderAudioSpeaksTheDigits(t *testing.T) {
	r := mrand.New(mrand.NewPCG(1, 2))
	lengths := map[int]bool{}
	for _, lang := range []string{"en", "ja", "ja-JP", "ar", ""} {
		for range 5 {
			digits := randomDigitsFrom(r)
			wav, starts, err := renderAudio(digits, lang, r)
			if err != nil {
				t.Fatal(err)
			}
			s := decodeWAV8(t, wav)
			lengths[len(s)] = true
			if sec := float64(len(s)) / AudioRate; sec < 4 || sec > 14 {
				t.Errorf("%s %s: %.1f s long", lang, digits, sec)
			}
			v := voices[AudioLanguage(lang)]
			for i, at := range starts {
				best, bestC := -1, -2.0
				for d := range v {
					if c := correlation(s, at, v[d]); c > bestC {
						best, bestC = d, c
					}
				}
				if want := int(digits[i] - '0'); best != want || bestC < 0.6 {
					t.Errorf("%s %s: digit %d at %d sounds like %d (correlation %.2f)", lang, digits, i, at, best, bestC)
				}
				if i > 0 {
					gap := float64(at-starts[i-1]-len(v[digits[i-1]-'0'])) / AudioRate
					if gap < 0.44 || gap > 1.11 {
						t.Errorf("%s: pause %.2f s", lang, gap)
					}
				}
			}
		}
	}
	if len(lengths) < 10 {
		t.Errorf("25 renderings had only %d lengths: spacing is not random", len(lengths))
	}
	if _, err := RenderAudio("12a456", "en", r); err == nil {
		t.Error("a non-digit rendered")
	}
}

func randomDigitsFrom(r *mrand.Rand) string {
	var b strings.Builder
	for range Digits {
		b.WriteByte('0' + byte(r.IntN(10)))
	}
	return b.String()
}

func TestAudioLanguage(t *testing.T) {
	for in, want := range map[string]string{"ja": "ja", "ja-JP": "ja", "JA": "ja", "en": "en", "en-US": "en", "ar": "en", "": "en", "jam": "en"} {
		if got := AudioLanguage(in); got != want {
			t.Errorf("AudioLanguage(%q) = %q, want %q", in, got, want)
		}
	}
}

// Listening counts no attempt and keeps the expiry; the audio is of the
// same answer; a solved or unknown challenge has no audio; plays are
// bounded.
func TestChallengeAudio(t *testing.T) {
	s, rdb, clk := newService(t, Config{})
	ctx := context.Background()
	c := clientAt(clk, "192.0.2.30")
	ch, err := s.CreateChallenge(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	if p := ch.AudioPath("ja-JP"); p != "/captcha/audio/"+ch.ID+".wav?lang=ja" {
		t.Errorf("AudioPath = %q", p)
	}
	ttl := rdb.PTTL(ctx, s.challengeKey(ch.ID)).Val()
	for i := range MaxAudioPlays {
		wav, err := s.Audio(ctx, ch.ID, "en")
		if err != nil || len(wav) < 44+4*AudioRate {
			t.Fatalf("play %d: %d bytes, %v", i+1, len(wav), err)
		}
	}
	if _, err := s.Audio(ctx, ch.ID, "en"); code(err) != stgypub.CodeRateLimited {
		t.Errorf("play %d: %v", MaxAudioPlays+1, err)
	}
	if after := rdb.PTTL(ctx, s.challengeKey(ch.ID)).Val(); after > ttl || after < ttl-time.Minute {
		t.Errorf("expiry moved: %v then %v", ttl, after)
	}
	answer := answerOf(t, s, rdb, ch.ID)
	wrong := []byte(answer)
	wrong[5] = '0' + (wrong[5]-'0'+1)%10
	if _, err := s.Verify(ctx, c, ch.ID, string(wrong)); err == nil || !strings.Contains(stgypub.ErrorMessage(err), "4 attempts left") {
		t.Errorf("first wrong answer after listening: %v (listening must count no attempt)", err)
	}
	if _, err := s.Verify(ctx, c, ch.ID, answer); err != nil {
		t.Fatalf("right answer: %v", err)
	}
	for _, id := range []string{ch.ID, strings.Repeat("A", idLen), "short", "../../etc"} {
		if _, err := s.Audio(ctx, id, "en"); code(err) != stgypub.CodeNotFound {
			t.Errorf("audio of %q: %v", id, err)
		}
	}
}
