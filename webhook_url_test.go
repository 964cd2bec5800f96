package stgypub

import "testing"

// TestCheckWebhookURLPort: a port, when given, is a number from 1 to
// 65535 (the client would otherwise dial an address that cannot exist).
func TestCheckWebhookURLPort(t *testing.T) {
	for raw, ok := range map[string]bool{
		"https://93.184.216.34/":           true,
		"https://93.184.216.34:443/":       true,
		"https://93.184.216.34:65535/x":    true,
		"https://[2606:4700::1111]:8443/":  true,
		"https://93.184.216.34:65536/":     false,
		"https://93.184.216.34:99999/":     false,
		"https://93.184.216.34:0/":         false,
		"https://93.184.216.34:000/":       false,
		"https://[2606:4700::1111]:70000/": false,
	} {
		_, err := CheckWebhookURL(raw, false)
		if (err == nil) != ok {
			t.Errorf("CheckWebhookURL(%q) = %v, want ok %v", raw, err, ok)
		}
		if err != nil && ErrorCode(err) != CodeBadUserInput {
			t.Errorf("CheckWebhookURL(%q): code %q", raw, ErrorCode(err))
		}
	}
}
