package main

import (
	"strings"
	"testing"
	"time"
)

func TestParseViewTotals(t *testing.T) {
	got, err := parseViewTotals(strings.NewReader("postId,views\n19FD706DCB600000,138\n\n19fd705b39100000, 42, 2026-11-29\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].PostID.String() != "19FD706DCB600000" || got[0].Views != 138 || !got[0].Date.IsZero() ||
		got[1].PostID.String() != "19FD705B39100000" || got[1].Views != 42 || !got[1].Date.Equal(time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("parsed %+v", got)
	}
	for name, in := range map[string]string{
		"bad id after header": "postId,views\nnot-an-id,1\n",
		"negative":            "19FD706DCB600000,-1\n",
		"not a number":        "19FD706DCB600000,lots\n",
		"missing views":       "19FD706DCB600000\n",
		"bad date":            "19FD706DCB600000,1,29/11/2026\n",
		"unbalanced quote":    "19FD706DCB600000,\"1\n",
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := parseViewTotals(strings.NewReader(in)); err == nil || !strings.Contains(err.Error(), "line ") {
				t.Fatalf("err = %v, want one naming the line", err)
			}
		})
	}
}
