package counter

import (
	"strings"
	"testing"
)

func TestCheckPrefix(t *testing.T) {
	for _, ok := range []string{"", "stgy:", "prod-1:", "e2e12345:", "日本:"} {
		if err := CheckPrefix(ok); err != nil {
			t.Errorf("CheckPrefix(%q) = %v, want nil", ok, err)
		}
	}
	for _, bad := range []string{"x{", "x}", "{tag}", "a b", "tab\t", "nl\n", "\x00", "\xff", strings.Repeat("a", PrefixMaxLen+1)} {
		if err := CheckPrefix(bad); err == nil {
			t.Errorf("CheckPrefix(%q) = nil, want an error", bad)
		}
	}
}
