package stgypub

import (
	"errors"
	"fmt"
)

// Error codes reach GraphQL clients as extensions.code and map to HTTP
// statuses in server. They follow docs/ARCHITECTURE.md "GraphQL".
const (
	CodeBadUserInput    = "BAD_USER_INPUT"
	CodeUnauthenticated = "UNAUTHENTICATED"
	CodeForbidden       = "FORBIDDEN"
	CodeNotFound        = "NOT_FOUND"
	CodeConflict        = "CONFLICT"
	CodeRateLimited     = "RATE_LIMITED"
	// CodeCaptchaRequired: a comment needs a solved CAPTCHA: there is no
	// usable pass and no live challenge (show a new challenge).
	CodeCaptchaRequired = "CAPTCHA_REQUIRED"
	// CodeUnavailable: a dependency the request needs (PostgreSQL) is
	// down or too slow; nothing was changed, retry later (HTTP 503 with
	// Retry-After). See IsUnavailable.
	CodeUnavailable = "UNAVAILABLE"
	CodeInternal    = "INTERNAL"
)

// Transport refusals (docs/API.md "Transport rules"): the HTTP request
// itself was not acceptable, so nothing was parsed or executed. They are
// not BAD_USER_INPUT, which is about a value the operation was given.
const (
	// CodeBadRequest: the body or the URL parameters are not a GraphQL
	// request (not JSON, no string query, a batch, invalid UTF-8); 400.
	CodeBadRequest = "BAD_REQUEST"
	// CodeMethodNotAllowed: a method other than GET and POST, or a
	// mutation over GET; 405 with Allow.
	CodeMethodNotAllowed = "METHOD_NOT_ALLOWED"
	// CodeUnsupportedMediaType: a POST body that is not application/json
	// (UTF-8); 415.
	CodeUnsupportedMediaType = "UNSUPPORTED_MEDIA_TYPE"
	// CodeNotAcceptable: the Accept header allows none of
	// application/json, application/graphql-response+json and
	// multipart/mixed; 406.
	CodeNotAcceptable = "NOT_ACCEPTABLE"
	// CodePayloadTooLarge: the body or the query text is over its limit;
	// 413.
	CodePayloadTooLarge = "PAYLOAD_TOO_LARGE"
	// CodePersistedQueryNotFound: a persisted query's hash is not known
	// (Apollo's automatic persisted queries): send the query text with
	// the hash once.
	CodePersistedQueryNotFound = "PERSISTED_QUERY_NOT_FOUND"
	// CodePersistedQueryNotInList: the server accepts only the persisted
	// documents of its allow-list and this one is not in it.
	CodePersistedQueryNotInList = "PERSISTED_QUERY_NOT_IN_LIST"
)

// Error is an application error whose Code and Message are safe to show to
// a client. Any other error is reported to clients as INTERNAL with its text
// hidden.
type Error struct {
	Code    string
	Message string
	// Field names the input field at fault, as the API spells it
	// ("showSideRecent", "extensions.timeZone"); "" when the error is not
	// about one field. GraphQL clients get it as extensions.field.
	Field string
	// Details are further client-safe values GraphQL clients get as
	// extensions next to code (VersionConflict's currentVersion and
	// updatedAt, a rate limit's address); nil when none. They never
	// replace code, field or status.
	Details map[string]any
}

// Error implements the error interface.
func (e *Error) Error() string { return fmt.Sprintf("stgypub: %s: %s", e.Code, e.Message) }

// Errorf returns an *Error with the given code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// FieldErrorf returns a BAD_USER_INPUT *Error about one input field; the
// message should name the field too.
func FieldErrorf(field, format string, args ...any) *Error {
	return &Error{Code: CodeBadUserInput, Message: fmt.Sprintf(format, args...), Field: field}
}

// ErrorCode returns the code of the first *Error in err's chain, "" for a
// nil err and CodeInternal for any other error.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// ErrorMessage returns the client-safe message of err: the Message of the
// first *Error in its chain, or "internal error" for anything else.
func ErrorMessage(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "internal error"
}

// IsNotFound reports whether err carries CodeNotFound.
func IsNotFound(err error) bool { return ErrorCode(err) == CodeNotFound }
