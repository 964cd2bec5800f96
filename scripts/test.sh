#!/usr/bin/env bash
# The whole test suite (what `make test` runs): vet, every package's tests
# against the local PostgreSQL and Redis, the counter suite again on a
# throwaway 3-master Redis Cluster, then short fuzz runs.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
FUZZTIME=${FUZZTIME:-4s}

echo "== go vet"
$GO vet ./...

# Generated GraphQL code is committed; it must be what gqlgen makes of the schema.
if git rev-parse --git-dir >/dev/null 2>&1 && git diff --quiet -- graph schema.graphqls gqlgen.yml; then
	echo "== gqlgen generate reproduces graph/"
	$GO run github.com/99designs/gqlgen generate
	git diff --exit-code --stat -- graph || { echo "graph/ differs from 'make generate': regenerate and commit" >&2; exit 1; }
fi

echo "== go test (single Redis)"
$GO test -count=1 ./...

echo "== go test ./counter/... on a 3-master Redis Cluster"
clusterdir=$(mktemp -d /tmp/stgy-cluster.XXXXXX)
trap 'scripts/redis-cluster.sh stop "$clusterdir" >/dev/null 2>&1 || true; rm -rf "$clusterdir"' EXIT
addrs=$(scripts/redis-cluster.sh start "$clusterdir")
STGY_TEST_REDIS_CLUSTER="$addrs" $GO test -count=1 ./counter/...
scripts/redis-cluster.sh stop "$clusterdir"

echo "== short fuzz runs ($FUZZTIME each)"
# Every Fuzz* target in the tree, one at a time (go test -fuzz takes one).
$GO list -f '{{.ImportPath}} {{.Dir}}' ./... | while read -r pkg dir; do
	fuzzers=$(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u || true)
	for fz in $fuzzers; do
		echo "-- $pkg $fz"
		# A real failure saves its input under testdata/fuzz and fails again on
		# the rerun; a fuzzing worker lost to a loaded machine does not.
		if ! $GO test -run '^$' -fuzz "^${fz}\$" -fuzztime "$FUZZTIME" "$pkg" >/tmp/stgy-fuzz.log 2>&1; then
			cat /tmp/stgy-fuzz.log
			echo "-- rerunning $fz once (seed corpus and any saved failure included)"
			$GO test -run '^$' -fuzz "^${fz}\$" -fuzztime "$FUZZTIME" "$pkg" || exit 1
		fi
	done
done
echo "== all tests passed"
