package visitor

import (
	"fmt"
	"net/http"
	"net/netip"
	"strings"
)

// forwardHeaders are consulted in this order when the socket peer is a
// trusted proxy (docs/ARCHITECTURE.md "Decisions").
var forwardHeaders = []string{"X-Forwarded-For", "X-Real-IP", "CF-Connecting-IP"}

// ClientIP returns the normalized client address of r.
//
// When the socket peer (r.RemoteAddr) lies in one of the trusted prefixes,
// each of X-Forwarded-For, X-Real-IP and CF-Connecting-IP is walked in that
// order, every header's comma-separated entries from the right: trusted
// addresses are skipped and the first untrusted one is the client. A header
// whose entries are all trusted or unparseable falls through to the next.
// Otherwise (no trusted prefixes, an untrusted peer, or no usable header)
// the socket peer is the client, so headers from untrusted peers are never
// believed.
//
// Addresses are normalized with Normalize (ports, brackets, zones,
// IPv4-mapped IPv6, case). The zero netip.Addr is returned only when even
// the socket peer does not parse (e.g. a Unix socket).
func ClientIP(r *http.Request, trusted []netip.Prefix) netip.Addr {
	peer, _ := Normalize(r.RemoteAddr)
	if len(trusted) == 0 || !peer.IsValid() || !isTrusted(peer, trusted) {
		return peer
	}
	for _, h := range forwardHeaders {
		vals := r.Header.Values(h)
		for i := len(vals) - 1; i >= 0; i-- {
			entries := strings.Split(vals[i], ",")
			for j := len(entries) - 1; j >= 0; j-- {
				a, ok := Normalize(entries[j])
				if !ok || isTrusted(a, trusted) {
					continue
				}
				return a
			}
		}
	}
	return peer
}

// Normalize parses one address as found in RemoteAddr or a forwarding
// header: surrounding spaces and quotes are trimmed, and "1.2.3.4",
// "1.2.3.4:80", "[::1]:80", "[::1]" and "fe80::1%eth0" are accepted. The
// result has no zone, IPv4-mapped IPv6 is turned into IPv4, and IPv6 is in
// netip's canonical form (RFC 5952: lower case, zeros compressed), so every
// spelling of one address yields the same Addr. ok is false for anything
// else.
func Normalize(s string) (netip.Addr, bool) {
	s = strings.Trim(strings.TrimSpace(s), `"`)
	if s == "" {
		return netip.Addr{}, false
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		ap, err2 := netip.ParseAddrPort(s)
		switch {
		case err2 == nil:
			a = ap.Addr()
		case len(s) > 2 && s[0] == '[' && s[len(s)-1] == ']':
			if a, err = netip.ParseAddr(s[1 : len(s)-1]); err != nil {
				return netip.Addr{}, false
			}
		default:
			return netip.Addr{}, false
		}
	}
	return a.WithZone("").Unmap(), true
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// ParseTrustedProxies parses STGY_TRUSTED_PROXIES: a comma-separated list
// of IP addresses and CIDR prefixes ("10.0.0.0/8, 192.168.1.7, ::1").
// Single addresses become full-length prefixes, host bits are masked off and
// IPv4-mapped IPv6 entries are turned into IPv4, matching Normalize. Empty
// entries are ignored; "" gives nil (no trusted proxies). A bad entry is an
// error naming it.
func ParseTrustedProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, e := range strings.Split(s, ",") {
		e = strings.TrimSpace(e)
		if e == "" {
			continue
		}
		var p netip.Prefix
		if strings.Contains(e, "/") {
			var err error
			if p, err = netip.ParsePrefix(e); err != nil {
				return nil, fmt.Errorf("visitor: trusted proxy %q: %w", e, err)
			}
		} else {
			a, ok := Normalize(e)
			if !ok {
				return nil, fmt.Errorf("visitor: trusted proxy %q: not an IP address or CIDR prefix", e)
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		if a := p.Addr(); a.Is4In6() {
			bits := p.Bits() - 96
			if bits < 0 {
				return nil, fmt.Errorf("visitor: trusted proxy %q: IPv4-mapped prefix shorter than /96", e)
			}
			p = netip.PrefixFrom(a.Unmap(), bits)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}
