package stgypub_test

import (
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

// TestParseExtensionsRules covers each rule of docs/SPEC.md#pub-config with
// accepted and rejected examples.
func TestParseExtensionsRules(t *testing.T) {
	pad := func(n int) string { // a {"k":"..."} object of exactly n characters
		return `{"k":"` + strings.Repeat("あ", n-8) + `"}`
	}
	cases := []struct {
		name, in string
		ok       bool
		want     string // String() when ok ("" = same as in)
	}{
		{"empty object", `{}`, true, ""},
		{"seed example", `{"shareButtons":["x","facebook","line","hatena"],"comments":{"mode":"moderated"},"analytics":{"googleAnalytics":{"measurementId":"G-XXXXXXXXXX"}}}`, true,
			`{"analytics":{"googleAnalytics":{"measurementId":"G-XXXXXXXXXX"}},"comments":{"mode":"moderated"},"shareButtons":["x","facebook","line","hatena"]}`},
		{"unknown keys and providers kept", `{"future":{"a":[1,2.50,true,null]},"analytics":{"plausible":{"domain":"x"}}}`, true,
			`{"analytics":{"plausible":{"domain":"x"}},"future":{"a":[1,2.50,true,null]}}`},
		{"unknown share id kept", `{"shareButtons":["mastodon_2"]}`, true, ""},
		{"white space compacted", " {\n \"comments\" : { } }\n", true, `{"comments":{}}`},
		{"missing mode accepted", `{"comments":{}}`, true, ""},
		{"exactly 4096 characters", pad(4096), true, ""},
		{"4097 characters", pad(4097), false, ""},
		{"NUL in a value", `{"k":"a\u0000b"}`, false, ""},
		{"NUL in a key", `{"a\u0000":1}`, false, ""},
		{"raw NUL byte", "{\"k\":\"a\x00\"}", false, ""},
		{"invalid UTF-8", "{\"k\":\"\xff\"}", false, ""},
		{"not an object", `["x"]`, false, ""},
		{"null", `null`, false, ""},
		{"two values", `{} {}`, false, ""},
		{"comments not an object", `{"comments":"open"}`, false, ""},
		{"bad comments mode", `{"comments":{"mode":"everyone"}}`, false, ""},
		{"mode not a string", `{"comments":{"mode":1}}`, false, ""},
		{"analytics not an object", `{"analytics":[]}`, false, ""},
		{"provider not an object", `{"analytics":{"googleAnalytics":"G-1"}}`, false, ""},
		{"bad provider name", `{"analytics":{"google analytics":{}}}`, false, ""},
		{"measurementId of 128", `{"analytics":{"googleAnalytics":{"measurementId":"` + strings.Repeat("G", 128) + `"}}}`, true, ""},
		{"measurementId of 129", `{"analytics":{"googleAnalytics":{"measurementId":"` + strings.Repeat("G", 129) + `"}}}`, false, ""},
		{"measurementId not a string", `{"analytics":{"googleAnalytics":{"measurementId":5}}}`, false, ""},
		{"shareButtons not an array", `{"shareButtons":"x"}`, false, ""},
		{"duplicate share ids", `{"shareButtons":["x","line","x"]}`, false, ""},
		{"share id of 64", `{"shareButtons":["` + strings.Repeat("a", 64) + `"]}`, true, ""},
		{"share id of 65", `{"shareButtons":["` + strings.Repeat("a", 65) + `"]}`, false, ""},
		{"empty share id", `{"shareButtons":[""]}`, false, ""},
		{"share id not ASCII", `{"shareButtons":["ｘ"]}`, false, ""},
		{"share id not a string", `{"shareButtons":[1]}`, false, ""},
		{"showViewCount false", `{"showViewCount":false}`, true, ""},
		{"showViewCount true", `{"showViewCount":true}`, true, ""},
		{"showViewCount a string", `{"showViewCount":"no"}`, false, ""},
		{"showViewCount a number", `{"showViewCount":0}`, false, ""},
		{"showViewCount null", `{"showViewCount":null}`, false, ""},
		{"byte-order marks of values dropped", "{\"timeZone\":\"\uFEFFAsia/Tokyo\",\"shareButtons\":[\"\uFEFFx\"],\"analytics\":{\"googleAnalytics\":{\"measurementId\":\"\uFEFFG-ABCD1234\"}}}", true,
			`{"analytics":{"googleAnalytics":{"measurementId":"G-ABCD1234"}},"shareButtons":["x"],"timeZone":"Asia/Tokyo"}`},
		{"nested too deep", strings.Repeat(`{"a":`, 40) + `1` + strings.Repeat(`}`, 40), false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, err := stgypub.ParseExtensions(c.in)
			if c.ok != (err == nil) {
				t.Fatalf("ParseExtensions(%.80q) error = %v, want ok=%v", c.in, err, c.ok)
			}
			if err != nil {
				if code := stgypub.ErrorCode(err); code != stgypub.CodeBadUserInput {
					t.Errorf("code = %s", code)
				}
				return
			}
			want := c.want
			if want == "" {
				want = c.in
			}
			if e.String() != want {
				t.Errorf("String() = %.120s, want %.120s", e.String(), want)
			}
		})
	}
}

func TestExtensionsAccessors(t *testing.T) {
	e, err := stgypub.ParseExtensions(`{"shareButtons":["hatena","x"],"comments":{"mode":"open"},"analytics":{"googleAnalytics":{"measurementId":"G-1"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(e.ShareButtons(), ","); got != "hatena,x" {
		t.Errorf("ShareButtons = %s", got)
	}
	if e.CommentsMode() != stgypub.CommentsOpen || e.GAMeasurementID() != "G-1" {
		t.Errorf("mode %s, GA %s", e.CommentsMode(), e.GAMeasurementID())
	}
	if !e.ShowViewCount() {
		t.Error("ShowViewCount without the key = false, want true")
	}
	for in, want := range map[string]bool{`{"showViewCount":false}`: false, `{"showViewCount":true}`: true} {
		x, err := stgypub.ParseExtensions(in)
		if err != nil || x.ShowViewCount() != want {
			t.Errorf("%s: ShowViewCount = %v (%v), want %v", in, x.ShowViewCount(), err, want)
		}
	}
	if z := stgypub.EmptyExtensions(); z.String() != "{}" || z.CommentsMode() != stgypub.CommentsNone || len(z.Object()) != 0 || !z.ShowViewCount() {
		t.Errorf("empty = %s", z.String())
	}
}

// FuzzParseExtensions: never panics; whatever is accepted round-trips
// through String (ParseExtensions(e.String()) equals e) and stays within
// the limits.
func FuzzParseExtensions(f *testing.F) {
	for _, s := range []string{
		`{}`, `{"shareButtons":["x","facebook"]}`, `{"comments":{"mode":"none"}}`,
		`{"analytics":{"googleAnalytics":{"measurementId":"G-1"}},"z":[1,"\u2028",{"a":null}]}`,
		`{"k":"\ud800"}`, `{"n":1e400}`, `{"a":1,"a":2}`, `[]`, `{"k":"<&>"}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := stgypub.ParseExtensions(s)
		if err != nil {
			if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
				t.Fatalf("error code %s: %v", stgypub.ErrorCode(err), err)
			}
			return
		}
		out := e.String()
		if n := len([]rune(out)); n > stgypub.ExtensionsMaxChars || strings.IndexByte(out, 0) >= 0 {
			t.Fatalf("accepted %d characters or NUL: %q", n, out)
		}
		e2, err := stgypub.ParseExtensions(out)
		if err != nil {
			t.Fatalf("String() %q of accepted %q does not parse: %v", out, s, err)
		}
		if e2.String() != out {
			t.Fatalf("round trip: %q -> %q", out, e2.String())
		}
		e3, err := stgypub.NewExtensions(e.Object())
		if err != nil || e3.String() != out {
			t.Fatalf("NewExtensions(Object()) = %q, %v; want %q", e3.String(), err, out)
		}
	})
}

func TestSiteImageExtension(t *testing.T) {
	for in, want := range map[string]string{
		`{"siteImage":"https://cdn.example.org/card.png"}`: "https://cdn.example.org/card.png",
		`{"siteImage":"//cdn.example.org/a b.jpg"}`:        "https://cdn.example.org/a%20b.jpg",
		`{}`: "",
	} {
		e, err := stgypub.ParseExtensions(in)
		if err != nil || e.SiteImage() != want {
			t.Errorf("%s: %q %v, want %q", in, e.SiteImage(), err, want)
		}
	}
	for _, bad := range []string{`{"siteImage":"card.png"}`, `{"siteImage":"https://e.org/logo.svg"}`, `{"siteImage":"javascript:alert(1)"}`,
		`{"siteImage":42}`, `{"siteImage":"https://` + strings.Repeat("a", 2048) + `.org/x.png"}`, `{"siteImage":""}`} {
		if _, err := stgypub.ParseExtensions(bad); stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
			t.Errorf("%.60s: %v, want BAD_USER_INPUT", bad, err)
		}
	}
}
