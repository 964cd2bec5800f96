package main

import (
	"fmt"
	"os"
	"strconv"
)

// commentConfig is the comment and CAPTCHA part of the configuration.
type commentConfig struct {
	// MaxComments is STGY_PUB_COMMENT_MAX_COMMENTS: the per-post cap on
	// stored comments, pending included (1-100000, default 100).
	MaxComments int
	// CaptchaPerHour is STGY_PUB_CAPTCHA_PER_HOUR: challenge + verify
	// requests per client IP and hour (1-100000, default 60).
	CaptchaPerHour int
	// CommentsPerHour is STGY_PUB_COMMENTS_PER_HOUR: postPubComment
	// requests per client IP and hour (1-100000, default 20).
	CommentsPerHour int
	// AccountWritesPerMinute is STGY_PUB_ACCOUNT_WRITES_PER_MINUTE and
	// AccountCommentsPerHour STGY_PUB_ACCOUNT_COMMENTS_PER_HOUR: the write
	// and comment limits of signed-in users (owners, admins), counted per
	// account, not per address (1-100000, defaults 300 and 300).
	AccountWritesPerMinute, AccountCommentsPerHour int
}

// loadCommentConfig reads the comment settings; an invalid value is
// refused with its name and range.
func loadCommentConfig() (commentConfig, error) {
	c := commentConfig{MaxComments: 100, CaptchaPerHour: 60, CommentsPerHour: 20, AccountWritesPerMinute: 300, AccountCommentsPerHour: 300}
	for _, v := range []struct {
		name string
		dst  *int
	}{
		{"STGY_PUB_COMMENT_MAX_COMMENTS", &c.MaxComments},
		{"STGY_PUB_CAPTCHA_PER_HOUR", &c.CaptchaPerHour},
		{"STGY_PUB_COMMENTS_PER_HOUR", &c.CommentsPerHour},
		{"STGY_PUB_ACCOUNT_WRITES_PER_MINUTE", &c.AccountWritesPerMinute},
		{"STGY_PUB_ACCOUNT_COMMENTS_PER_HOUR", &c.AccountCommentsPerHour},
	} {
		s := os.Getenv(v.name)
		if s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 100000 {
			return c, fmt.Errorf("%s %q: want a whole number from 1 to 100000", v.name, s)
		}
		*v.dst = n
	}
	return c, nil
}
