package stgypub_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestParseID(t *testing.T) {
	cases := []struct {
		in   string
		ok   bool
		want stgypub.ID
	}{
		{"19FD706DCB600000", true, 0x19FD706DCB600000},
		{"19fd706dcb600000", true, 0x19FD706DCB600000},
		{"FFFFFFFFFFFFFFFF", true, -1},
		{"0000000000000000", true, 0},
		{"19FD706DCB60000", false, 0},
		{"19FD706DCB6000000", false, 0},
		{"+9FD706DCB600000", false, 0},
		{"0x FD706DCB60000", false, 0},
		{"19FD706DCB60000G", false, 0},
		{"", false, 0},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			id, err := stgypub.ParseID(c.in)
			if c.ok != (err == nil) || id != c.want {
				t.Fatalf("ParseID(%q) = %v, %v", c.in, id, err)
			}
			if !c.ok && stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
				t.Errorf("code = %s", stgypub.ErrorCode(err))
			}
			if c.ok && id.String() != strings.ToUpper(c.in) {
				t.Errorf("String() = %s", id.String())
			}
		})
	}
	t.Run("time round trip", func(t *testing.T) {
		at := time.Date(2026, 11, 30, 1, 2, 3, 4_000_000, time.UTC)
		if got := stgypub.IDFromTime(at, 7).Time(); !got.Equal(at) {
			t.Errorf("Time() = %v", got)
		}
	})
}

// FuzzParseID: never panics; accepted IDs round-trip through String (in
// upper case) and nothing else is accepted.
func FuzzParseID(f *testing.F) {
	for _, s := range []string{"19FD706DCB600000", "19fd706dcb600000", "FFFFFFFFFFFFFFFF", "-000000000000001", "0x0000000000000F", "１９FD706DCB60000", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := stgypub.ParseID(s)
		if err != nil {
			if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
				t.Fatalf("code %s", stgypub.ErrorCode(err))
			}
			return
		}
		if id.String() != strings.ToUpper(s) {
			t.Fatalf("ParseID(%q).String() = %q", s, id.String())
		}
		var back stgypub.ID
		if err := back.UnmarshalGQL(id.String()); err != nil || back != id {
			t.Fatalf("UnmarshalGQL(%q) = %v, %v", id.String(), back, err)
		}
	})
}
