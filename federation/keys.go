package federation

import (
	"context"
	"crypto"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"

	"github.com/stgy/stgypub"
)

// KeySize is the length of the server's federation key
// (STGY_FEDERATION_KEY), in bytes: an AES-256 key.
const KeySize = 32

// rsaBits is the size of each site's RSA key, as Mastodon expects.
const rsaBits = 2048

// sealer seals and opens private keys with AES-256-GCM; the nonce is
// stored first and the site's ID is the additional data, so a sealed key
// moved to another site's row does not open.
type sealer struct{ aead cipher.AEAD }

func newSealer(key []byte) (*sealer, error) {
	if len(key) != KeySize {
		return nil, fmt.Errorf("federation: the federation key has %d bytes, want %d", len(key), KeySize)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("federation: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("federation: %w", err)
	}
	return &sealer{aead: aead}, nil
}

func (s *sealer) seal(userID stgypub.ID, plain []byte) ([]byte, error) {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, fmt.Errorf("federation: nonce: %w", err)
	}
	return s.aead.Seal(nonce, nonce, plain, []byte(userID.String())), nil
}

func (s *sealer) open(userID stgypub.ID, sealed []byte) ([]byte, error) {
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return nil, errors.New("federation: sealed key too short")
	}
	plain, err := s.aead.Open(nil, sealed[:n], sealed[n:], []byte(userID.String()))
	if err != nil {
		return nil, fmt.Errorf("federation: the private key of site %s does not open with this federation key: %w", userID, err)
	}
	return plain, nil
}

// siteKey is a site's key pair, opened.
type siteKey struct {
	publicPEM string
	private   *rsa.PrivateKey
}

// key returns the site's key pair, generating and storing it on first
// use (Store.PutActorKey keeps the first of two made at once).
func (s *Service) key(ctx context.Context, userID stgypub.ID) (*siteKey, error) {
	k, err := s.st.Federation.ActorKey(ctx, userID)
	if stgypub.IsNotFound(err) {
		k, err = s.newKey(ctx, userID)
	}
	if err != nil {
		return nil, err
	}
	der, err := s.sealer.open(userID, k.PrivateSealed)
	if err != nil {
		return nil, err
	}
	priv, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil, fmt.Errorf("federation: private key of site %s: %w", userID, err)
	}
	rk, ok := priv.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("federation: private key of site %s is %T, not RSA", userID, priv)
	}
	return &siteKey{publicPEM: k.PublicPEM, private: rk}, nil
}

func (s *Service) newKey(ctx context.Context, userID stgypub.ID) (*stgypub.ActorKey, error) {
	priv, err := rsa.GenerateKey(rand.Reader, rsaBits)
	if err != nil {
		return nil, fmt.Errorf("federation: generate key: %w", err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return nil, fmt.Errorf("federation: encode key: %w", err)
	}
	pub, err := x509.MarshalPKIXPublicKey(&priv.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("federation: encode public key: %w", err)
	}
	sealed, err := s.sealer.seal(userID, der)
	if err != nil {
		return nil, err
	}
	pubPEM := string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub}))
	return s.st.Federation.PutActorKey(ctx, &stgypub.ActorKey{UserID: userID, PublicPEM: pubPEM, PrivateSealed: sealed})
}

// ParsePublicKeyPEM reads an RSA public key in PEM, PKIX ("PUBLIC KEY",
// what Mastodon publishes) or PKCS#1 ("RSA PUBLIC KEY").
func ParsePublicKeyPEM(s string) (*rsa.PublicKey, error) {
	block, _ := pem.Decode([]byte(s))
	if block == nil {
		return nil, errors.New("publicKeyPem is not PEM")
	}
	if block.Type == "RSA PUBLIC KEY" {
		return x509.ParsePKCS1PublicKey(block.Bytes)
	}
	k, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return nil, err
	}
	rk, ok := k.(*rsa.PublicKey)
	if !ok {
		return nil, fmt.Errorf("publicKeyPem is a %T key, only RSA is verified", k)
	}
	return rk, nil
}

// parseVerifyKey reads a publicKeyPem an inbox signature is verified
// with: RSA as ParsePublicKeyPEM, or Ed25519 (PKIX) for RFC 9421's
// ed25519.
func parseVerifyKey(s string) (crypto.PublicKey, error) {
	if block, _ := pem.Decode([]byte(s)); block != nil && block.Type == "PUBLIC KEY" {
		if k, err := x509.ParsePKIXPublicKey(block.Bytes); err == nil {
			if ek, ok := k.(ed25519.PublicKey); ok {
				return ek, nil
			}
		}
	}
	return ParsePublicKeyPEM(s)
}
