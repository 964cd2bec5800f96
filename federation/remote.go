package federation

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// remoteActor is what is kept of a fetched remote actor or key document.
type remoteActor struct {
	ID        string `json:"id"`
	Type      string `json:"type"`
	Inbox     string `json:"inbox"`
	Owner     string `json:"owner"` // set when the document is a key
	PublicKey *struct {
		ID           string `json:"id"`
		Owner        string `json:"owner"`
		PublicKeyPEM string `json:"publicKeyPem"`
	} `json:"publicKey"`
	PublicKeyPEM string `json:"publicKeyPem"` // of a key document
	Endpoints    *struct {
		SharedInbox string `json:"sharedInbox"`
	} `json:"endpoints"`
	// Name and PreferredUsername name the author of a reply; URL is
	// its profile page (a string, a Link or an array of them).
	Name              string          `json:"name"`
	PreferredUsername string          `json:"preferredUsername"`
	URL               json.RawMessage `json:"url"`
}

// acceptActivityJSON is the Accept header of remote fetches.
const acceptActivityJSON = `application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"`

// remoteDoc returns the actor or key document at rawURL from the cache
// when fresh is false and it holds one (cached reports so), else fetched
// (fetchActor) and cached.
func (s *Service) remoteDoc(ctx context.Context, rawURL string, fresh bool) (doc *remoteActor, cached bool, err error) {
	u, _, _ := strings.Cut(rawURL, "#")
	if !fresh {
		if a, ok := s.actors.Get(u); ok {
			return a, true, nil
		}
	}
	a, err := s.fetchActor(ctx, u)
	if err != nil {
		return nil, false, err
	}
	s.actors.Add(u, a)
	return a, false, nil
}

// fetchActor GETs an actor or key document (fragment dropped) through
// the guarded client: at most MaxActorBytes, a 2xx JSON answer.
func (s *Service) fetchActor(ctx context.Context, rawURL string) (*remoteActor, error) {
	u, _, _ := strings.Cut(rawURL, "#")
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("fetch %q: %w", u, err)
	}
	req.Header.Set("Accept", acceptActivityJSON)
	req.Header.Set("User-Agent", "STGY-Pub-Federation/1 (+"+s.base+")")
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetch %q: %w", u, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, fmt.Errorf("fetch %q: status %d", u, resp.StatusCode)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, s.cfg.MaxActorBytes+1))
	if err != nil {
		return nil, fmt.Errorf("fetch %q: %w", u, err)
	}
	if int64(len(b)) > s.cfg.MaxActorBytes {
		return nil, fmt.Errorf("fetch %q: document over %d bytes", u, s.cfg.MaxActorBytes)
	}
	var a remoteActor
	if err := json.Unmarshal(b, &a); err != nil {
		return nil, fmt.Errorf("fetch %q: not a JSON object: %w", u, err)
	}
	if a.ID == "" {
		return nil, fmt.Errorf("fetch %q: document has no id", u)
	}
	return &a, nil
}

// keyOf returns the PEM and owner of the key keyID names, from the
// document fetched at keyID: an actor whose publicKey has that ID, or a
// key document with an owner.
func keyOf(a *remoteActor, keyID string) (pemText, owner string, err error) {
	if a.PublicKey != nil && a.PublicKey.ID == keyID {
		owner = a.PublicKey.Owner
		if owner == "" {
			owner = a.ID
		}
		return a.PublicKey.PublicKeyPEM, owner, nil
	}
	if a.ID == keyID && a.Owner != "" && a.PublicKeyPEM != "" {
		return a.PublicKeyPEM, a.Owner, nil
	}
	return "", "", fmt.Errorf("the document at %s publishes no key %s", a.ID, keyID)
}
