package visitor

import (
	"net/http"
	"testing"
)

func TestIsSpeculative(t *testing.T) {
	tests := []struct {
		name   string
		header http.Header
		want   bool
	}{
		{"none", http.Header{}, false},
		{"chrome prerender", http.Header{"Sec-Purpose": {"prefetch;prerender"}}, true},
		{"chrome prefetch", http.Header{"Sec-Purpose": {"prefetch"}}, true},
		{"prefetch with parameter", http.Header{"Sec-Purpose": {"prefetch; anonymous-client-ip"}}, true},
		{"upper case value", http.Header{"Sec-Purpose": {"Prefetch"}}, true},
		{"legacy Purpose", http.Header{"Purpose": {"prefetch"}}, true},
		{"Firefox X-Moz", http.Header{"X-Moz": {"prefetch"}}, true},
		{"Safari preview", http.Header{"X-Purpose": {"preview"}}, true},
		{"X-Purpose prefetch", http.Header{"X-Purpose": {"Prefetch"}}, true},
		{"second list item", http.Header{"Purpose": {"something, prefetch"}}, true},
		{"unrelated Purpose", http.Header{"Purpose": {"navigate"}}, false},
		{"empty Sec-Purpose", http.Header{"Sec-Purpose": {""}}, false},
		{"X-Moz other", http.Header{"X-Moz": {"microsummary"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := IsSpeculative(tt.header); got != tt.want {
				t.Errorf("IsSpeculative(%v) = %v, want %v", tt.header, got, tt.want)
			}
		})
	}
	// Header names are canonicalized by net/http; a request built by a
	// server sees them the same whatever case the client sent.
	r, _ := http.NewRequest("GET", "/", nil)
	r.Header.Add("sec-purpose", "prefetch;prerender")
	if !IsSpeculative(r.Header) {
		t.Error("lower-case header name not recognized")
	}
}
