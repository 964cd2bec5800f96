package stgypub

import (
	"strings"
	"testing"
)

func TestCheckLoginName(t *testing.T) {
	for s, ok := range map[string]bool{
		"gopher": true, "Alice_1.x-y": true, strings.Repeat("a", 50): true,
		"": false, strings.Repeat("a", 51): false, "a b": false, "ünï": false, "a/b": false, "a\x00": false,
	} {
		err := CheckLoginName(s)
		if (err == nil) != ok || (err != nil && ErrorCode(err) != CodeBadUserInput) {
			t.Errorf("CheckLoginName(%q) = %v, want ok %v", s, err, ok)
		}
	}
	if NormalizeLoginName("Alice") != "alice" {
		t.Error("login names are matched in lower case")
	}
}
