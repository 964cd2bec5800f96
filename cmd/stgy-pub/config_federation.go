package main

import (
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/stgy/stgypub/federation"
)

// federationConfig is the federation part of the configuration (README
// "Configuration", docs/FEDERATION.md; options.go reads it). Remote
// fetches and deliveries use the webhook client's settings
// (STGY_WEBHOOK_ALLOW_LOOPBACK, STGY_WEBHOOK_TIMEOUT) and the queue is
// looked at every STGY_WEBHOOK_POLL.
type federationConfig struct {
	// Key is STGY_FEDERATION_KEY (federation.KeySize bytes), the AES-256
	// key sealing every site's private key; nil: federation is off on
	// this server. Never logged.
	Key []byte
	// Concurrency is STGY_FEDERATION_CONCURRENCY: deliveries sent at once
	// by this process; 0 runs no delivery worker here.
	Concurrency int
	// InboxPerMinute is STGY_FEDERATION_INBOX_PER_MINUTE: activities one
	// remote server may send to this process's inboxes per minute (and
	// at once, the burst); over it 429.
	InboxPerMinute int
}

// parseFederationKey reads STGY_FEDERATION_KEY: "" is nil (federation
// off), else exactly 2×federation.KeySize hexadecimal digits. The error
// never repeats the value.
func parseFederationKey(name, s string) ([]byte, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	k, err := hex.DecodeString(s)
	if err != nil || len(k) != federation.KeySize {
		return nil, fmt.Errorf("%s must be %d hexadecimal digits (e.g. openssl rand -hex %d)", name, 2*federation.KeySize, federation.KeySize)
	}
	return k, nil
}
