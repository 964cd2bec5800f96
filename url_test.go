package stgypub

import "testing"

func TestSafeURL(t *testing.T) {
	tests := []struct {
		u    string
		want bool
	}{
		{"https://example.com/a.png", true},
		{"HTTP://example.com/", true},
		{" /img/x.jpg ", true},
		{"a.png", true},
		{"?q=1#top", true},
		{"//cdn.example.com/x.png", true},
		{"", false},
		{"https://", false},
		{"javascript:alert(1)", false},
		{"JavaScript:alert(1)", false},
		{"vbscript:x", false},
		{"data:image/png;base64,AA", false},
		{"java\tscript:x", false},
		{"a b.png", false},
		{`\\evil\x`, false},
		{"mailto:a@example.com", false},
		{"x:y/z", false},
	}
	for _, tt := range tests {
		if got := SafeURL(tt.u); got != tt.want {
			t.Errorf("SafeURL(%q) = %v, want %v", tt.u, got, tt.want)
		}
	}
}
