package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// minViewSecret is the shortest STGY_PUB_VIEW_SECRET serve accepts: the
// secret keys the page-view fingerprints, and a guessable one lets
// anyone holding the fingerprints recover addresses by brute force.
const minViewSecret = 16

// localSecretFile keeps development mode's generated secret (git-ignored
// with the rest of .data/), so `make run` needs no setup and keeps its
// fingerprints across restarts.
var localSecretFile = filepath.Join(".data", "view-secret")

// requireViewSecret makes sure cfg has a view secret fit to serve with.
// Outside development mode STGY_PUB_VIEW_SECRET must be set, at least 16
// bytes and not the old built-in value, or serve refuses to start. In
// development mode (the demo command, or STGY_DEV=1) a missing secret is
// read from, or generated into, .data/view-secret.
func requireViewSecret(cfg *config, dev bool) error {
	if len(cfg.ViewSecret) > 0 {
		if string(cfg.ViewSecret) == oldDevViewSecret {
			return errors.New("STGY_PUB_VIEW_SECRET is the old public development value: set a random secret (e.g. openssl rand -hex 32)")
		}
		if !dev && len(cfg.ViewSecret) < minViewSecret {
			return fmt.Errorf("STGY_PUB_VIEW_SECRET has %d bytes: use at least %d random ones (e.g. openssl rand -hex 32)", len(cfg.ViewSecret), minViewSecret)
		}
		return nil
	}
	if !dev {
		return errors.New("STGY_PUB_VIEW_SECRET is not set: set a random secret (e.g. export STGY_PUB_VIEW_SECRET=$(openssl rand -hex 32)), " +
			"the same on every app server and external frontend; or run STGY_DEV=1 for development (a local secret in " + localSecretFile + ")")
	}
	secret, err := localSecret(localSecretFile)
	if err != nil {
		return fmt.Errorf("development view secret: %w", err)
	}
	cfg.ViewSecret, cfg.secretSource = secret, "development file "+localSecretFile
	return nil
}

// localSecret reads the secret in path, creating it (32 random bytes as
// hex, mode 0600) when missing.
func localSecret(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err == nil {
		if s := strings.TrimSpace(string(b)); len(s) >= minViewSecret {
			return []byte(s), nil
		}
		return nil, fmt.Errorf("%s holds fewer than %d bytes: delete it to get a new one", path, minViewSecret)
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	var r [32]byte
	_, _ = rand.Read(r[:])
	s := hex.EncodeToString(r[:])
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, []byte(s+"\n"), 0o600); err != nil {
		return nil, err
	}
	return []byte(s), nil
}
