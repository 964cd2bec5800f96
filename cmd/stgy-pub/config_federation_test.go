package main

import (
	"strings"
	"testing"
)

func TestLoadFederationConfig(t *testing.T) {
	key := strings.Repeat("ab", 32)
	for _, tc := range []struct {
		name, key, conc string
		wantErr         string
		wantKey         int
		wantConc        int
	}{
		{"unset: federation off", "", "", "", 0, 2},
		{"key", key, "", "", 32, 2},
		{"no worker here", key, "0", "", 32, 0},
		{"short key", "abcd", "", "STGY_FEDERATION_KEY", 0, 0},
		{"not hex", strings.Repeat("zz", 32), "", "STGY_FEDERATION_KEY", 0, 0},
		{"concurrency out of range", key, "65", "STGY_FEDERATION_CONCURRENCY", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("STGY_FEDERATION_KEY", tc.key)
			t.Setenv("STGY_FEDERATION_CONCURRENCY", tc.conc)
			cfg, err := loadConfig()
			var c federationConfig
			if cfg != nil {
				c = cfg.Fed
			}
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one naming %s", err, tc.wantErr)
				}
				if strings.Contains(err.Error(), tc.key) && tc.key != "" {
					t.Fatalf("the error repeats the key: %v", err)
				}
				return
			}
			if err != nil || len(c.Key) != tc.wantKey || c.Concurrency != tc.wantConc {
				t.Fatalf("config = %d-byte key, concurrency %d, %v", len(c.Key), c.Concurrency, err)
			}
		})
	}
}

func TestLoadFederationInboxRate(t *testing.T) {
	for _, tc := range []struct {
		value   string
		want    int
		wantErr bool
	}{{"", 60, false}, {"5", 5, false}, {"0", 0, true}, {"many", 0, true}} {
		t.Setenv("STGY_FEDERATION_INBOX_PER_MINUTE", tc.value)
		cfg, err := loadConfig()
		if tc.wantErr {
			if err == nil || !strings.Contains(err.Error(), "STGY_FEDERATION_INBOX_PER_MINUTE") {
				t.Fatalf("%q: error %v, want one naming the variable", tc.value, err)
			}
			continue
		}
		if err != nil || cfg.Fed.InboxPerMinute != tc.want {
			t.Fatalf("%q: %v, %v; want %d", tc.value, cfg, err, tc.want)
		}
	}
}
