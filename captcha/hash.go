package captcha

import (
	"crypto/sha1"
	"encoding/hex"
	"strings"
	"time"

	"github.com/stgy/stgypub"
)

// The protocol headers (docs/API.md "Comments and CAPTCHA"). They are
// not secrets: they make a generic bot implement an STGY-specific step.
const (
	MinuteHashHeader = "X-STGY-MinuteHash"
	QueryHashHeader  = "X-STGY-QueryHash"
)

// minuteLayout is the UTC minute hashed by both headers: YYYYMMDDhhmm.
const minuteLayout = "200601021504"

// MinuteHash is the X-STGY-MinuteHash value for t: the 40 lower-case
// hexadecimal digits of SHA-1 over t's UTC minute as YYYYMMDDhhmm, e.g.
// SHA-1("202612011230").
func MinuteHash(t time.Time) string {
	h := sha1.Sum([]byte(t.UTC().Format(minuteLayout)))
	return hex.EncodeToString(h[:])
}

// QueryHash is the X-STGY-QueryHash value of a comment on postID at t:
// the 40 lower-case hexadecimal digits of SHA-1 over the UTC minute
// YYYYMMDDhhmm, a colon and the post ID as 16 upper-case hexadecimal
// digits, e.g. SHA-1("202612011230:19FD706DCB600000").
func QueryHash(t time.Time, postID stgypub.ID) string {
	h := sha1.Sum([]byte(t.UTC().Format(minuteLayout) + ":" + postID.String()))
	return hex.EncodeToString(h[:])
}

// CheckMinuteHash accepts the hash of the current UTC minute or of the
// minute before or after it (either hex case); anything else is
// BAD_USER_INPUT.
func CheckMinuteHash(got string, now time.Time) error {
	if withinMinute(got, now, MinuteHash) {
		return nil
	}
	return stgypub.Errorf(stgypub.CodeBadUserInput,
		"%s is missing or stale: send the SHA-1 hex of the current UTC minute (YYYYMMDDhhmm)", MinuteHashHeader)
}

// CheckQueryHash is CheckMinuteHash for X-STGY-QueryHash of postID.
func CheckQueryHash(got string, now time.Time, postID stgypub.ID) error {
	if withinMinute(got, now, func(t time.Time) string { return QueryHash(t, postID) }) {
		return nil
	}
	return stgypub.Errorf(stgypub.CodeBadUserInput,
		"%s is missing or stale: send the SHA-1 hex of \"YYYYMMDDhhmm:POSTID\" (current UTC minute, post ID)", QueryHashHeader)
}

func withinMinute(got string, now time.Time, hash func(time.Time) string) bool {
	if len(got) != 2*sha1.Size {
		return false
	}
	for _, d := range []time.Duration{0, -time.Minute, time.Minute} {
		if strings.EqualFold(got, hash(now.Add(d))) {
			return true
		}
	}
	return false
}
