package federation

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/httpbody"
)

// InboxError is a refused inbox request: Status (400, 401, 403, 413,
// 429) and the Reason sent back; RetryAfter (seconds, 0: none) is sent
// as Retry-After.
type InboxError struct {
	Status     int
	Reason     string
	RetryAfter int
}

func (e *InboxError) Error() string { return fmt.Sprintf("inbox: %d %s", e.Status, e.Reason) }

func badInbox(status int, format string, args ...any) error {
	return &InboxError{Status: status, Reason: fmt.Sprintf(format, args...)}
}

// activity is the part of an incoming activity the inbox reads; Object
// stays raw (an ID or an embedded object).
type activity struct {
	ID     string          `json:"id"`
	Type   string          `json:"type"`
	Actor  string          `json:"actor"`
	Object json.RawMessage `json:"object"`
}

// Handled reports what the inbox did with an activity.
type Handled string

// What the inbox does with each activity (docs/FEDERATION.md "Inbox").
const (
	HandledFollow   Handled = "follow"   // follower stored, Accept queued
	HandledUnfollow Handled = "unfollow" // Undo of a Follow: follower removed
	HandledIgnored  Handled = "ignored"  // anything else: 202, nothing kept
)

// Inbox verifies and handles one POST to userID's inbox. The site must be
// federated (NOT_FOUND otherwise). A body over MaxInboxBytes is 413; a
// missing or wrong signature (draft-cavage or RFC 9421), digest or key,
// a stale Date or created, or a key whose owner is not the activity's
// actor is 401; a body that is not an activity is 400; an actor or key on the site's blocklist is 403;
// a verified server over its rate limit (the signing key's host) is 429
// with RetryAfter (all *InboxError). Follow of this site stores the
// follower and queues a signed Accept to its inbox; Undo of a Follow
// removes it; Create, Update and Delete of a Note replying to one of the
// site's posts add, edit and remove a comment (replies.go); anything
// else is ignored.
func (s *Service) Inbox(ctx context.Context, userID stgypub.ID, r *http.Request) (Handled, error) {
	st, err := s.site(ctx, userID)
	if err != nil {
		return "", err
	}
	body, err := httpbody.Read(r, s.cfg.MaxInboxBytes)
	if errors.Is(err, httpbody.ErrTooLarge) {
		return "", badInbox(http.StatusRequestEntityTooLarge, "body over %d bytes", s.cfg.MaxInboxBytes)
	}
	if err != nil {
		return "", badInbox(http.StatusBadRequest, "body could not be read")
	}
	target, err := url.Parse(s.ActorID(userID) + "/inbox")
	if err != nil {
		return "", fmt.Errorf("federation: inbox URL: %w", err)
	}
	target.RawQuery = r.URL.RawQuery
	sig, err := readSignature(r, body, target, s.cfg.Now(), s.cfg.SignatureWindow)
	if err != nil {
		return "", asInboxError(err)
	}
	keyID := sig.keyID
	var act activity
	if err := json.Unmarshal(body, &act); err != nil || act.Type == "" || act.Actor == "" {
		return "", badInbox(http.StatusBadRequest, "body is not an activity with a type and an actor")
	}
	if err := refuseBlocked(st.config.Extensions, act.Actor, keyID); err != nil {
		return "", err
	}
	doc, err := s.verifiedBy(ctx, sig, act.Actor, false)
	if err != nil {
		return "", err
	}
	if wait := s.limits.allow(keyID, s.cfg.Now()); wait > 0 {
		return "", tooMany(keyID, wait)
	}
	switch act.Type {
	case "Like", "Announce": // counted per post (reactions.go)
		return s.react(ctx, userID, &act)
	case "Follow":
		return s.follow(ctx, userID, &act, body, doc)
	case "Undo":
		return s.undo(ctx, userID, &act)
	case "Create":
		return s.create(ctx, userID, &act, doc)
	case "Update":
		return s.update(ctx, &act, doc)
	case "Delete":
		return s.deleteNote(ctx, &act)
	}
	return HandledIgnored, nil
}

// verifiedBy checks sig with the key its keyId names, whose owner must
// be actor, and returns the document that published it. A cached
// document that fails is fetched again once: the remote may have rotated
// its key.
func (s *Service) verifiedBy(ctx context.Context, sig *requestSignature, actor string, fresh bool) (*remoteActor, error) {
	keyID := sig.keyID
	doc, cached, err := s.remoteDoc(ctx, keyID, fresh)
	if err != nil {
		return nil, badInbox(http.StatusUnauthorized, "key %s could not be fetched: %v", keyID, err)
	}
	retry := func(err error) (*remoteActor, error) {
		if cached {
			return s.verifiedBy(ctx, sig, actor, true)
		}
		return nil, err
	}
	pemText, owner, err := keyOf(doc, keyID)
	if err != nil {
		return retry(badInbox(http.StatusUnauthorized, "%v", err))
	}
	if owner != actor {
		return retry(badInbox(http.StatusUnauthorized, "key %s belongs to %s, not to the activity's actor %s", keyID, owner, actor))
	}
	pub, err := parseVerifyKey(pemText)
	if err != nil {
		return retry(badInbox(http.StatusUnauthorized, "key %s: %v", keyID, err))
	}
	if err := sig.verify(pub); err != nil {
		return retry(asInboxError(err))
	}
	return doc, nil
}

func asInboxError(err error) error {
	var se *SignatureError
	if errors.As(err, &se) {
		return badInbox(http.StatusUnauthorized, "%s", se.Reason)
	}
	return err
}

// objectID is an activity's object as an ID, whether given as a string
// or as an object with an id.
func objectID(raw json.RawMessage) (id, typ string) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, ""
	}
	var o struct {
		ID   string `json:"id"`
		Type string `json:"type"`
	}
	_ = json.Unmarshal(raw, &o)
	return o.ID, o.Type
}

func (s *Service) follow(ctx context.Context, userID stgypub.ID, act *activity, body []byte, signer *remoteActor) (Handled, error) {
	if obj, _ := objectID(act.Object); obj != s.ActorID(userID) {
		return HandledIgnored, nil
	}
	if act.ID == "" {
		return "", badInbox(http.StatusBadRequest, "Follow has no id")
	}
	follower := signer
	if signer.ID != act.Actor {
		var err error
		if follower, _, err = s.remoteDoc(ctx, act.Actor, false); err != nil {
			return "", badInbox(http.StatusBadRequest, "actor %s could not be fetched: %v", act.Actor, err)
		}
	}
	if follower.Inbox == "" {
		return "", badInbox(http.StatusBadRequest, "actor %s has no inbox", act.Actor)
	}
	f := &stgypub.Follower{UserID: userID, Actor: act.Actor, Inbox: follower.Inbox, FollowID: act.ID}
	if follower.Endpoints != nil {
		f.SharedInbox = follower.Endpoints.SharedInbox
	}
	if err := s.st.Federation.PutFollower(ctx, f); err != nil {
		return "", err
	}
	accept, err := json.Marshal(map[string]any{
		"@context": ContextActivityStreams,
		"id":       s.ActorID(userID) + "#accepts/" + randomID(),
		"type":     "Accept",
		"actor":    s.ActorID(userID),
		"object":   json.RawMessage(body),
	})
	if err != nil {
		return "", fmt.Errorf("federation: accept: %w", err)
	}
	if _, err := s.st.Federation.EnqueueFederation(ctx, userID, f.Inbox, accept); err != nil {
		return "", err
	}
	return HandledFollow, nil
}

func (s *Service) undo(ctx context.Context, userID stgypub.ID, act *activity) (Handled, error) {
	id, typ := objectID(act.Object)
	if isReaction(typ) {
		return s.undoReaction(ctx, userID, act)
	}
	if typ != "" && typ != "Follow" {
		return HandledIgnored, nil
	}
	// A bare ID must be the stored Follow's; an embedded Follow is the
	// actor's own (the signature proved who sent it).
	followID := id
	if typ == "Follow" {
		followID = ""
	}
	if id == "" && typ == "" {
		return HandledIgnored, nil
	}
	removed, err := s.st.Federation.DeleteFollower(ctx, userID, act.Actor, followID)
	if err != nil {
		return "", err
	}
	if !removed && typ == "" {
		return s.undoReaction(ctx, userID, act) // a bare ID may name a Like or Announce
	}
	if !removed {
		return HandledIgnored, nil
	}
	return HandledUnfollow, nil
}

func randomID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
