package stgypub

import (
	"net/url"
	"strings"
)

// FederationBlockedKey is the member of extensions.federation listing the
// remote servers and actors whose activities the site refuses
// (docs/FEDERATION.md "Blocklist"): an array of strings, each a host
// name ("example.social": that host and its subdomains, any case) or an
// actor URL ("https://example.social/users/x": that actor only).
const FederationBlockedKey = "blocked"

// Blocklist limits (extensions.federation.blocked). The whole extensions
// object is also limited to ExtensionsMaxChars, which binds first.
const (
	FederationBlockedMaxEntries = 500
	FederationBlockedMaxChars   = 2048
)

// FederationBlocked returns extensions.federation.blocked as stored
// (nil when absent).
func (e Extensions) FederationBlocked() []string {
	f, _ := e.obj[FederationKey].(map[string]any)
	arr, _ := f[FederationBlockedKey].([]any)
	out := make([]string, 0, len(arr))
	for _, v := range arr {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// FederationBlocks reports the first entry of the site's blocklist that
// matches one of ids (actor IDs, key IDs: absolute URLs), "" when none
// does. A host entry matches a URL whose host (port dropped) is it or
// ends in "." + it, case-insensitively; an actor entry matches the same
// URL (scheme and host compared case-insensitively, the fragment
// dropped, the path exactly).
func (e Extensions) FederationBlocks(ids ...string) string {
	blocked := e.FederationBlocked()
	if len(blocked) == 0 {
		return ""
	}
	for _, id := range ids {
		u, err := url.Parse(id)
		if err != nil || u.Host == "" {
			continue
		}
		host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
		actor := canonicalActorURL(u)
		for _, b := range blocked {
			if h, isHost := blockedHost(b); isHost {
				if host == h || strings.HasSuffix(host, "."+h) {
					return b
				}
			} else if bu, err := url.Parse(b); err == nil && canonicalActorURL(bu) == actor {
				return b
			}
		}
	}
	return ""
}

// blockedHost returns a host entry lower case without a trailing dot;
// isHost is false for an actor URL entry.
func blockedHost(entry string) (host string, isHost bool) {
	if strings.Contains(entry, "/") {
		return "", false
	}
	return strings.TrimSuffix(strings.ToLower(entry), "."), true
}

func canonicalActorURL(u *url.URL) string {
	c := *u
	c.Scheme, c.Host, c.Fragment, c.RawFragment = strings.ToLower(c.Scheme), strings.ToLower(c.Host), "", ""
	return c.String()
}

// validFederationHost reports whether s is a host name: dot-separated
// labels of letters, digits and hyphens (punycode for IDNs), not
// starting or ending with a hyphen, at least one dot or "localhost".
func validFederationHost(s string) bool {
	s = strings.TrimSuffix(s, ".")
	if s == "" || len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, r := range label {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
				return false
			}
		}
	}
	return true
}

// validateFederationBlocked checks extensions.federation.blocked: an
// array of at most FederationBlockedMaxEntries strings of at most
// FederationBlockedMaxChars, each a host name or an absolute http(s)
// URL with a host and a path (an actor); BAD_USER_INPUT naming the
// member otherwise.
func validateFederationBlocked(f map[string]any) error {
	v, ok := f[FederationBlockedKey]
	if !ok {
		return nil
	}
	const field = "extensions." + FederationKey + "." + FederationBlockedKey
	arr, ok := v.([]any)
	if !ok {
		return FieldErrorf(field, "%s must be an array of host names and actor URLs", field)
	}
	if len(arr) > FederationBlockedMaxEntries {
		return FieldErrorf(field, "%s has %d entries; the limit is %d", field, len(arr), FederationBlockedMaxEntries)
	}
	for i, e := range arr {
		s, ok := e.(string)
		if !ok {
			return FieldErrorf(field, "%s[%d] must be a string", field, i)
		}
		if len(s) > FederationBlockedMaxChars {
			return FieldErrorf(field, "%s[%d] is %d bytes; the limit is %d", field, i, len(s), FederationBlockedMaxChars)
		}
		if _, isHost := blockedHost(s); isHost {
			if !validFederationHost(s) {
				return FieldErrorf(field, "%s[%d] %q is neither a host name (example.social) nor an actor URL (https://example.social/users/x)", field, i, s)
			}
			continue
		}
		u, err := url.Parse(s)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil || strings.Trim(u.Path, "/") == "" {
			return FieldErrorf(field, "%s[%d] %q is neither a host name (example.social) nor an actor URL (https://example.social/users/x)", field, i, s)
		}
	}
	return nil
}
