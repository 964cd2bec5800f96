#!/usr/bin/env bash
# Random fuzzing (`make fuzz`; not part of `make test`): every Fuzz* target
# in the tree, one at a time (go test -fuzz takes one), for FUZZTIME each.
# A failing input is written under the package's testdata/fuzz/: keep it
# (commit it) once the code is fixed, so `make test` replays it for good.
# Every target runs even when one fails; ends with a summary.
#   FUZZTIME=10m make fuzz        a longer, nightly-style run
#   FUZZ_TARGETS="FuzzKWIC ..."   only these targets
set -uo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
FUZZTIME=${FUZZTIME:-30s}
log=$(mktemp /tmp/stgy-fuzz.XXXXXX.log)
trap 'rm -f "$log"' EXIT

passed=0 failed=()
while read -r pkg dir; do
	fuzzers=$(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u || true)
	for fz in $fuzzers; do
		if [ -n "${FUZZ_TARGETS:-}" ] && ! grep -qw "$fz" <<<"$FUZZ_TARGETS"; then continue; fi
		echo "-- $pkg $fz ($FUZZTIME)"
		# Go's fuzz coordinator can stop with a bare "context deadline
		# exceeded" (no failing input written) when a worker is busy
		# minimizing at the deadline on a loaded machine: only that is retried.
		ok=0
		for attempt in 1 2 3; do
			if $GO test -run '^$' -fuzz "^${fz}\$" -fuzztime "$FUZZTIME" "$pkg" >"$log" 2>&1; then
				ok=1
				break
			fi
			if grep -q 'Failing input written' "$log" || ! grep -q 'context deadline exceeded' "$log"; then
				break
			fi
			echo "-- $fz: coordinator deadline without a failing input; running it again"
		done
		if [ $ok = 1 ]; then
			passed=$((passed + 1))
		else
			cat "$log"
			failed+=("$pkg.$fz")
		fi
	done
done < <($GO list -f '{{.ImportPath}} {{.Dir}}' ./...)

echo
[ ${#failed[@]} -eq 0 ] || printf 'FAILED: %s\n' "${failed[@]}"
echo "fuzz targets: $passed passed, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ]
