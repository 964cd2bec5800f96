package stgypub_test

import (
	"io"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

func TestStripBOM(t *testing.T) {
	cases := map[string]string{
		"":                      "",
		"\uFEFF":                "",
		"\uFEFF# Hello\n\nBody": "# Hello\n\nBody",
		"\uFEFF\uFEFFtwice":     "twice",
		"inner\uFEFFkept":       "inner\uFEFFkept",
		"no mark":               "no mark",
		"\uFEFF\uFEFF":          "",
		"\xef\xbb":              "\xef\xbb", // a cut mark is not a mark
		"\uFEFF日本語":             "日本語",
		" \uFEFFafter a space":  " \uFEFFafter a space",
	}
	for in, want := range cases {
		if got := stgypub.StripBOM(in); got != want {
			t.Errorf("StripBOM(%q) = %q, want %q", in, got, want)
		}
		b, err := io.ReadAll(stgypub.SkipBOM(strings.NewReader(in)))
		if err != nil || string(b) != want {
			t.Errorf("SkipBOM(%q) read %q, %v; want %q", in, b, err, want)
		}
	}
}
