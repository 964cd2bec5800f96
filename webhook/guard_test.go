package webhook

import (
	"context"
	"net"
	"net/netip"
	"testing"

	"github.com/stgy/stgypub"
)

func TestRefusal(t *testing.T) {
	cases := []struct {
		ip            string
		allowLoopback bool
		refused       bool
	}{
		{"93.184.216.34", false, false},
		{"2606:2800:220:1:248:1893:25c8:1946", false, false},
		{"127.0.0.1", false, true},
		{"127.0.0.1", true, false},
		{"::1", false, true},
		{"::1", true, false},
		{"::ffff:127.0.0.1", false, true},
		{"10.1.2.3", true, true},
		{"172.16.0.1", true, true},
		{"192.168.1.1", true, true},
		{"fd00::1", true, true},
		{"169.254.169.254", true, true},
		{"::ffff:169.254.169.254", true, true},
		{"169.254.1.1", true, true},
		{"fe80::1", true, true},
		{"100.64.0.1", true, true},
		{"100.127.255.254", true, true},
		{"0.0.0.0", true, true},
		{"::", true, true},
		{"224.0.0.1", true, true},
		{"ff02::1", true, true},
		{"255.255.255.255", true, true},
		{"64:ff9b::a9fe:a9fe", true, true},
		{"198.18.0.1", true, true},
	}
	for _, c := range cases {
		t.Run(c.ip, func(t *testing.T) {
			got := Refusal(netip.MustParseAddr(c.ip), c.allowLoopback)
			if (got != "") != c.refused {
				t.Fatalf("Refusal(%s, %v) = %q, want refused %v", c.ip, c.allowLoopback, got, c.refused)
			}
		})
	}
}

func TestCheckTarget(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		host          string
		allowLoopback bool
		code          string
	}{
		{"93.184.216.34", false, ""},
		{"127.0.0.1", false, stgypub.CodeWebhookURLRefused},
		{"127.0.0.1", true, ""},
		{"localhost", false, stgypub.CodeWebhookURLRefused}, // a name resolving to loopback
		{"169.254.169.254", true, stgypub.CodeWebhookURLRefused},
		{"10.0.0.1", true, stgypub.CodeWebhookURLRefused},
		{"does-not-exist.invalid", true, stgypub.CodeWebhookURLRefused},
	}
	for _, c := range cases {
		t.Run(c.host, func(t *testing.T) {
			err := CheckTarget(ctx, net.DefaultResolver, c.host, c.allowLoopback)
			if got := stgypub.ErrorCode(err); got != c.code {
				t.Fatalf("CheckTarget(%s) = %v, want code %q", c.host, err, c.code)
			}
		})
	}
}

func TestSignVerify(t *testing.T) {
	body := []byte(`{"event":"POST_PUBLISHED"}`)
	// echo -n '{"event":"POST_PUBLISHED"}' | openssl dgst -sha256 -hmac secret
	const want = "sha256=6d43596521f96275a2dfbc80b2dd1d03dfb93971feae6bcaa8749d54bca46500"
	sig := Sign("secret", body)
	if sig != want {
		t.Fatalf("Sign = %q, want %q (openssl)", sig, want)
	}
	if !Verify("secret", body, sig) || Verify("other", body, sig) || Verify("secret", append(body, ' '), sig) {
		t.Fatal("Verify does not tell the secret and the body apart")
	}
}
