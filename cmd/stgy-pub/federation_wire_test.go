package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestFederationWired: with STGY_FEDERATION_KEY's value in the config the
// wired app answers NodeInfo and WebFinger's refusals; without it both
// are 404.
func TestFederationWired(t *testing.T) {
	rs := privateRedis(t)
	for _, on := range []bool{false, true} {
		cfg := testConfig(t, rs.Addr)
		if on {
			cfg.Fed.Key = bytes.Repeat([]byte{3}, 32)
		}
		_, base, _ := testApp(t, cfg)
		code, body, _ := get(t, base, "/nodeinfo/2.1", "")
		switch {
		case on && (code != 200 || !strings.Contains(body, `"activitypub"`)):
			t.Fatalf("nodeinfo with federation: %d %s", code, body)
		case !on && code != 404:
			t.Fatalf("nodeinfo without federation: %d", code)
		}
		want := 404
		if on {
			want = 400
		}
		if code, body, _ := get(t, base, "/.well-known/webfinger?resource=nobody", ""); code != want {
			t.Fatalf("webfinger (federation %v): %d %s, want %d", on, code, body, want)
		}
	}
}
