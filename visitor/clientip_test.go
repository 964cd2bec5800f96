package visitor

import (
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // "" = rejected
	}{
		{"ipv4", "1.2.3.4", "1.2.3.4"},
		{"ipv4 spaces", "  1.2.3.4 ", "1.2.3.4"},
		{"ipv4 port", "1.2.3.4:80", "1.2.3.4"},
		{"quoted", `"1.2.3.4"`, "1.2.3.4"},
		{"ipv6 upper", "2001:DB8::1", "2001:db8::1"},
		{"ipv6 long", "2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::1"},
		{"ipv6 bracket port", "[2001:db8::1]:443", "2001:db8::1"},
		{"ipv6 bracket", "[::1]", "::1"},
		{"ipv6 zone", "fe80::1%eth0", "fe80::1"},
		{"ipv6 zone port", "[fe80::1%25eth0]:80", "fe80::1"},
		{"mapped", "::ffff:1.2.3.4", "1.2.3.4"},
		{"mapped hex", "::FFFF:0102:0304", "1.2.3.4"},
		{"mapped port", "[::ffff:1.2.3.4]:80", "1.2.3.4"},
		{"empty", "", ""},
		{"junk", "unknown", ""},
		{"hostname", "example.com:80", ""},
		{"v4 leading zero", "01.2.3.4", ""},
		{"v4 out of range", "256.1.1.1", ""},
		{"bad port", "1.2.3.4:x", ""},
		{"unix", "@", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, ok := Normalize(tt.in)
			if tt.want == "" {
				if ok {
					t.Fatalf("Normalize(%q) = %v, want rejection", tt.in, a)
				}
				return
			}
			if !ok || a.String() != tt.want {
				t.Fatalf("Normalize(%q) = %v, %v; want %s", tt.in, a, ok, tt.want)
			}
		})
	}
}

func TestClientIP(t *testing.T) {
	trusted, err := ParseTrustedProxies("10.0.0.0/8, 192.168.1.7, ::1, fd00::/8")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		remote  string
		trusted []netip.Prefix
		headers map[string][]string
		want    string
	}{
		{"no proxies: socket", "203.0.113.9:5555", nil, map[string][]string{"X-Forwarded-For": {"1.1.1.1"}}, "203.0.113.9"},
		{"untrusted peer: spoofed XFF ignored", "203.0.113.9:5555", trusted, map[string][]string{"X-Forwarded-For": {"1.1.1.1"}, "X-Real-IP": {"2.2.2.2"}}, "203.0.113.9"},
		{"trusted peer: XFF client", "10.1.2.3:5555", trusted, map[string][]string{"X-Forwarded-For": {"198.51.100.7"}}, "198.51.100.7"},
		{"trusted chain: rightmost untrusted", "10.1.2.3:5555", trusted, map[string][]string{"X-Forwarded-For": {"6.6.6.6, 198.51.100.7, 192.168.1.7, 10.9.9.9"}}, "198.51.100.7"},
		{"spoofed leftmost never wins", "10.1.2.3:5555", trusted, map[string][]string{"X-Forwarded-For": {"1.1.1.1", "198.51.100.7"}}, "198.51.100.7"},
		{"multiple XFF headers walked from last", "10.1.2.3:5555", trusted, map[string][]string{"X-Forwarded-For": {"198.51.100.7", "10.0.0.2"}}, "198.51.100.7"},
		{"junk entries skipped", "10.1.2.3:5555", trusted, map[string][]string{"X-Forwarded-For": {"198.51.100.7, unknown, , garbage"}}, "198.51.100.7"},
		{"all trusted: X-Real-IP", "10.1.2.3:5555", trusted, map[string][]string{"X-Forwarded-For": {"10.0.0.5, 10.0.0.6"}, "X-Real-IP": {"198.51.100.8"}}, "198.51.100.8"},
		{"X-Real-IP", "10.1.2.3:5555", trusted, map[string][]string{"X-Real-IP": {" 198.51.100.8 "}}, "198.51.100.8"},
		{"CF-Connecting-IP", "10.1.2.3:5555", trusted, map[string][]string{"CF-Connecting-IP": {"2001:DB8::7"}}, "2001:db8::7"},
		{"XFF before X-Real-IP", "10.1.2.3:5555", trusted, map[string][]string{"X-Forwarded-For": {"198.51.100.7"}, "X-Real-IP": {"198.51.100.8"}}, "198.51.100.7"},
		{"nothing usable: socket", "10.1.2.3:5555", trusted, map[string][]string{"X-Forwarded-For": {"junk"}}, "10.1.2.3"},
		{"ipv6 trusted peer", "[::1]:8080", trusted, map[string][]string{"X-Forwarded-For": {"[2001:db8::1]:1234"}}, "2001:db8::1"},
		{"mapped peer trusted as ipv4", "[::ffff:10.0.0.1]:80", trusted, map[string][]string{"X-Forwarded-For": {"::ffff:198.51.100.7"}}, "198.51.100.7"},
		{"ipv4 port in XFF", "10.1.2.3:5555", trusted, map[string][]string{"X-Forwarded-For": {"198.51.100.7:4711"}}, "198.51.100.7"},
		{"zone in peer", "[fe80::1%eth0]:80", nil, nil, "fe80::1"},
		{"unix socket peer", "@", nil, nil, "invalid IP"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tt.remote
			for k, vs := range tt.headers {
				for _, v := range vs {
					r.Header.Add(k, v)
				}
			}
			if got := ClientIP(r, tt.trusted).String(); got != tt.want {
				t.Fatalf("ClientIP = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestParseTrustedProxies(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    []string
		wantErr bool
	}{
		{"empty", "", nil, false},
		{"list", " 10.0.0.0/8 ,192.168.1.7,,::1 ", []string{"10.0.0.0/8", "192.168.1.7/32", "::1/128"}, false},
		{"masked", "10.1.2.3/8", []string{"10.0.0.0/8"}, false},
		{"mapped", "::ffff:10.0.0.0/104", []string{"10.0.0.0/8"}, false},
		{"mapped addr", "::ffff:1.2.3.4", []string{"1.2.3.4/32"}, false},
		{"bad", "10.0.0.0/8,nope", nil, true},
		{"bad prefix", "10.0.0.0/33", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseTrustedProxies(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i].String() != tt.want[i] {
					t.Fatalf("got %v, want %v", got, tt.want)
				}
			}
		})
	}
}
