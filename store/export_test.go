package store

// Exports for the tests of package store_test.

// StatementText is the named statement as bun runs it (?0.. placeholders)
// and its number of parameters; "" for an unknown name.
func StatementText(name string) (string, int) {
	st := statements[name]
	if st == nil {
		return "", 0
	}
	return st.bun, st.params
}

// StatementsNotRun lists the declared statements that no call has run
// (with the right number of arguments) so far in this process.
func StatementsNotRun() []string {
	var out []string
	for _, name := range statementNames() {
		if !statements[name].ran.Load() {
			out = append(out, name)
		}
	}
	return out
}
