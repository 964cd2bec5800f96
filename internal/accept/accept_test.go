package accept

import (
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   []Range
	}{
		{"", nil},
		{"text/html", []Range{{"text/html", map[string]string{}, 1}}},
		{"Text/HTML;q=0.5, */*;q=0", []Range{{"text/html", map[string]string{}, 0.5}, {"*/*", map[string]string{}, 0}}},
		{`application/ld+json; profile="https://www.w3.org/ns/activitystreams"; q=0.9`,
			[]Range{{"application/ld+json", map[string]string{"profile": "https://www.w3.org/ns/activitystreams"}, 0.9}}},
		{"a/b;q=2, c/d;q=x, e/f;q=-1", []Range{{"a/b", map[string]string{}, 1}, {"c/d", map[string]string{}, 1}, {"e/f", map[string]string{}, 1}}},
		{"garbage;;=, text/plain", []Range{{"text/plain", map[string]string{}, 1}}},
	} {
		if got := Parse(tc.header); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Parse(%q) = %+v, want %+v", tc.header, got, tc.want)
		}
	}
}
