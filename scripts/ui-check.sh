#!/usr/bin/env bash
# Checks that the committed browser build is what the sources make (part
# of `make test`): npm ci in ui/app, graphql-codegen from schema.graphqls,
# the TypeScript type check, the esbuild build, then fails when
# the generated ui/app/src/**/gql or ui/dist differ from the committed files (run
# `make ui` and commit). Skips with a message only when node/npm are
# missing.
#   UI_CHECK_REBUILD=1   write the new build instead of failing (make ui)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "ui-check: skipped: no node/npm (apt-get install nodejs npm)"
	exit 0
fi
app=ui/app
if [ ! -f "$app/node_modules/.package-lock.json" ] || ! cmp -s "$app/package-lock.json" "$app/node_modules/.stgy-lock"; then
	echo "== npm ci (ui/app; no browser is downloaded)"
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --prefix "$app" --no-audit --no-fund --loglevel=error >/dev/null
	cp "$app/package-lock.json" "$app/node_modules/.stgy-lock"
fi
echo "== ui: codegen, type check, build"
npm run --prefix "$app" --silent codegen >/dev/null
npm run --prefix "$app" --silent typecheck
npm run --prefix "$app" --silent build
if [ "${UI_CHECK_REBUILD:-}" = 1 ]; then exit 0; fi
if git rev-parse --git-dir >/dev/null 2>&1; then
	# Working tree against the index (committed or staged files), plus
	# generated files nobody added.
	gen=(":(glob)$app/src/**/gql/**" ui/dist)
	untracked=$(git ls-files --others --exclude-standard -- "${gen[@]}")
	if ! git diff --quiet -- "${gen[@]}" || [ -n "$untracked" ]; then
		git --no-pager diff --stat -- "${gen[@]}" >&2
		[ -z "$untracked" ] || echo "not committed: $untracked" >&2
		echo "ui-check: the committed build or codegen output differs from the sources: run 'make ui' and commit" >&2
		exit 1
	fi
fi
echo "ui-check: committed build matches the sources"
