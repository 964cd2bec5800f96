// Package accept reads HTTP Accept headers (RFC 9110 §12.5.1): the media
// ranges a client lists, each with its quality value. Callers decide
// what to answer from them (the GraphQL transport, ActivityPub content
// negotiation).
package accept

import (
	"mime"
	"strconv"
	"strings"
)

// Range is one media range of an Accept header: Type is lower case
// ("text/html", "*/*"), Params its parameters without q, Q its quality
// from 0 to 1 (1 when absent or not a number in that range).
type Range struct {
	Type   string
	Params map[string]string
	Q      float64
}

// Parse returns header's media ranges in the order given; a range that
// does not parse is skipped. An empty header gives none.
func Parse(header string) []Range {
	var out []Range
	for part := range strings.SplitSeq(header, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		q := 1.0
		if s, ok := params["q"]; ok {
			if v, err := strconv.ParseFloat(s, 64); err == nil && v >= 0 && v <= 1 {
				q = v
			}
			delete(params, "q")
		}
		out = append(out, Range{Type: mt, Params: params, Q: q})
	}
	return out
}
