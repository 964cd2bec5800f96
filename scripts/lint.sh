#!/usr/bin/env bash
# make lint (also the first step of make test): gofmt, go vet, staticcheck
# (pinned by go.mod's tool directive: `go tool staticcheck`, fetched through
# the Go module proxy like any module) and the import-direction check.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}

echo "== gofmt"
bad=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './.data/*'))
[ -z "$bad" ] || { echo "gofmt needed: $bad" >&2; exit 1; }
echo "== go vet"
$GO vet ./...
echo "== staticcheck ($($GO list -m -f '{{.Version}}' honnef.co/go/tools))"
$GO tool staticcheck ./...
echo "== import direction"
scripts/imports.sh
