package counter

import (
	"fmt"
	"strings"
	"unicode"
)

// PrefixMaxLen bounds STGY_REDIS_PREFIX, in bytes.
const PrefixMaxLen = 64

// CheckPrefix reports why a Redis key prefix (Config.Prefix,
// STGY_REDIS_PREFIX) cannot be used, or nil. Every key is prefix + a name
// whose owner or client part is a Redis Cluster hash tag ("{…}", see
// keys.go), so a prefix holding "{" or "}" would move the hash tag into
// the prefix: on a cluster one view's keys would then hash to different
// slots and every script would fail with CROSSSLOT. White space and
// control characters are refused too (they make keys unreadable in
// redis-cli and logs), and so is a prefix over PrefixMaxLen bytes.
func CheckPrefix(p string) error {
	if strings.ContainsAny(p, "{}") {
		return fmt.Errorf("%q must not contain { or }: keys use {…} as the Redis Cluster hash tag, and a brace in the prefix would split one view's keys across slots (CROSSSLOT)", p)
	}
	if len(p) > PrefixMaxLen {
		return fmt.Errorf("%q is %d bytes; the limit is %d", p, len(p), PrefixMaxLen)
	}
	for _, r := range p {
		if unicode.IsSpace(r) || unicode.IsControl(r) || r == unicode.ReplacementChar {
			return fmt.Errorf("%q must not contain white space, control characters or invalid UTF-8", p)
		}
	}
	return nil
}
