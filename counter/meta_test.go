package counter

import (
	"encoding/json"
	"testing"
	"time"
)

// checkMeta checks that appendMeta is valid JSON that decodes to what
// json.Marshal of the same meta decodes to.
func checkMeta(t *testing.T, pub time.Time, digest string) []byte {
	t.Helper()
	got := appendMeta(nil, pub, digest)
	m := meta{Digest: digest}
	if !pub.IsZero() {
		s := pub.UTC().Format(metaTime)
		m.PublishedAt = &s
	}
	ref, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var a, b meta
	if err := json.Unmarshal(got, &a); err != nil {
		t.Fatalf("appendMeta(%q) = %s: %v", digest, got, err)
	}
	if err := json.Unmarshal(ref, &b); err != nil {
		t.Fatal(err)
	}
	if a.Digest != b.Digest || (a.PublishedAt == nil) != (b.PublishedAt == nil) || (a.PublishedAt != nil && *a.PublishedAt != *b.PublishedAt) {
		t.Fatalf("appendMeta(%q) = %s decodes to %+v; json.Marshal gives %s", digest, got, a, ref)
	}
	return got
}

func TestAppendMeta(t *testing.T) {
	pub := time.Date(2026, 8, 6, 21, 22, 58, 0, time.FixedZone("JST", 9*3600))
	tests := []struct {
		name   string
		pub    time.Time
		digest string
		want   string
	}{
		{"seed example", pub, "STGYの記事外部公開機能では、公開日時を正本として…",
			`{"publishedAt":"2026-08-06T12:22:58.000Z","digest":"STGYの記事外部公開機能では、公開日時を正本として…"}`},
		{"no publication time", time.Time{}, "x", `{"publishedAt":null,"digest":"x"}`},
		{"HTML left as is", pub, `a<b>&c`, `{"publishedAt":"2026-08-06T12:22:58.000Z","digest":"a<b>&c"}`},
		{"escapes", pub, "q\"b\\n\nr\rt\tc\x01\x1f", `{"publishedAt":"2026-08-06T12:22:58.000Z","digest":"q\"b\\n\nr\rt\tc\u0001\u001f"}`},
		{"line separators", pub, "a\u2028b\u2029", `{"publishedAt":"2026-08-06T12:22:58.000Z","digest":"a\u2028b\u2029"}`},
		{"invalid UTF-8", pub, "a\xff\xfeb\xe3\x81", `{"publishedAt":"2026-08-06T12:22:58.000Z","digest":"a\ufffd\ufffdb\ufffd\ufffd"}`},
		{"empty", pub, "", `{"publishedAt":"2026-08-06T12:22:58.000Z","digest":""}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := checkMeta(t, tt.pub, tt.digest); string(got) != tt.want {
				t.Fatalf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func FuzzAppendMeta(f *testing.F) {
	for _, s := range []string{"", "plain", "日本語\u2028", "\x00\"\\<>&", "\xff\xc3"} {
		f.Add(s, int64(1786000000000))
	}
	f.Fuzz(func(t *testing.T, digest string, ms int64) {
		checkMeta(t, time.UnixMilli(ms%(1<<45)), digest)
	})
}
