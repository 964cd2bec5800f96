package stgypub_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestCSVCell: cells a spreadsheet would evaluate get a leading quote;
// others are unchanged.
func TestCSVCell(t *testing.T) {
	for in, want := range map[string]string{
		"=1+1": "'=1+1", "+1": "'+1", "-1": "'-1", "@SUM(A1)": "'@SUM(A1)", "\tx": "'\tx", "\rx": "'\rx",
		"  =cmd|' /C calc'!A0": "'  =cmd|' /C calc'!A0", "a=b": "a=b", "": "", "日本": "日本", "1-2": "1-2",
	} {
		if got := stgypub.CSVCell(in); got != want {
			t.Errorf("CSVCell(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestWriteStatsCSV: RFC 4180 quoting with CRLF, ISO dates in the header,
// the period's figures per row, the digest when the title is empty.
func TestWriteStatsCSV(t *testing.T) {
	pub := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	st := &stgypub.Stats{Days: 3, Daily: []stgypub.DayPV{{Date: "20261129", PV: 1}, {Date: "20261130", PV: 5}, {Date: "20261201", PV: 4}},
		Posts: []stgypub.PostStats{
			{ID: 0x10, PublishedAt: &pub, PV: 7, Daily: []stgypub.DayPV{{"20261129", 1}, {"20261130", 4}, {"20261201", 2}}},
			{ID: 0x20, Digest: "a digest", PV: 3, Daily: []stgypub.DayPV{{"20261129", 0}, {"20261130", 1}, {"20261201", 2}}},
		}}
	rows := stgypub.StatsRows(st, 2, map[stgypub.ID]string{0x10: "Say \"hi\",\nthen =go"})
	var b strings.Builder
	if err := stgypub.WriteStatsCSV(&b, st.Daily[1:], rows); err != nil {
		t.Fatal(err)
	}
	want := "id,title,published_at,views,2026-11-30,2026-12-01\r\n" +
		"0000000000000010,\"Say \"\"hi\"\",\r\nthen =go\",2026-11-30T09:00:00Z,6,4,2\r\n" +
		"0000000000000020,a digest,,3,1,2\r\n"
	if b.String() != want {
		t.Errorf("got\n%q\nwant\n%q", b.String(), want)
	}
}
