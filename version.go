package stgypub

import (
	"strconv"
	"strings"
	"time"
)

// Version is a stored object's write counter (posts.version,
// user_pub_configs.version, post_pub_comments.version,
// users.profile_version): every write moves it forward, so two reads with
// the same Version saw the same object. A site without a settings row has
// version 0. Clients see it as an opaque token (Token, ParseVersion);
// docs/API.md "Versions and conflicts".
type Version int64

// Token is v as the API shows it (OwnPost.version and the others): an
// opaque string that changes on every write.
func (v Version) Token() string { return strconv.FormatInt(int64(v), 10) }

// ParseVersion reads a token of Token. Anything else (empty, not a token
// this server gives out) is BAD_USER_INPUT about field.
func ParseVersion(field, token string) (Version, error) {
	n, err := strconv.ParseInt(token, 10, 64)
	if err != nil || n < 0 || strconv.FormatInt(n, 10) != token {
		return 0, FieldErrorf(field, "%s is not a version token this server gave out (read it from the object's version field)", field)
	}
	return Version(n), nil
}

// Precondition is a write's condition on the version it changes: the zero
// value is none (the write happens whatever the version: last write
// wins); IfVersion(v) writes only while the stored version is v.
type Precondition struct {
	version Version
	set     bool
}

// IfVersion is the precondition "the stored version is still v".
func IfVersion(v Version) Precondition { return Precondition{version: v, set: true} }

// ParsePrecondition reads an optional ifVersion argument: nil is no
// precondition, a token (ParseVersion) is IfVersion, anything else
// BAD_USER_INPUT about field.
func ParsePrecondition(field string, token *string) (Precondition, error) {
	if token == nil {
		return Precondition{}, nil
	}
	v, err := ParseVersion(field, *token)
	if err != nil {
		return Precondition{}, err
	}
	return IfVersion(v), nil
}

// IsSet reports whether p is a condition (not the zero value).
func (p Precondition) IsSet() bool { return p.set }

// Version is the version p requires (0 when p is not set).
func (p Precondition) Version() Version { return p.version }

// Holds reports whether a write may proceed on an object at version
// current.
func (p Precondition) Holds(current Version) bool { return !p.set || p.version == current }

// Or returns p when it is set, else IfVersion(v): a read-modify-write
// (a settings merge patch) that must not overwrite a write made between
// its read and its write even when the client gave no precondition.
func (p Precondition) Or(v Version) Precondition {
	if p.set {
		return p
	}
	return IfVersion(v)
}

// VersionConflict is the CONFLICT error of a write whose precondition no
// longer holds: nothing was changed. Its Details carry the object's
// current version token ("currentVersion") and, when the object has one,
// its last write time ("updatedAt", RFC 3339), which GraphQL clients get
// in extensions (docs/API.md "Versions and conflicts").
func VersionConflict(what string, current Version, updatedAt *time.Time) *Error {
	verb := "was"
	if strings.HasSuffix(what, "s") { // "settings"
		verb = "were"
	}
	e := Errorf(CodeConflict, "the %s %s changed since it was read (now at version %s); nothing was changed: reload it, or send the change again with the new version", what, verb, current.Token())
	e.Details = map[string]any{"currentVersion": current.Token()}
	if updatedAt != nil {
		e.Details["updatedAt"] = updatedAt.UTC().Format(time.RFC3339Nano)
	}
	return e
}
