#!/usr/bin/env bash
# The interop check with Fedify (docs/FEDERATION.md "Interop"; the
# interop suite of scripts/test.sh): npm ci in federation/interop (the
# pinned @fedify/fedify; nothing but loopback is reached by the check),
# then TestFedifyInterop with STGY_TEST_FEDIFY=1, so missing packages
# fail it instead of skipping. Exits 0 with "fedify-interop: skipped: ..."
# only when node/npm are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "fedify-interop: skipped: no node/npm (apt-get install nodejs npm)"
	exit 0
fi
peer=federation/interop
if [ ! -f "$peer/node_modules/.package-lock.json" ] || ! cmp -s "$peer/package-lock.json" "$peer/node_modules/.stgy-lock"; then
	echo "== npm ci (federation/interop)"
	npm ci --prefix "$peer" --no-audit --no-fund --loglevel=error >/dev/null
	cp "$peer/package-lock.json" "$peer/node_modules/.stgy-lock"
fi
STGY_TEST_FEDIFY=1 ${GO:-go} test -count=1 -run '^TestFedifyInterop$' ./server/
