package stgypub

import (
	"bufio"
	"encoding/csv"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// WriteStatsCSV writes rows (StatsRows of one period, in the order to
// export) as CSV (RFC 4180: CRLF line ends, fields quoted when they hold
// a comma, quote or line break): a header "id,title,published_at,views"
// then one column per day of the period (YYYY-MM-DD, oldest first), then
// one line per row. A text cell a spreadsheet would read as a formula (one
// starting with =, +, -, @, tab or carriage return) is prefixed with a
// single quote (CSVCell). days is the period's dates, used for the header
// when rows is empty. Rows are written as they come, through a small
// buffer: the writer sees the CSV stream, never all of it at once.
func WriteStatsCSV(w io.Writer, days []DayPV, rows []StatsRow) error {
	bw := bufio.NewWriterSize(w, 16<<10)
	cw := csv.NewWriter(bw)
	cw.UseCRLF = true
	head := make([]string, 0, 4+len(days))
	head = append(head, "id", "title", "published_at", "views")
	for _, d := range days {
		head = append(head, ISODate(d.Date))
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	rec := make([]string, len(head))
	for i := range rows {
		r := &rows[i]
		rec = rec[:0]
		published := ""
		if r.Post.PublishedAt != nil {
			published = r.Post.PublishedAt.UTC().Format(time.RFC3339)
		}
		rec = append(rec, r.Post.ID.String(), CSVCell(r.Title), published, strconv.FormatInt(r.Views, 10))
		for _, d := range r.Daily {
			rec = append(rec, strconv.FormatInt(d.PV, 10))
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}

// CSVCell is a text cell made safe against formula injection: a value
// starting with =, +, -, @, tab or carriage return gets a leading single
// quote, so a spreadsheet shows it as text rather than evaluating it
// (OWASP "CSV Injection"). Quoting for commas, quotes and line breaks is
// encoding/csv's (RFC 4180).
func CSVCell(s string) string {
	// Leading spaces do not stop a spreadsheet from reading " =1+1".
	if t := strings.TrimLeft(s, " "); t != "" && strings.ContainsRune("=+-@\t\r", rune(t[0])) {
		return "'" + s
	}
	return s
}

// ISODate is a DayPV date ("YYYYMMDD") as ISO 8601 "YYYY-MM-DD"; other
// forms are returned as they are.
func ISODate(d string) string {
	if len(d) != 8 {
		return d
	}
	// A Stats response formats the same few dates thousands of times (a
	// row's series, every row): each is built once.
	if v, ok := isoDates.Load(d); ok {
		return v.(string)
	}
	iso := d[:4] + "-" + d[4:6] + "-" + d[6:]
	if isoDatesN.Add(1) <= maxISODates {
		isoDates.Store(d, iso)
	}
	return iso
}

// isoDates interns ISODate's results, at most maxISODates of them (years
// of days).
var (
	isoDates  sync.Map
	isoDatesN atomic.Int64
)

const maxISODates = 4096
