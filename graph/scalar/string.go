package scalar

import (
	"bytes"
	"io"

	"github.com/99designs/gqlgen/graphql"
)

// MarshalString writes s as a JSON string, byte for byte what gqlgen's
// graphql.MarshalString writes made safe to embed in HTML as
// encoding/json makes it (", \ and the controls below 0x20 escaped as
// gqlgen does: \t, \r, \n, \", \\ and \u00XX with upper-case hex digits;
// <, >, & as \u003c, \u003e, \u0026 and U+2028, U+2029 as \u2028,
// \u2029 as encoding/json does; every other byte as it is, invalid UTF-8
// included), in one pass over the bytes and straight into the response
// buffer. Every String of the schema is written by it, so the response
// gqlgen writes is already the JSON the API sends: server/api copies it
// without another pass (issue 18). A string of 4 KB or more is escaped
// once per string value (string_cache.go).
func MarshalString(s string) graphql.Marshaler {
	return graphql.WriterFunc(func(w io.Writer) {
		if len(s) >= quotedMinLen {
			_, _ = w.Write(quotedOf(s))
			return
		}
		if b, ok := w.(*bytes.Buffer); ok {
			b.Grow(len(s) + 2)
			b.Write(AppendString(b.AvailableBuffer(), s))
			return
		}
		_, _ = w.Write(AppendString(nil, s))
	})
}

// UnmarshalString is gqlgen's graphql.UnmarshalString (the schema's
// String input coercion is unchanged).
func UnmarshalString(v any) (string, error) { return graphql.UnmarshalString(v) }

// AppendString appends s quoted as MarshalString writes it to dst.
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !needsEscape[c] || (c == 0xE2 && !lineSeparator(s, i)) {
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '\t':
			dst = append(dst, '\\', 't')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\\':
			dst = append(dst, '\\', '\\')
		case '"':
			dst = append(dst, '\\', '"')
		case '<', '>', '&':
			dst = append(dst, '\\', 'u', '0', '0', lowerHex[c>>4], lowerHex[c&0xf])
		case 0xE2:
			dst = append(dst, '\\', 'u', '2', '0', '2', lowerHex[s[i+2]&0xf])
			i += 2
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		start = i + 1
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// lineSeparator reports whether s[i:] starts with U+2028 or U+2029
// (E2 80 A8, E2 80 A9).
func lineSeparator(s string, i int) bool {
	return i+2 < len(s) && s[i+1] == 0x80 && s[i+2]&^1 == 0xA8
}

// hexDigits are gqlgen's (controls), lowerHex encoding/json's (<, >, &,
// U+2028, U+2029).
const (
	hexDigits = "0123456789ABCDEF"
	lowerHex  = "0123456789abcdef"
)

// needsEscape marks the bytes MarshalString escapes or looks at (0xE2
// begins U+2028 and U+2029).
var needsEscape = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'], t['<'], t['>'], t['&'], t[0xE2] = true, true, true, true, true, true
	return t
}()
