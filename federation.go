package stgypub

import "time"

// FederationKey is the extensions key of the site's federation settings
// (docs/FEDERATION.md "Settings"): {"enabled": true} makes the site an
// ActivityPub actor; absent or false (the default) answers 404 on every
// federation endpoint of the site.
const FederationKey = "federation"

// FederationEnabled reports extensions.federation.enabled (false when
// absent).
func (e Extensions) FederationEnabled() bool {
	f, _ := e.obj[FederationKey].(map[string]any)
	v, _ := f["enabled"].(bool)
	return v
}

// validateFederationExtensions checks extensions.federation: an object
// whose enabled, when present, is a boolean, and whose blocked, when
// present, is a blocklist (validateFederationBlocked).
func validateFederationExtensions(obj map[string]any) error {
	v, ok := obj[FederationKey]
	if !ok {
		return nil
	}
	f, ok := v.(map[string]any)
	if !ok {
		return FieldErrorf("extensions."+FederationKey, "extensions.%s must be an object", FederationKey)
	}
	if e, ok := f["enabled"]; ok {
		if _, ok := e.(bool); !ok {
			return FieldErrorf("extensions."+FederationKey+".enabled", "extensions.%s.enabled must be true or false", FederationKey)
		}
	}
	return validateFederationBlocked(f)
}

// ActorKey is a site's ActivityPub key pair, generated once per site.
// PublicPEM is the PKIX public key in PEM ("PUBLIC KEY"), published in
// the actor document; PrivateSealed is the PKCS#8 private key sealed with
// AES-256-GCM under the server's federation key (nonce first). The
// private key is never logged, exported nor stored in the clear.
type ActorKey struct {
	UserID        ID
	PublicPEM     string
	PrivateSealed []byte
	CreatedAt     time.Time
}

// Follower is a remote actor following a site. Actor is the follower's
// actor ID (an https URL), Inbox its inbox and SharedInbox its
// endpoints.sharedInbox ("" when none); FollowID is the ID of the Follow
// activity, which Undo names.
type Follower struct {
	UserID      ID
	Actor       string
	Inbox       string
	SharedInbox string
	FollowID    string
	CreatedAt   time.Time
}

// The activities a post's writes send to the site's followers.
const (
	ActivityCreate = "Create"
	ActivityUpdate = "Update"
	ActivityDelete = "Delete"
	// ActivityDeleteActor is queued when the owner turns federation
	// off: a Delete of the site's actor to every former follower.
	ActivityDeleteActor = "DeleteActor"
)

// PostActivity is the activity a post write's event sends to followers
// (docs/FEDERATION.md "Publishing"): the one rule of PostWebhookEvent
// decides the event, so a site's followers and its webhooks hear of the
// same writes: POST_PUBLISHED a Create of the Article, POST_UPDATED an
// Update, POST_UNPUBLISHED a Delete (a Tombstone). ok is false for other
// events.
func PostActivity(ev WebhookEvent) (activity string, ok bool) {
	switch ev {
	case EventPostPublished:
		return ActivityCreate, true
	case EventPostUpdated:
		return ActivityUpdate, true
	case EventPostUnpublished:
		return ActivityDelete, true
	}
	return "", false
}

// FederationDelivery is one signed activity queued for one remote inbox
// (docs/FEDERATION.md "Delivery"). ID is a UUID. The attempts' state is
// DeliveryAttempts; its Body is the activity's JSON, signed at each
// attempt with the site's key.
type FederationDelivery struct {
	ID     string
	UserID ID
	Inbox  string
	// PostID and Activity name a post's activity (ActivityCreate, ...),
	// whose Body is nil until the first attempt builds it; 0 and "" for
	// an activity queued with its body (an Accept).
	PostID    ID
	Activity  string
	CreatedAt time.Time
	DeliveryAttempts
}
