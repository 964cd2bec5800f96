package counter

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/stgy/stgypub"
)

// errReply is a Redis error reply found in a raw reply (WRONGTYPE, or a
// cluster redirection such as MOVED that go-redis only follows for typed
// commands): readWindow then redoes the window with typed HGETALLs.
var errReply = errors.New("counter: error reply")

// hashReply walks the raw RESP bytes of one HGETALL reply without
// allocating: a RESP3 map (%N) or a RESP2 array (*2N) of bulk strings.
type hashReply struct {
	b []byte
	n int // field/value pairs left
}

// newHashReply reads the reply header; it returns errReply for an error
// reply and a descriptive error for anything that is not a flat map.
func newHashReply(b []byte) (hashReply, error) {
	if len(b) > 0 && (b[0] == '-' || b[0] == '!') {
		return hashReply{}, fmt.Errorf("%w: %.100q", errReply, b)
	}
	line, rest, ok := respLine(b)
	if !ok || len(line) < 2 || (line[0] != '%' && line[0] != '*') {
		return hashReply{}, fmt.Errorf("counter: HGETALL reply is not a map: %.40q", b)
	}
	n, ok := respInt(line[1:])
	if !ok || n < 0 {
		return hashReply{}, fmt.Errorf("counter: HGETALL reply header %q", line)
	}
	if line[0] == '*' {
		if n%2 != 0 {
			return hashReply{}, fmt.Errorf("counter: HGETALL reply of %d elements", n)
		}
		n /= 2
	}
	return hashReply{b: rest, n: n}, nil
}

// next returns the next field and value; ok is false at the end, err set
// when the bytes are not bulk strings.
func (r *hashReply) next() (field, value []byte, ok bool, err error) {
	if r.n == 0 {
		return nil, nil, false, nil
	}
	if field, err = r.bulk(); err != nil {
		return nil, nil, false, err
	}
	if value, err = r.bulk(); err != nil {
		return nil, nil, false, err
	}
	r.n--
	return field, value, true, nil
}

// bulk reads one bulk string ($len\r\ndata\r\n).
func (r *hashReply) bulk() ([]byte, error) {
	line, rest, ok := respLine(r.b)
	if !ok || len(line) < 2 || line[0] != '$' {
		return nil, fmt.Errorf("counter: HGETALL reply element %.40q is not a bulk string", r.b)
	}
	n, ok := respInt(line[1:])
	if !ok || n < 0 || len(rest) < n+2 || rest[n] != '\r' || rest[n+1] != '\n' {
		return nil, fmt.Errorf("counter: HGETALL reply element %q is truncated", line)
	}
	r.b = rest[n+2:]
	return rest[:n], nil
}

// respLine splits b at its first CRLF.
func respLine(b []byte) (line, rest []byte, ok bool) {
	for i := 0; i+1 < len(b); i++ {
		if b[i] == '\r' && b[i+1] == '\n' {
			return b[:i], b[i+2:], true
		}
	}
	return nil, nil, false
}

// respInt parses a non-empty run of decimal digits (at most 18, so it
// cannot overflow int64).
func respInt(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// parseField parses a daily-Hash field: exactly 16 hexadecimal digits in
// either case (stgypub.ParseID's rules), without allocating.
func parseField(b []byte) (stgypub.ID, bool) {
	if len(b) != 16 {
		return 0, false
	}
	var u uint64
	for _, c := range b {
		var d byte
		switch {
		case '0' <= c && c <= '9':
			d = c - '0'
		case 'a' <= c && c <= 'f':
			d = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, false
		}
		u = u<<4 | uint64(d)
	}
	return stgypub.ID(u), true
}

// parsePV parses a daily-Hash value as strconv.ParseInt does and accepts
// it when positive. HINCRBY writes plain decimal, parsed here without
// allocating; anything else (a sign, 19 digits) takes strconv's path.
func parsePV(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 18 {
		return parsePVSlow(b)
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return parsePVSlow(b)
		}
		n = n*10 + int64(c-'0')
	}
	return n, n > 0
}

func parsePVSlow(b []byte) (int64, bool) {
	n, err := strconv.ParseInt(string(b), 10, 64)
	return n, err == nil && n > 0
}
