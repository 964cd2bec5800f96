package stgypub

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"
)

type pgErr struct{ code string }

func (e pgErr) Error() string { return "pg: " + e.code }
func (e pgErr) Field(f byte) string {
	if f == 'C' {
		return e.code
	}
	return ""
}

type selfUnavailable struct{}

func (selfUnavailable) Error() string     { return "breaker open" }
func (selfUnavailable) Unavailable() bool { return true }

func TestIsUnavailable(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	for _, err := range []error{
		refused,
		fmt.Errorf("store: load post: %w", refused),
		context.DeadlineExceeded,
		fmt.Errorf("wrapped: %w", io.EOF),
		io.ErrUnexpectedEOF,
		driver.ErrBadConn,
		syscall.ECONNRESET,
		pgErr{"57P01"}, pgErr{"57P03"}, pgErr{"08006"}, pgErr{"53300"},
		fmt.Errorf("x: %w", selfUnavailable{}),
		Errorf(CodeUnavailable, "down"),
	} {
		if !IsUnavailable(err) {
			t.Errorf("IsUnavailable(%v) = false", err)
		}
	}
	for _, err := range []error{
		nil,
		errors.New("syntax error"),
		context.Canceled,
		fmt.Errorf("client went away: %w", context.Canceled),
		pgErr{"23505"}, pgErr{"42601"}, pgErr{"57014"},
		Errorf(CodeNotFound, "no"),
		Errorf(CodeInternal, "bug"),
	} {
		if IsUnavailable(err) {
			t.Errorf("IsUnavailable(%v) = true", err)
		}
	}
}
