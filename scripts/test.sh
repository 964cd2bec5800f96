#!/usr/bin/env bash
# The whole test suite (what `make test` runs). Every suite runs even when
# an earlier one fails; the run ends with one summary of passed and failed
# suites and exits non-zero when any failed. Suites:
#   lint       gofmt, go vet, staticcheck (go.mod tool), import direction
#   generate   gqlgen reproduces the committed graph/ (when graph/ is clean)
#   go         every package's tests against the local PostgreSQL and Redis,
#              from a copy of the repository in a fresh temporary folder (so
#              a test reading files outside the repository fails); fuzz
#              targets run their committed corpora (testdata/fuzz) here
#   cluster    the counter suite again on a throwaway 3-master Redis Cluster
#   ui         the committed browser build is what the sources make, and
#              the documented frontend commands run (TestFrontendDocsRun)
#   e2e        browser tests (Playwright on Debian's Chromium)
#   interop    the Fedify peer follows a site, receives a post and replies
#              (scripts/fedify-interop.sh; npm ci in federation/interop)
# Random fuzzing is not part of it (it could fail on a new input): `make fuzz`.
#   STGY_TEST_SUITES="go cluster"   run only these suites
set -uo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
SUITES=${STGY_TEST_SUITES:-lint generate go cluster ui e2e interop}

isolated=$(mktemp -d /tmp/stgy-isolated.XXXXXX)
clusterdir=$(mktemp -d /tmp/stgy-cluster.XXXXXX)
cleanup() {
	scripts/redis-cluster.sh stop "$clusterdir" >/dev/null 2>&1 || true
	rm -rf "$clusterdir" "$isolated"
}
trap cleanup EXIT

suite_lint() { scripts/lint.sh; }

suite_generate() {
	# Generated GraphQL code is committed; it must be what gqlgen makes of the schema.
	if ! git rev-parse --git-dir >/dev/null 2>&1 || ! git diff --quiet -- graph schema.graphqls gqlgen.yml; then
		echo "(graph/ has uncommitted changes or no git: not compared)"
		return 0
	fi
	$GO run ./internal/generate || return 1
	git diff --exit-code --stat -- graph || { echo "graph/ differs from 'make generate': regenerate and commit" >&2; return 1; }
}

suite_go() {
	# Fixtures live in the repository (testdata/, demo/, visitor/crawlers.json).
	if git rev-parse --git-dir >/dev/null 2>&1; then
		git ls-files -z --cached --others --exclude-standard |
			tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -xf - -C "$isolated"
	else
		tar --exclude=./.data --exclude=node_modules -cf - . | tar -xf - -C "$isolated"
	fi
	echo "(from $isolated, nothing beside it)"
	# -timeout: go test's default of 10 minutes per package binary is
	# within reach of server/ and server/api on a loaded 2-core machine
	# (5-7 minutes each when quiet); 30 minutes still ends a hang well
	# inside CI's 90.
	(cd "$isolated" && $GO test -count=1 -timeout 30m ./...)
}

suite_cluster() {
	local addrs
	addrs=$(scripts/redis-cluster.sh start "$clusterdir") || return 1
	STGY_TEST_REDIS_CLUSTER="$addrs" $GO test -count=1 -timeout 30m ./counter/...
	local rc=$?
	scripts/redis-cluster.sh stop "$clusterdir" >/dev/null 2>&1 || true
	return $rc
}

suite_ui() {
	scripts/ui-check.sh || return 1
	# The documented frontend commands (docs/API.md), now that ui/app's
	# packages are installed (the go suite's copy has none).
	STGY_TEST_FRONTEND_DOCS=1 $GO test -count=1 -run '^TestFrontendDocsRun$' ./server/
}
suite_e2e() { scripts/e2e.sh; }
suite_interop() { scripts/fedify-interop.sh; }

passed=() failed=()
for s in $SUITES; do
	echo "== suite $s"
	start=$SECONDS
	if "suite_$s"; then
		passed+=("$s")
		echo "== suite $s passed ($((SECONDS - start)) s)"
	else
		failed+=("$s")
		echo "== suite $s FAILED ($((SECONDS - start)) s)"
	fi
done

echo
echo "== summary"
[ ${#passed[@]} -eq 0 ] || echo "passed: ${passed[*]}"
[ ${#failed[@]} -eq 0 ] || echo "FAILED: ${failed[*]}"
echo "suites: ${#passed[@]} passed, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ]
