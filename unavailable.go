package stgypub

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"
)

// Unavailable is implemented by errors that know they mean "a dependency
// is unavailable" (e.g. an open circuit breaker).
type Unavailable interface{ Unavailable() bool }

// IsUnavailable reports whether err means a dependency could not be
// reached or did not answer in time, rather than a fault of the request
// or of the code: a *Error with CodeUnavailable; an error saying so
// (Unavailable); network errors (refused, reset, timeouts, DNS);
// a connection closed mid-request (EOF, driver.ErrBadConn); an exceeded
// deadline; and PostgreSQL's SQLSTATE classes 08 (connection exception),
// 53 (insufficient resources, e.g. too many connections), 57P01–57P03
// (shutdown, cannot connect now), read from any error with a Field(byte)
// method (pgdriver.Error) without importing a driver. A caller's
// cancellation (context.Canceled) is not unavailability. Handlers answer
// such errors with 503 and Retry-After (HTTP) or UNAVAILABLE (GraphQL).
func IsUnavailable(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) {
		return false
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code == CodeUnavailable
	}
	var u Unavailable
	if errors.As(err, &u) && u.Unavailable() {
		return true
	}
	var ne net.Error
	switch {
	case errors.As(err, &ne),
		errors.Is(err, context.DeadlineExceeded),
		errors.Is(err, driver.ErrBadConn),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return true
	}
	var pg interface{ Field(byte) string }
	if errors.As(err, &pg) {
		code := pg.Field('C')
		return strings.HasPrefix(code, "08") || strings.HasPrefix(code, "53") ||
			code == "57P01" || code == "57P02" || code == "57P03"
	}
	return false
}

// StatusClientClosedRequest (499, nginx's "client closed request") is
// the status recorded, in the access log and the metrics, for a request
// whose client hung up before the answer: neither a server fault (5xx)
// nor the client's error to report, and logged at debug level only.
const StatusClientClosedRequest = 499

// ClientClosed reports whether err is the end of a request whose client
// went away: err is (or wraps) context.Canceled and the request's own
// context ctx is cancelled. A deadline is not a hang-up (IsUnavailable).
func ClientClosed(ctx context.Context, err error) bool {
	return err != nil && errors.Is(err, context.Canceled) && errors.Is(ctx.Err(), context.Canceled)
}
