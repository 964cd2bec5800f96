package stgypub

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"
)

// ID is a 64-bit Snowflake-style identifier: milliseconds since the Unix
// epoch in the top 44 bits and a 20-bit sequence/worker part below
// (docs/ARCHITECTURE.md "Identifiers and time"). It is shown as 16 upper-case
// hexadecimal digits, e.g. "19FD706DCB600000".
type ID int64

// idSeqBits is the width of the sequence/worker part below the timestamp.
const idSeqBits = 20

// String formats the ID as 16 upper-case hexadecimal digits.
func (id ID) String() string {
	var buf [16]byte
	return string(id.appendHex(buf[:0]))
}

// appendHex appends the ID's 16 upper-case hexadecimal digits to dst.
func (id ID) appendHex(dst []byte) []byte {
	const digits = "0123456789ABCDEF"
	u := uint64(id)
	for shift := 60; shift >= 0; shift -= 4 {
		dst = append(dst, digits[(u>>shift)&0xF])
	}
	return dst
}

// Time is the creation time encoded in the ID's top 44 bits (millisecond
// precision, UTC).
func (id ID) Time() time.Time { return time.UnixMilli(int64(uint64(id) >> idSeqBits)).UTC() }

// IDFromTime returns the smallest ID whose timestamp part is t, plus seq in
// the low 20 bits (seq is masked to 20 bits).
func IDFromTime(t time.Time, seq int64) ID {
	return ID(t.UnixMilli()<<idSeqBits | seq&(1<<idSeqBits-1))
}

// ParseID parses exactly 16 hexadecimal digits in either case. Anything
// else (other lengths, signs, prefixes, spaces) fails with BAD_USER_INPUT.
func ParseID(s string) (ID, error) {
	if len(s) != 16 {
		return 0, Errorf(CodeBadUserInput, "invalid ID: want 16 hexadecimal digits")
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return 0, Errorf(CodeBadUserInput, "invalid ID: want 16 hexadecimal digits")
		}
	}
	u, err := strconv.ParseUint(s, 16, 64)
	if err != nil {
		return 0, Errorf(CodeBadUserInput, "invalid ID: want 16 hexadecimal digits")
	}
	return ID(u), nil
}

// MarshalText implements encoding.TextMarshaler (JSON strings of 16 hex digits).
func (id ID) MarshalText() ([]byte, error) { return []byte(id.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseID's rules.
func (id *ID) UnmarshalText(b []byte) error {
	v, err := ParseID(string(b))
	if err != nil {
		return err
	}
	*id = v
	return nil
}

// MarshalGQL writes the ID as a GraphQL string (gqlgen Marshaler).
func (id ID) MarshalGQL(w io.Writer) {
	if b, ok := w.(*bytes.Buffer); ok { // gqlgen's response buffer: no copy
		b.Grow(18)
		b.Write(id.appendQuoted(b.AvailableBuffer()))
		return
	}
	var buf [18]byte
	_, _ = w.Write(id.appendQuoted(buf[:0]))
}

// appendQuoted appends the ID as a JSON string to dst.
func (id ID) appendQuoted(dst []byte) []byte {
	return append(id.appendHex(append(dst, '"')), '"')
}

// UnmarshalGQL accepts a GraphQL string of 16 hex digits (gqlgen
// Unmarshaler); other input fails with BAD_USER_INPUT.
func (id *ID) UnmarshalGQL(v any) error {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case json.Number: // GraphQL's ID input accepts integers: read as their decimal text
		s = x.String()
	case int, int32, int64:
		s = fmt.Sprint(x)
	default:
		return Errorf(CodeBadUserInput, "invalid ID: want a string of 16 hexadecimal digits")
	}
	return id.UnmarshalText([]byte(s))
}

// ParseIDs parses every string with ParseID; the first failure names its
// position.
func ParseIDs(ss []string) ([]ID, error) {
	ids := make([]ID, len(ss))
	for i, s := range ss {
		id, err := ParseID(s)
		if err != nil {
			return nil, Errorf(CodeBadUserInput, "ids[%d]: %s", i, ErrorMessage(err))
		}
		ids[i] = id
	}
	return ids, nil
}

var _ fmt.Stringer = ID(0)
