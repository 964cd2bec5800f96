package captcha

import (
	"context"
	"crypto/rand"
	"fmt"
	mrand "math/rand/v2"
	"net/url"

	"github.com/stgy/stgypub"
)

// MaxAudioPlays bounds the audio renderings of one challenge: enough to
// listen again several times, too few to average many noisy renderings.
const MaxAudioPlays = 10

// AudioPath is the path of the challenge's audio (served by the server
// at GET /captcha/audio/{id}.wav) in the voice for language, a page
// language tag such as "ja" or "en-US" (AudioLanguage).
func (c *Challenge) AudioPath(language string) string {
	return "/captcha/audio/" + url.PathEscape(c.ID) + ".wav?lang=" + AudioLanguage(language)
}

// Audio renders challenge id's digits as a WAV (RenderAudio) in the
// voice for language. It reads the answer without counting an attempt or
// changing the expiry: the spoken digits are the answer the image shows,
// with the same attempts and the same expiry. Errors: NOT_FOUND for a
// malformed, unknown or expired challenge (solved or killed included),
// RATE_LIMITED after MaxAudioPlays renderings of it.
func (s *Service) Audio(ctx context.Context, id, language string) ([]byte, error) {
	if !validID(id, idLen) {
		return nil, stgypub.Errorf(stgypub.CodeNotFound, "unknown CAPTCHA challenge")
	}
	res, err := audioScript.Run(ctx, s.rdb, []string{s.challengeKey(id)}, MaxAudioPlays).Slice()
	if err != nil {
		return nil, fmt.Errorf("captcha: audio: %w", err)
	}
	if len(res) != 2 {
		return nil, fmt.Errorf("captcha: audio: unexpected reply %v", res)
	}
	switch n, _ := res[0].(int64); {
	case n == -1:
		return nil, stgypub.Errorf(stgypub.CodeNotFound, "the CAPTCHA challenge has expired or was already used: request a new one")
	case n > MaxAudioPlays:
		return nil, stgypub.Errorf(stgypub.CodeRateLimited, "this challenge was played %d times: request a new one", MaxAudioPlays)
	}
	answer, _ := res[1].(string)
	var seed [32]byte
	_, _ = rand.Read(seed[:])
	return RenderAudio(answer, language, mrand.New(mrand.NewChaCha8(seed)))
}
