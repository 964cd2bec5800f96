package federation

import (
	"context"
	"html"
	"strings"

	"github.com/stgy/stgypub"
)

// ContextActivityStreams is the JSON-LD context of every activity.
const ContextActivityStreams = "https://www.w3.org/ns/activitystreams"

const contextSecurity = "https://w3id.org/security/v1"

// Actor is a site's actor document (docs/FEDERATION.md "Actor"): a
// Person named after the site, whose preferredUsername is the owner's
// login name.
type Actor struct {
	Context           []string  `json:"@context"`
	ID                string    `json:"id"`
	Type              string    `json:"type"`
	PreferredUsername string    `json:"preferredUsername"`
	Name              string    `json:"name"`
	Summary           string    `json:"summary"`
	URL               string    `json:"url"`
	Icon              *Image    `json:"icon,omitempty"`
	Inbox             string    `json:"inbox"`
	Outbox            string    `json:"outbox"`
	Followers         string    `json:"followers"`
	PublicKey         PublicKey `json:"publicKey"`
	// ManuallyApprovesFollowers is false: every Follow is accepted.
	ManuallyApprovesFollowers bool `json:"manuallyApprovesFollowers"`
}

// Image is an ActivityStreams Image link.
type Image struct {
	Type string `json:"type"`
	URL  string `json:"url"`
}

// PublicKey is the actor's key as the security vocabulary publishes it;
// ID is the keyId of the site's signatures (actor ID + "#main-key").
type PublicKey struct {
	ID           string `json:"id"`
	Owner        string `json:"owner"`
	PublicKeyPEM string `json:"publicKeyPem"`
}

// Actor returns userID's actor document, generating the site's key on
// first use; NOT_FOUND when the site is not federated.
func (s *Service) Actor(ctx context.Context, userID stgypub.ID) (*Actor, error) {
	st, err := s.site(ctx, userID)
	if err != nil {
		return nil, err
	}
	k, err := s.key(ctx, userID)
	if err != nil {
		return nil, err
	}
	id := s.ActorID(userID)
	name := st.config.SiteName
	if name == "" {
		name = st.user.Nickname
	}
	intro := st.config.Introduction
	if intro == "" {
		intro = st.user.Introduction
	}
	icon := st.config.Extensions.SiteImage()
	if icon == "" {
		icon = id + "/card.png"
	}
	return &Actor{
		Context:           []string{ContextActivityStreams, contextSecurity},
		ID:                id,
		Type:              "Person",
		PreferredUsername: st.user.LoginName,
		Name:              name,
		Summary:           summaryHTML(intro),
		URL:               id,
		Icon:              &Image{Type: "Image", URL: icon},
		Inbox:             id + "/inbox",
		Outbox:            id + "/outbox",
		Followers:         id + "/followers",
		PublicKey:         PublicKey{ID: id + "#main-key", Owner: id, PublicKeyPEM: k.publicPEM},
	}, nil
}

// summaryHTML is the introduction as the HTML ActivityPub summaries
// carry: escaped, one paragraph per blank-line-separated block, line
// breaks kept.
func summaryHTML(intro string) string {
	intro = strings.TrimSpace(strings.ReplaceAll(intro, "\r\n", "\n"))
	if intro == "" {
		return ""
	}
	var b strings.Builder
	for _, p := range strings.Split(intro, "\n\n") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		b.WriteString("<p>")
		b.WriteString(strings.ReplaceAll(html.EscapeString(p), "\n", "<br>"))
		b.WriteString("</p>")
	}
	return b.String()
}

// Collection is an OrderedCollection shown by its size only (the
// followers list is the owner's, not public).
type Collection struct {
	Context    string `json:"@context"`
	ID         string `json:"id"`
	Type       string `json:"type"`
	TotalItems int    `json:"totalItems"`
}

// Followers returns the site's followers collection: the count, no
// items.
func (s *Service) Followers(ctx context.Context, userID stgypub.ID) (*Collection, error) {
	if _, err := s.site(ctx, userID); err != nil {
		return nil, err
	}
	n, err := s.st.Federation.CountFollowers(ctx, userID)
	if err != nil {
		return nil, err
	}
	return &Collection{Context: ContextActivityStreams, ID: s.ActorID(userID) + "/followers", Type: "OrderedCollection", TotalItems: n}, nil
}

// Outbox returns the site's outbox collection: the number of published
// posts.
func (s *Service) Outbox(ctx context.Context, userID stgypub.ID) (*Collection, error) {
	if _, err := s.site(ctx, userID); err != nil {
		return nil, err
	}
	n, err := s.st.Posts.CountPublishedByUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	return &Collection{Context: ContextActivityStreams, ID: s.ActorID(userID) + "/outbox", Type: "OrderedCollection", TotalItems: n}, nil
}

// JRD is a WebFinger answer (RFC 7033).
type JRD struct {
	Subject string    `json:"subject"`
	Aliases []string  `json:"aliases,omitempty"`
	Links   []JRDLink `json:"links"`
}

// JRDLink is one link of a JRD.
type JRDLink struct {
	Rel  string `json:"rel"`
	Type string `json:"type,omitempty"`
	Href string `json:"href"`
}

// WebFinger answers resource, "acct:{login}@{host}" (the "acct:" prefix
// optional, login and host case-insensitive): the site's actor. A
// resource of another host or of no federated site is NOT_FOUND; a
// malformed one BAD_USER_INPUT.
func (s *Service) WebFinger(ctx context.Context, resource string) (*JRD, error) {
	login, host, err := ParseAcct(resource)
	if err != nil {
		return nil, err
	}
	if strings.ToLower(host) != s.host {
		return nil, stgypub.Errorf(stgypub.CodeNotFound, "not a site of this server")
	}
	id, err := s.st.Federation.UserIDByLoginFold(ctx, login)
	if err != nil {
		return nil, err
	}
	st, err := s.site(ctx, id)
	if err != nil {
		return nil, err
	}
	actor := s.ActorID(id)
	return &JRD{
		Subject: "acct:" + st.user.LoginName + "@" + s.cfg.BaseURL.Host,
		Aliases: []string{actor},
		Links: []JRDLink{
			{Rel: "self", Type: "application/activity+json", Href: actor},
			{Rel: "http://webfinger.net/rel/profile-page", Type: "text/html", Href: actor},
		},
	}, nil
}

// ParseAcct splits a WebFinger resource "acct:{login}@{host}" (the
// "acct:" prefix optional): both parts non-empty, one "@", no white
// space or control characters; BAD_USER_INPUT (field "resource")
// otherwise.
func ParseAcct(resource string) (login, host string, err error) {
	acct := strings.TrimPrefix(resource, "acct:")
	login, host, ok := strings.Cut(acct, "@")
	if !ok || login == "" || host == "" || strings.Contains(host, "@") || strings.ContainsFunc(acct, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return "", "", stgypub.FieldErrorf("resource", "resource must be acct:{site}@{host}")
	}
	return login, host, nil
}

// NodeInfoSchema is the NodeInfo version served.
const NodeInfoSchema = "http://nodeinfo.diaspora.software/ns/schema/2.1"

// NodeInfoLinks is /.well-known/nodeinfo: where the NodeInfo 2.1
// document is.
func (s *Service) NodeInfoLinks() map[string]any {
	return map[string]any{"links": []JRDLink{{Rel: NodeInfoSchema, Href: s.base + "/nodeinfo/2.1"}}}
}

// NodeInfo is the NodeInfo 2.1 document: software, the activitypub
// protocol, closed registrations (accounts are made by the social
// network, not here). Usage figures are not published.
func (s *Service) NodeInfo() map[string]any {
	return map[string]any{
		"version":           "2.1",
		"software":          map[string]any{"name": "stgy-pub", "version": s.cfg.SoftwareVersion},
		"protocols":         []string{"activitypub"},
		"services":          map[string]any{"inbound": []string{}, "outbound": []string{"atom1.0"}},
		"openRegistrations": false,
		"usage":             map[string]any{"users": map[string]any{}},
		"metadata":          map[string]any{},
	}
}
