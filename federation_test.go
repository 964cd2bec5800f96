package stgypub

import (
	"errors"
	"strings"
	"testing"
)

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
		{"blocklist", `{"federation":{"enabled":true,"blocked":["spam.example","Bad.Example.","https://m.example/users/x","http://127.0.0.1:8080/u/1"]}}`, true, true},
		{"empty blocklist", `{"federation":{"blocked":[]}}`, true, false},
		{"blocklist not an array", `{"federation":{"blocked":"spam.example"}}`, false, false},
		{"blocklist entry not a string", `{"federation":{"blocked":[1]}}`, false, false},
		{"blocklist entry empty", `{"federation":{"blocked":[""]}}`, false, false},
		{"blocklist entry with a space", `{"federation":{"blocked":["spam example"]}}`, false, false},
		{"blocklist entry with a port, no path", `{"federation":{"blocked":["spam.example:443"]}}`, false, false},
		{"blocklist actor without a path", `{"federation":{"blocked":["https://spam.example/"]}}`, false, false},
		{"blocklist actor not http", `{"federation":{"blocked":["ftp://spam.example/u/x"]}}`, false, false},
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

func TestFederationBlockedMember(t *testing.T) {
	for _, in := range []string{
		`{"federation":{"blocked":"x"}}`,
		`{"federation":{"blocked":["ok.example","not a host"]}}`,
	} {
		_, err := ParseExtensions(in)
		var e *Error
		if !errors.As(err, &e) || e.Code != CodeBadUserInput || e.Field != "extensions.federation.blocked" || !strings.Contains(e.Message, "extensions.federation.blocked") {
			t.Fatalf("ParseExtensions(%s) = %v, want BAD_USER_INPUT naming extensions.federation.blocked", in, err)
		}
	}
	many := make([]any, FederationBlockedMaxEntries+1)
	for i := range many {
		many[i] = "a.example"
	}
	if _, err := NewExtensions(map[string]any{"federation": map[string]any{"blocked": many}}); ErrorCode(err) != CodeBadUserInput || !strings.Contains(err.Error(), "501 entries") {
		t.Fatalf("501 entries: %v", err)
	}
	long := "https://a.example/" + strings.Repeat("x", FederationBlockedMaxChars)
	if _, err := NewExtensions(map[string]any{"federation": map[string]any{"blocked": []any{long}}}); ErrorCode(err) != CodeBadUserInput || !strings.Contains(err.Error(), "limit is 2048") {
		t.Fatalf("long entry: %v", err)
	}
}

func TestFederationBlocks(t *testing.T) {
	e, err := ParseExtensions(`{"federation":{"enabled":true,"blocked":["Spam.Example","https://m.example/users/x"]}}`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ id, want string }{
		{"https://spam.example/users/a", "Spam.Example"},
		{"https://SPAM.example:8443/users/a#main-key", "Spam.Example"},
		{"https://sub.spam.example/u", "Spam.Example"},
		{"https://notspam.example/u", ""},
		{"https://spam.example.org/u", ""},
		{"https://m.example/users/x", "https://m.example/users/x"},
		{"https://M.EXAMPLE/users/x#main-key", "https://m.example/users/x"},
		{"https://m.example/users/X", ""},
		{"https://m.example/users/y", ""},
		{"not a url", ""},
	} {
		if got := e.FederationBlocks(tc.id); got != tc.want {
			t.Errorf("FederationBlocks(%q) = %q, want %q", tc.id, got, tc.want)
		}
	}
	if got := (Extensions{}).FederationBlocks("https://spam.example/u"); got != "" {
		t.Fatalf("no blocklist blocks %q", got)
	}
}
