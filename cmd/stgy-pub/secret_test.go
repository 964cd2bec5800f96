package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRequireViewSecret: serve refuses to start without a secret, with a
// short one or the old public one; development mode (demo, STGY_DEV=1)
// generates a local secret once and reuses it.
func TestRequireViewSecret(t *testing.T) {
	old := localSecretFile
	localSecretFile = filepath.Join(t.TempDir(), ".data", "view-secret")
	t.Cleanup(func() { localSecretFile = old })
	for name, tc := range map[string]struct {
		secret string
		dev    bool
		errHas string
	}{
		"unset":                 {"", false, "STGY_PUB_VIEW_SECRET is not set"},
		"short":                 {"short-secret", false, "at least 16"},
		"old public value":      {oldDevViewSecret, false, "old public"},
		"old public value, dev": {oldDevViewSecret, true, "old public"},
		"good":                  {"0123456789abcdef0123", false, ""},
		"short in dev mode":     {"load-test", true, ""},
	} {
		t.Run(name, func(t *testing.T) {
			cfg := &config{ViewSecret: []byte(tc.secret)}
			err := requireViewSecret(cfg, tc.dev)
			if tc.errHas == "" && err != nil || tc.errHas != "" && (err == nil || !strings.Contains(err.Error(), tc.errHas)) {
				t.Fatalf("err = %v, want %q", err, tc.errHas)
			}
		})
	}
	var first []byte
	for i := range 2 {
		cfg := &config{}
		if err := requireViewSecret(cfg, true); err != nil {
			t.Fatal(err)
		}
		if len(cfg.ViewSecret) != 64 || i == 1 && string(cfg.ViewSecret) != string(first) {
			t.Fatalf("run %d: secret %q (first %q)", i, cfg.ViewSecret, first)
		}
		first = cfg.ViewSecret
	}
	if st, err := os.Stat(localSecretFile); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("secret file: %v %v", st, err)
	}
}
