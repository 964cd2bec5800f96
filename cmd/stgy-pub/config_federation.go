package main

import (
	"encoding/hex"
	"fmt"
	"os"
	"strings"

	"github.com/stgy/stgypub/federation"
)

// federationConfig is the federation part of the configuration (README
// "Configuration", docs/FEDERATION.md). Remote fetches and deliveries use
// the webhook client's settings (STGY_WEBHOOK_ALLOW_LOOPBACK,
// STGY_WEBHOOK_TIMEOUT) and the queue is looked at every STGY_WEBHOOK_POLL.
type federationConfig struct {
	// Key is STGY_FEDERATION_KEY: 64 hexadecimal digits (32 bytes), the
	// AES-256 key sealing every site's private key. Unset: federation is
	// off on this server (every federation endpoint 404, whatever the
	// sites' settings). Never logged.
	Key []byte
	// Concurrency is STGY_FEDERATION_CONCURRENCY: deliveries sent at once
	// by this process; 0 runs no delivery worker here (0-64, default 2).
	Concurrency int
}

func loadFederationConfig() (federationConfig, error) {
	var c federationConfig
	if s := strings.TrimSpace(os.Getenv("STGY_FEDERATION_KEY")); s != "" {
		k, err := hex.DecodeString(s)
		if err != nil || len(k) != federation.KeySize {
			return c, fmt.Errorf("STGY_FEDERATION_KEY must be %d hexadecimal digits (e.g. openssl rand -hex %d)", 2*federation.KeySize, federation.KeySize)
		}
		c.Key = k
	}
	var err error
	c.Concurrency, err = envInt("STGY_FEDERATION_CONCURRENCY", 2, 0, 64)
	return c, err
}
