package obs

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// TestSampled: 1,000 identical WARN records in a burst write Burst lines;
// INFO records and other messages are not limited; after a pause the
// next WARN line carries the count suppressed.
func TestSampled(t *testing.T) {
	var buf bytes.Buffer
	dropped := 0
	now := time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)
	h := NewSampled(slog.NewTextHandler(&buf, nil), 20, 3, func() { dropped++ })
	h.Now = func() time.Time { return now }
	log := slog.New(h).With("component", "test")
	for range 1000 {
		log.Warn("redis down", "err", "dial 203.0.113.9: refused")
		log.Info("http request")
	}
	log.Error("another message")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	warn, info := 0, 0
	for _, l := range lines {
		switch {
		case strings.Contains(l, "redis down"):
			warn++
		case strings.Contains(l, "http request"):
			info++
		}
	}
	if warn != 3 || info != 1000 || !strings.Contains(buf.String(), "another message") {
		t.Fatalf("warn lines %d (want 3), info %d, output tail %q", warn, info, lines[len(lines)-1])
	}
	if dropped != 1000-warn {
		t.Fatalf("dropped %d, want %d", dropped, 1000-warn)
	}
	now = now.Add(120 * time.Millisecond) // 20/s: two tokens back
	buf.Reset()
	log.Warn("redis down")
	if !strings.Contains(buf.String(), "suppressed=") {
		t.Fatalf("no suppressed count: %q", buf.String())
	}
}
