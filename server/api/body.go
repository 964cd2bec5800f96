package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"

	"github.com/stgy/stgypub"
)

// refusal is a refusal before anything executes: an HTTP status, an
// extensions.code (a transport code of error.go, or BAD_USER_INPUT for
// the query limits) and a short, client-safe message. A status of 0 is a
// GraphQL request error, whose status depends on the response media type
// (requestErrorStatus).
type refusal struct {
	status int
	code   string
	format string
	args   []any
}

func (r *refusal) message() string { return fmt.Sprintf(r.format, r.args...) }

// badRequest is a 400 BAD_REQUEST refusal.
func badRequest(format string, args ...any) *refusal {
	return &refusal{http.StatusBadRequest, stgypub.CodeBadRequest, format, args}
}

// utf8BOM is accepted (and removed) at the start of a body: RFC 8259
// allows parsers to ignore it, and some Windows tools send it.
var utf8BOM = []byte("\xef\xbb\xbf")

// badBody is the one message for a body that does not decode (followed
// by the member whose JSON type is wrong, badBodyReason): it never echoes
// the body or names Go types.
const badBody = "request body must be a JSON object with a string query"

// parseBody checks and decodes a request body before gqlgen sees it:
// valid UTF-8 (after an optional BOM, which is removed), no \u escape
// of an unpaired UTF-16 surrogate (encoding/json would silently store
// U+FFFD), exactly one JSON object with a string "query", an
// "operationName" string, and "variables" and "extensions" objects (or
// null), and nothing but white space after it. It returns the body to
// hand over (without the BOM) and the decoded request, decoded as
// gqlgen's POST transport will decode it again.
func parseBody(body []byte) ([]byte, *graphql.RawParams, *refusal) {
	body = bytes.TrimPrefix(body, utf8BOM)
	if !utf8.Valid(body) {
		return nil, nil, badRequest("request body is not valid UTF-8")
	}
	t := bytes.TrimLeft(body, " \t\r\n")
	if len(t) == 0 || t[0] != '{' {
		if len(t) > 0 && t[0] == '[' {
			return nil, nil, badRequest("batched requests are not supported")
		}
		return nil, nil, badRequest(badBody)
	}
	if loneSurrogate(body) {
		return nil, nil, badRequest(`request body has a \u escape of an unpaired UTF-16 surrogate`)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var req graphql.RawParams
	if err := dec.Decode(&req); err != nil {
		return nil, nil, badRequest(badBodyReason(err))
	}
	if rest := bytes.TrimLeft(body[dec.InputOffset():], " \t\r\n"); len(rest) > 0 {
		return nil, nil, badRequest("request body has data after the JSON object")
	}
	return body, &req, nil
}

// loneSurrogate reports whether b (JSON text, or a GraphQL document,
// whose string escapes are the same) has a \uD800-\uDFFF escape
// that is not a high surrogate immediately followed by a low one. Every
// backslash outside strings is a JSON syntax error, so escapes are
// skipped in order without tracking strings ("\\ud800" is a backslash
// and text, not an escape).
func loneSurrogate[T string | []byte](b T) bool {
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' {
			continue
		}
		if i+1 >= len(b) || b[i+1] != 'u' {
			i++ // a two-byte escape such as \\ or \"
			continue
		}
		r, ok := hex4(b, i+2)
		i += 5
		switch {
		case !ok || r < 0xD800 || r > 0xDFFF:
		case r >= 0xDC00: // low surrogate without a high one
			return true
		default: // high surrogate: a low one must follow at once
			lo, ok := 0, false
			if i+2 < len(b) && b[i+1] == '\\' && b[i+2] == 'u' {
				lo, ok = hex4(b, i+3)
			}
			if !ok || lo < 0xDC00 || lo > 0xDFFF {
				return true
			}
			i += 6
		}
	}
	return false
}

// hex4 decodes the four hexadecimal digits at b[i:i+4].
func hex4[T string | []byte](b T, i int) (int, bool) {
	if i+4 > len(b) {
		return 0, false
	}
	v := 0
	for j := i; j < i+4; j++ {
		c := b[j]
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		v = v<<4 | int(c)
	}
	return v, true
}

// badBodyReason is badBody, naming the member of the request object
// whose JSON type is wrong when that is the fault ("variables" must be
// an object, not a string), so a client is not sent to its query.
func badBodyReason(err error) string {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) || te.Field == "" {
		return badBody
	}
	want := "a string"
	if te.Type != nil && te.Type.Kind() == reflect.Map {
		want = "an object"
	}
	return fmt.Sprintf("%s: %q must be %s, not %s", badBody, te.Field, want, te.Value)
}
