package webhook

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"syscall"

	"github.com/stgy/stgypub"
)

// refusedPrefixes are the ranges never called besides those netip
// classifies (loopback, private, link-local, multicast, unspecified):
// "this network", CGNAT (RFC 6598), IETF protocol assignments, the
// documentation and benchmarking nets, reserved class E and broadcast,
// NAT64 (which may reach any IPv4 address through a gateway) and the
// IPv6 documentation range. 169.254.169.254 (cloud metadata) is
// link-local.
var refusedPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("198.51.100.0/24"),
	netip.MustParsePrefix("203.0.113.0/24"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"),
	netip.MustParsePrefix("64:ff9b:1::/48"),
	netip.MustParsePrefix("2001:db8::/32"),
}

// Refusal says why ip may not be called ("" when it may): loopback
// (unless allowLoopback), private, link-local (metadata included), CGNAT,
// unspecified, multicast or another reserved range. IPv4-mapped IPv6
// addresses are judged as the IPv4 address.
func Refusal(ip netip.Addr, allowLoopback bool) string {
	ip = ip.Unmap()
	switch {
	case !ip.IsValid():
		return "not an IP address"
	case ip.IsLoopback():
		if allowLoopback {
			return ""
		}
		return "loopback address"
	case ip == netip.MustParseAddr("169.254.169.254"):
		return "cloud metadata address"
	case ip.IsPrivate():
		return "private address"
	case ip.IsLinkLocalUnicast():
		return "link-local address"
	case ip.IsUnspecified():
		return "unspecified address"
	case ip.IsMulticast(), ip.IsLinkLocalMulticast(), ip.IsInterfaceLocalMulticast():
		return "multicast address"
	}
	if ip == netip.AddrFrom4([4]byte{255, 255, 255, 255}) {
		return "broadcast address"
	}
	for _, p := range refusedPrefixes {
		if p.Contains(ip) {
			if p.Bits() == 10 && ip.Is4() {
				return "shared address space (CGNAT)"
			}
			return "reserved address"
		}
	}
	return ""
}

// RefusedError is a connection the guard did not allow.
type RefusedError struct {
	Addr   string
	Reason string
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("webhook: refused to connect to %s: %s", e.Addr, e.Reason)
}

// control is the dialer's Control: it runs after the name was resolved
// and before each connection is made, so a name resolving (or rebinding)
// to a refused address is refused whatever was checked earlier.
func control(allowLoopback bool) func(network, address string, _ syscall.RawConn) error {
	return func(network, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil {
			return &RefusedError{Addr: address, Reason: "not an IP address"}
		}
		if r := Refusal(ap.Addr(), allowLoopback); r != "" {
			return &RefusedError{Addr: address, Reason: r}
		}
		return nil
	}
}

// CheckTarget resolves host and refuses it (CodeWebhookURLRefused, field
// "url") when it does not resolve or any of its addresses is refused: the
// early answer createWebhook gives. Each delivery checks again when it
// connects (control).
func CheckTarget(ctx context.Context, r *net.Resolver, host string, allowLoopback bool) error {
	var addrs []netip.Addr
	if ip, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{ip}
	} else if addrs, err = r.LookupNetIP(ctx, "ip", host); err != nil || len(addrs) == 0 {
		return &stgypub.Error{Code: stgypub.CodeWebhookURLRefused, Field: "url", Message: fmt.Sprintf("host %q does not resolve", host)}
	}
	for _, ip := range addrs {
		if reason := Refusal(ip, allowLoopback); reason != "" {
			return &stgypub.Error{Code: stgypub.CodeWebhookURLRefused, Field: "url",
				Message: fmt.Sprintf("url's host %q is refused (%s): webhooks may only call public addresses", host, reason)}
		}
	}
	return nil
}

// loopbackOnly is the dialer check of plain http: loopback addresses
// only, so AllowLoopback never lets http reach another host.
func loopbackOnly(network, address string, raw syscall.RawConn) error {
	if err := control(true)(network, address, raw); err != nil {
		return err
	}
	if ap, err := netip.ParseAddrPort(address); err != nil || !ap.Addr().Unmap().IsLoopback() {
		return &RefusedError{Addr: address, Reason: "http is allowed to loopback addresses only"}
	}
	return nil
}
