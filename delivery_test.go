package stgypub

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestDeliveryAttemptsSettle(t *testing.T) {
	now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	var a DeliveryAttempts
	a.Settle(now, 503, errors.New("status 503"), time.Minute, now.Add(time.Hour))
	if a.LastStatus != 503 || a.LastError != "status 503" || !a.NextAttemptAt.Equal(now.Add(time.Minute)) || a.DeliveredAt != nil || a.FailedAt != nil {
		t.Fatalf("after a failure: %+v", a)
	}
	later := now.Add(2 * time.Minute)
	a.Settle(later, 204, nil, time.Minute, now.Add(time.Hour))
	if a.LastStatus != 204 || a.LastError != "" || a.DeliveredAt == nil || !a.DeliveredAt.Equal(later) || a.FailedAt != nil {
		t.Fatalf("after a 2xx: %+v", a)
	}

	var b DeliveryAttempts
	b.Settle(now, 0, errors.New("dial: refused"), 2*time.Hour, now.Add(time.Hour))
	if b.FailedAt == nil || !b.FailedAt.Equal(now) || b.DeliveredAt != nil || b.LastStatus != 0 {
		t.Fatalf("a retry past giveUpAt gives up: %+v", b)
	}
	b.Settle(now, 0, errors.New(strings.Repeat("é", DeliveryErrorMaxLen+50)), time.Minute, now.Add(time.Hour))
	if n := len([]rune(b.LastError)); n != DeliveryErrorMaxLen || !strings.HasSuffix(b.LastError, "…") {
		t.Fatalf("a long error keeps %d code points: %q", n, b.LastError)
	}
}
