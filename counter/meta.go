package counter

import (
	"time"
	"unicode/utf8"
)

// meta is the JSON of a meta key (docs/SPEC.md#stats).
type meta struct {
	PublishedAt *string `json:"publishedAt"`
	Digest      string  `json:"digest"`
}

// metaTime is the publishedAt format: RFC 3339, milliseconds, "Z".
const metaTime = "2006-01-02T15:04:05.000Z"

// appendMeta appends the compact JSON of a meta key,
// {"publishedAt":"2026-08-06T12:22:58.000Z","digest":"..."} (publishedAt
// null for a zero time), without allocating. It decodes to what
// json.Marshal(meta{...}) decodes to, but leaves <, > and & unescaped
// (json.Marshal's \u003c costs 6 bytes of Redis memory for 1).
func appendMeta(b []byte, publishedAt time.Time, digest string) []byte {
	b = append(b, `{"publishedAt":`...)
	if publishedAt.IsZero() {
		b = append(b, "null"...)
	} else {
		b = append(b, '"')
		b = publishedAt.UTC().AppendFormat(b, metaTime)
		b = append(b, '"')
	}
	b = append(b, `,"digest":`...)
	b = appendJSONString(b, digest)
	return append(b, '}')
}

// appendJSONString appends s as a JSON string with encoding/json's escapes
// except the HTML ones: ", \ and control characters escaped, U+2028 and
// U+2029 escaped, each invalid UTF-8 byte replaced by U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	if !utf8.ValidString(s) {
		return appendJSONStringSlow(b, s)
	}
	// Valid UTF-8: only ASCII specials and E2 80 A8/A9 need a look.
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x20 || c == '"' || c == '\\':
			b = append(b, s[start:i]...)
			b = appendEscape(b, c)
			start = i + 1
		case c == 0xE2 && i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9):
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', "89"[s[i+2]-0xA8])
			i += 2
			start = i + 1
		}
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendEscape appends encoding/json's escape of the ASCII byte c.
func appendEscape(b []byte, c byte) []byte {
	const hex = "0123456789abcdef"
	switch c {
	case '"', '\\':
		return append(b, '\\', c)
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	}
	return append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
}

// appendJSONStringSlow is appendJSONString for invalid UTF-8.
func appendJSONStringSlow(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			b = appendEscape(b, c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', "89"[r-'\u2028'])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
