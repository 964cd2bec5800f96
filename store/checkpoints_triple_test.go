package store

import (
	"fmt"
	"testing"

	"github.com/stgy/stgypub"
)

func TestEachTriple(t *testing.T) {
	tests := []struct {
		name    string
		a, b, c string
		want    string
		wantErr bool
	}{
		{"null aggregate", "", "", "", "", false},
		{"one", "{1}", "{0}", "{4}", "1/0=4 ", false},
		{"several, negative day", "{9223372036854775807,2}", "{14,-1}", "{2147483647,8}", "9223372036854775807/14=2147483647 2/-1=8 ", false},
		{"lengths differ", "{1,2}", "{0}", "{4,5}", "", true},
		{"longer tail", "{1}", "{0,1}", "{4}", "", true},
		{"not an array", "1", "{0}", "{4}", "", true},
		{"NULL element", "{1}", "{NULL}", "{4}", "", true},
		{"empty element", "{1,}", "{0,1}", "{4,5}", "", true},
		{"too many digits", "{12345678901234567890}", "{0}", "{4}", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			err := eachTriple(tt.a, tt.b, tt.c, func(p stgypub.ID, d int, n int64) { got += fmt.Sprintf("%d/%d=%d ", int64(p), d, n) })
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v (got %q)", err, tt.wantErr, got)
			}
			if !tt.wantErr && got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}
