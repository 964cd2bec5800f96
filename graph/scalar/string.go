package scalar

import (
	"bytes"
	"io"

	"github.com/99designs/gqlgen/graphql"
)

// MarshalString writes s as a JSON string, byte for byte what gqlgen's
// graphql.MarshalString writes (", \ and the controls below 0x20 escaped:
// \t, \r, \n, \", \\ and \u00XX with upper-case hex digits; every other
// byte as it is, invalid UTF-8 included), in one pass over the bytes and
// straight into the response buffer: gqlgen's decodes each rune and makes
// one interface call per run, a quarter of an uncached article query's
// CPU for its HTML (issue 18). A string of 4 KB or more is escaped once
// per string value (string_cache.go).
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
		if !needsEscape[c] {
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
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		start = i + 1
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

const hexDigits = "0123456789ABCDEF"

// needsEscape marks the bytes MarshalString escapes.
var needsEscape = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()
