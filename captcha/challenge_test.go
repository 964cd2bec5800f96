package captcha

import (
	"bytes"
	"context"
	"encoding/base64"
	"image/png"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestChallengeLifecycle(t *testing.T) {
	s, rdb, clk := newService(t, Config{})
	ctx := context.Background()
	reader := clientAt(clk, "198.51.100.7")

	if _, err := s.CreateChallenge(ctx, stgypub.CommentClient{IP: reader.IP}); code(err) != stgypub.CodeBadUserInput {
		t.Fatalf("without X-STGY-MinuteHash: %v", err)
	}
	ch, err := s.CreateChallenge(ctx, reader)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(ch.DataURL(), "data:image/png;base64,") {
		t.Errorf("data URL %.40s", ch.DataURL())
	}
	raw, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(ch.DataURL(), "data:image/png;base64,"))
	if img, err := png.Decode(bytes.NewReader(raw)); err != nil || img.Bounds().Dx() != 200 || img.Bounds().Dy() != 48 {
		t.Errorf("challenge image: %v", err)
	}
	if !ch.ExpiresAt.Equal(clk.Now().Add(600 * time.Second)) {
		t.Errorf("expires %v", ch.ExpiresAt)
	}
	ttl := rdb.TTL(ctx, s.challengeKey(ch.ID)).Val()
	if ttl <= 590*time.Second || ttl > 600*time.Second {
		t.Errorf("challenge TTL %v, want 600s", ttl)
	}
	answer := answerOf(t, s, rdb, ch.ID)
	if len(answer) != 6 || strings.Trim(answer, "0123456789") != "" {
		t.Fatalf("answer %q", answer)
	}
	if _, err := s.Verify(ctx, stgypub.CommentClient{IP: reader.IP}, ch.ID, answer); code(err) != stgypub.CodeBadUserInput {
		t.Fatalf("verify without X-STGY-MinuteHash: %v", err)
	}
	// A malformed answer is refused without counting as an attempt.
	for _, bad := range []string{"", "12345", "1234567", "12a456", "１２３"} {
		if _, err := s.Verify(ctx, reader, ch.ID, bad); code(err) != stgypub.CodeBadUserInput {
			t.Errorf("answer %q: %v", bad, err)
		}
	}
	if w := rdb.HGet(ctx, s.challengeKey(ch.ID), "wrong").Val(); w != "0" {
		t.Errorf("malformed answers counted: wrong=%s", w)
	}
	// Full-width digits and spaces are read as the digits.
	fw := ""
	for _, r := range answer {
		fw += string('０'+(r-'0')) + " "
	}
	token, err := s.Verify(ctx, reader, ch.ID, fw)
	if err != nil {
		t.Fatalf("right answer (full-width): %v", err)
	}
	if len(token) != tokenLen {
		t.Errorf("token %q", token)
	}
	// Single use: the challenge is gone.
	if n := rdb.Exists(ctx, s.challengeKey(ch.ID)).Val(); n != 0 {
		t.Error("a solved challenge stays in Redis")
	}
	if _, err := s.Verify(ctx, reader, ch.ID, answer); code(err) != stgypub.CodeCaptchaRequired {
		t.Errorf("second use: %v, want CAPTCHA_REQUIRED", err)
	}
	st, err := s.Status(ctx, token, reader.IP)
	if err != nil || !st.Valid || st.Used != 0 || st.Remaining != 100 || st.Addresses != 1 || !st.KnownAddress {
		t.Errorf("new pass status %+v, %v", st, err)
	}
	if st.ExpiresAt == nil || st.ExpiresAt.Sub(clk.Now()) < 364*24*time.Hour {
		t.Errorf("pass expires %v", st.ExpiresAt)
	}
	for name, id := range map[string]string{"unknown": randomID(), "malformed": "../../x", "empty": ""} {
		if _, err := s.Verify(ctx, reader, id, "123456"); code(err) != stgypub.CodeCaptchaRequired {
			t.Errorf("%s challenge: %v", name, err)
		}
	}
}

func TestChallengeDiesAfterFiveWrongAnswers(t *testing.T) {
	s, rdb, clk := newService(t, Config{})
	ctx := context.Background()
	c := clientAt(clk, "203.0.113.5")
	ch, _ := s.CreateChallenge(ctx, c)
	answer := answerOf(t, s, rdb, ch.ID)
	wrong := "000000"
	if answer == wrong {
		wrong = "111111"
	}
	for i := 1; i <= 4; i++ {
		_, err := s.Verify(ctx, c, ch.ID, wrong)
		if code(err) != stgypub.CodeBadUserInput || !strings.Contains(err.Error(), " left") {
			t.Fatalf("wrong answer %d: %v", i, err)
		}
		// verifyCaptcha's argument is "answer".
		if e, ok := err.(*stgypub.Error); !ok || e.Field != "answer" {
			t.Fatalf("wrong answer %d: %#v, want extensions.field answer", i, err)
		}
	}
	if _, err := s.Verify(ctx, c, ch.ID, wrong); code(err) != stgypub.CodeCaptchaRequired {
		t.Fatalf("fifth wrong answer: %v, want CAPTCHA_REQUIRED", err)
	}
	if _, err := s.Verify(ctx, c, ch.ID, answer); code(err) != stgypub.CodeCaptchaRequired {
		t.Errorf("right answer after five wrong ones: %v, want CAPTCHA_REQUIRED", err)
	}
}

// Many answers to one challenge at once (what aliases in one request do):
// one right answer among them wins once, and at most 4 wrong ones are
// told "try again".
func TestChallengeUnderConcurrentAnswers(t *testing.T) {
	s, rdb, clk := newService(t, Config{})
	ctx := context.Background()
	c := clientAt(clk, "203.0.113.9")

	ch, _ := s.CreateChallenge(ctx, c)
	answer := answerOf(t, s, rdb, ch.ID)
	var wg sync.WaitGroup
	var mu sync.Mutex
	tokens := 0
	for range 30 {
		wg.Go(func() {
			if _, err := s.Verify(ctx, c, ch.ID, answer); err == nil {
				mu.Lock()
				tokens++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if tokens != 1 {
		t.Errorf("30 concurrent right answers issued %d passes, want 1", tokens)
	}

	ch, _ = s.CreateChallenge(ctx, c)
	answer = answerOf(t, s, rdb, ch.ID)
	wrong := "000000"
	if answer == wrong {
		wrong = "999999"
	}
	codes := map[string]int{}
	for range 30 {
		wg.Go(func() {
			_, err := s.Verify(ctx, c, ch.ID, wrong)
			mu.Lock()
			codes[code(err)]++
			mu.Unlock()
		})
	}
	wg.Wait()
	if codes[stgypub.CodeBadUserInput] != 4 || codes[stgypub.CodeCaptchaRequired] != 26 {
		t.Errorf("30 concurrent wrong answers: %v, want 4 BAD_USER_INPUT and 26 CAPTCHA_REQUIRED", codes)
	}
	if _, err := s.Verify(ctx, c, ch.ID, answer); code(err) != stgypub.CodeCaptchaRequired {
		t.Errorf("right answer after the storm: %v", err)
	}
}

func TestSolveInlineCountsTheFirstUse(t *testing.T) {
	s, rdb, clk := newService(t, Config{})
	ctx := context.Background()
	c := clientAt(clk, "192.0.2.1")
	ch, _ := s.CreateChallenge(ctx, c)
	token, use, err := s.SolveInline(ctx, c, ch.ID, answerOf(t, s, rdb, ch.ID))
	if err != nil {
		t.Fatal(err)
	}
	st, _ := s.Status(ctx, token, c.IP)
	if st.Used != 0 || st.Remaining != 99 {
		t.Errorf("reserved first use: %+v", st)
	}
	if err := use.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	st, _ = s.Status(ctx, token, c.IP)
	if st.Used != 1 || st.Remaining != 99 {
		t.Errorf("after commit: %+v", st)
	}
	// A failed comment releases it; the pass stays (the CAPTCHA was solved).
	ch, _ = s.CreateChallenge(ctx, c)
	token, use, _ = s.SolveInline(ctx, c, ch.ID, answerOf(t, s, rdb, ch.ID))
	if err := use.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if st, _ := s.Status(ctx, token, c.IP); !st.Valid || st.Used != 0 || st.Remaining != 100 {
		t.Errorf("after release: %+v", st)
	}
}
