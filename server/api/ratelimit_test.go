package api

import "testing"

func TestWaitText(t *testing.T) {
	for in, want := range map[string]string{
		"1": "1 second", "45": "45 seconds", "60": "1 minute", "61": "2 minutes", "90": "2 minutes",
		"3599": "60 minutes", "3600": "1 hour", "3601": "2 hours", "7200": "2 hours",
		"": "a while", "0": "a while", "-5": "a while", "soon": "a while",
	} {
		if got := waitText(in); got != want {
			t.Errorf("waitText(%q) = %q, want %q", in, got, want)
		}
	}
}
