package store_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stgy/stgypub/store"
)

// TestMain fails a whole run of the package's tests when some SQL
// statement was never run by any of them with the right number of
// arguments: every statement's placeholder count is then proven equal to
// the argument count its caller passes (store/statement.go).
func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if f := flag.Lookup("test.run"); code == 0 && (f == nil || f.Value.String() == "") {
		if missed := store.StatementsNotRun(); len(missed) > 0 {
			fmt.Fprintf(os.Stderr, "statements never run by a test: %s\n", strings.Join(missed, ", "))
			code = 1
		}
	}
	os.Exit(code)
}
