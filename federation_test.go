package stgypub

import "testing"

func TestFederationExtensions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in      string
		ok      bool
		enabled bool
	}{
		{"absent is off", `{}`, true, false},
		{"enabled", `{"federation":{"enabled":true}}`, true, true},
		{"disabled", `{"federation":{"enabled":false}}`, true, false},
		{"empty object is off", `{"federation":{}}`, true, false},
		{"not an object", `{"federation":true}`, false, false},
		{"enabled not a boolean", `{"federation":{"enabled":"yes"}}`, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := ParseExtensions(tc.in)
			if (err == nil) != tc.ok {
				t.Fatalf("ParseExtensions(%s) error %v, want ok=%v", tc.in, err, tc.ok)
			}
			if err != nil {
				if ErrorCode(err) != CodeBadUserInput {
					t.Fatalf("error %v is not BAD_USER_INPUT", err)
				}
				return
			}
			if got := e.FederationEnabled(); got != tc.enabled {
				t.Fatalf("FederationEnabled() = %v, want %v", got, tc.enabled)
			}
		})
	}
}
