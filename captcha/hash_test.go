package captcha

import (
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestHashValues(t *testing.T) {
	at := time.Date(2026, 12, 1, 12, 30, 59, 999e6, time.UTC)
	// Independent values: printf 202612011230 | sha1sum, and with ":19FD706DCB600000".
	if got := MinuteHash(at); got != "5188f62a0ecea936648ec1ac9a889e8446a8ee62" {
		t.Errorf("MinuteHash = %s", got)
	}
	if got := QueryHash(at, 0x19FD706DCB600000); got != "ccbd077a8d70d727f884c7fb33feb0a3333d08f0" {
		t.Errorf("QueryHash = %s", got)
	}
	// The UTC minute, whatever the time zone.
	tokyo := at.In(time.FixedZone("JST", 9*3600))
	if MinuteHash(tokyo) != MinuteHash(at) {
		t.Error("MinuteHash depends on the time zone")
	}
}

func TestMinuteWindowEdges(t *testing.T) {
	minute := time.Date(2026, 12, 31, 23, 59, 0, 0, time.UTC) // the year changes one minute later
	for _, tc := range []struct {
		name   string
		now    time.Time
		sentAt time.Time
		ok     bool
	}{
		{"same minute, first instant", minute, minute, true},
		{"same minute, last instant", minute.Add(59999 * time.Millisecond), minute, true},
		{"previous minute at the start of this one", minute, minute.Add(-time.Minute), true},
		{"previous minute at the end of this one", minute.Add(59999 * time.Millisecond), minute.Add(-time.Second), true},
		{"next minute (client clock ahead)", minute, minute.Add(time.Minute), true},
		{"next minute across the year", minute.Add(30 * time.Second), minute.Add(90 * time.Second), true},
		{"two minutes old", minute, minute.Add(-2 * time.Minute), false},
		{"two minutes old, just", minute.Add(59999 * time.Millisecond), minute.Add(-61 * time.Second), false},
		{"two minutes ahead", minute, minute.Add(2 * time.Minute), false},
		{"an hour old", minute, minute.Add(-time.Hour), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckMinuteHash(MinuteHash(tc.sentAt), tc.now)
			if (err == nil) != tc.ok {
				t.Errorf("CheckMinuteHash: %v, want ok=%v", err, tc.ok)
			}
			post := stgypub.ID(0x19FD706DCB600000)
			err = CheckQueryHash(QueryHash(tc.sentAt, post), tc.now, post)
			if (err == nil) != tc.ok {
				t.Errorf("CheckQueryHash: %v, want ok=%v", err, tc.ok)
			}
		})
	}
}

func TestHashRefusals(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 30, 0, 0, time.UTC)
	post := stgypub.ID(0x19FD706DCB600000)
	for name, h := range map[string]string{
		"empty":            "",
		"minute as text":   "202612011230",
		"truncated":        MinuteHash(now)[:39],
		"padded":           MinuteHash(now) + " ",
		"sha-256 of it":    strings.Repeat("a", 64),
		"query hash":       QueryHash(now, post),
		"other local time": MinuteHash(now.Add(9 * time.Hour)),
	} {
		if err := CheckMinuteHash(h, now); stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
			t.Errorf("MinuteHash %s: %v, want BAD_USER_INPUT", name, err)
		}
	}
	if err := CheckMinuteHash(strings.ToUpper(MinuteHash(now)), now); err != nil {
		t.Errorf("upper-case hex refused: %v", err)
	}
	if err := CheckQueryHash(QueryHash(now, post+1), now, post); err == nil {
		t.Error("a query hash of another post accepted")
	}
	if err := CheckQueryHash(MinuteHash(now), now, post); err == nil {
		t.Error("a minute hash accepted as query hash")
	}
}
