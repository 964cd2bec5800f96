#!/usr/bin/env bash
# Browser tests of the UI (ui/app/e2e, node --test + playwright-core
# driving Debian's Chromium, axe-core; no browser is ever downloaded).
# Screenshots of every view land in ui/app/e2e/screenshots/ (git-ignored).
# Installs Debian's chromium and fonts-noto-cjk when missing and run as
# root on Debian (a fresh machine), as apt-get would by hand.
# Builds bin/stgy-pub,
# creates a throwaway database and Redis key prefix, imports extra posts
# for Stats paging, runs `stgy-pub demo` on a free loopback port, waits for
# /readyz, runs the tests, then stops the server and drops the database
# and keys (also on failure). Exits non-zero when a test fails; exits 0
# with "e2e: skipped: ..." only when Chromium or node is missing.
#
#   STGY_E2E_BINARY=path   use this binary instead of building bin/stgy-pub
#   CHROMIUM=path          browser (default /usr/bin/chromium)
#   STGY_E2E_TESTS=files   run only these test files (default ui/app/e2e/*.test.mjs)
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ] && [ "$CHROMIUM" = /usr/bin/chromium ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "== apt-get install chromium (Debian's package; no browser is downloaded otherwise)"
	(DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)) >/tmp/stgy-e2e-chromium.log 2>&1 ||
		echo "e2e: could not install chromium (see /tmp/stgy-e2e-chromium.log)"
fi
if [ ! -x "$CHROMIUM" ]; then
	echo "e2e: skipped: no $CHROMIUM (apt-get install chromium)"
	exit 0
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "e2e: skipped: no node/npm (apt-get install nodejs npm)"
	exit 0
fi

app=ui/app
if [ ! -f "$app/node_modules/.package-lock.json" ] || ! cmp -s "$app/package-lock.json" "$app/node_modules/.stgy-lock"; then
	echo "== npm ci (ui/app; no browser is downloaded)"
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --prefix "$app" --no-audit --no-fund --loglevel=error >/dev/null
	cp "$app/package-lock.json" "$app/node_modules/.stgy-lock"
fi
fonts=$(fc-list : family 2>/dev/null || true)
if command -v fc-list >/dev/null 2>&1 && ! grep -qi "Noto Sans CJK" <<<"$fonts"; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "== apt-get install fonts-noto-cjk (Japanese text in screenshots)"
		(apt-get install -y -qq fonts-noto-cjk || (apt-get update -qq && apt-get install -y -qq fonts-noto-cjk)) >/tmp/stgy-e2e-fonts.log 2>&1 ||
			echo "e2e: could not install fonts-noto-cjk (see /tmp/stgy-e2e-fonts.log): Japanese screenshots will show boxes"
	else
		echo "e2e: fonts-noto-cjk is missing (apt-get install fonts-noto-cjk): Japanese screenshots will show boxes"
	fi
fi

bin=${STGY_E2E_BINARY:-}
if [ -z "$bin" ]; then
	echo "== go build -o bin/stgy-pub ./cmd/stgy-pub"
	${GO:-go} build -o bin/stgy-pub ./cmd/stgy-pub
	bin=bin/stgy-pub
fi

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
db=stgy_e2e_${RANDOM}${RANDOM}
prefix="e2e${RANDOM}${RANDOM}:"
secret="e2e-secret-$RANDOM$RANDOM"
base="http://127.0.0.1:$port"
work=$(mktemp -d /tmp/stgy-e2e.XXXXXX)
pgurl=postgres://postgres@127.0.0.1:5432
redis_host=127.0.0.1
redis_port=6379
pid=""

cleanup() {
	local rc=$?
	if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	fi
	psql "$pgurl/postgres" -q -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || echo "e2e: could not drop database $db" >&2
	redis-cli -h "$redis_host" -p "$redis_port" --scan --pattern "${prefix}*" 2>/dev/null |
		xargs -r -n 500 redis-cli -h "$redis_host" -p "$redis_port" del >/dev/null 2>&1 || true
	if [ "$rc" != 0 ] && [ -f "$work/server.log" ]; then
		echo "== server log (last 40 lines)" >&2
		tail -n 40 "$work/server.log" >&2
	fi
	rm -rf "$work"
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

export STGY_DATABASE_URL="$pgurl/$db?sslmode=disable"
export STGY_REDIS_URL="redis://$redis_host:$redis_port/0"
export STGY_REDIS_PREFIX="$prefix"
export STGY_LISTEN="127.0.0.1:$port"
export STGY_BASE_URL="$base"
export STGY_PUB_VIEW_SECRET="$secret"
export STGY_ADMIN_LISTEN=127.0.0.1:0 # never the default admin port: another server may hold it
# Webhooks may call the tests' loopback receivers (95-webhooks; every
# server of the run, the OwnServers too, so whichever worker claims a
# delivery can send it).
export STGY_WEBHOOK_ALLOW_LOOPBACK=true

echo "== stgy-pub demo on $base (database $db, Redis prefix $prefix)"
"$bin" demo >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do
	if curl -fsS "$base/readyz" >/dev/null 2>&1; then break; fi
	if ! kill -0 "$pid" 2>/dev/null; then echo "e2e: server exited" >&2; exit 1; fi
	sleep 0.5
done
curl -fsS "$base/readyz" >/dev/null || { echo "e2e: server not ready after 60s" >&2; exit 1; }

# 45 more published posts for gopher, so Stats has more than one 50-row page.
mkdir "$work/extra"
for i in $(seq -w 1 45); do
	printf -- '---\ntitle: E2E extra post %s\ndate: 2024-02-%02d\n---\n\nExtra post number %s for paging the Stats table.\n' \
		"$i" "$(( (10#$i - 1) % 28 + 1 ))" "$i" >"$work/extra/e2e-$i.md"
done
"$bin" import -user gopher -locale en "$work/extra" >/dev/null
# hanako is an admin, to check ?user= (another user's Stats and Settings).
"$bin" user make-admin -login hanako >/dev/null

# Files run one at a time in name order (node sorts them). The fault tests
# start a second server of their own (same database) to stop and restart.
rm -rf "$app/e2e/screenshots"
echo "== node --test ui/app/e2e"
STGY_E2E_BASE_URL="$base" STGY_E2E_VIEW_SECRET="$secret" STGY_E2E_CHROMIUM="$CHROMIUM" \
	STGY_E2E_BINARY="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")" STGY_E2E_WORK="$work" \
	STGY_E2E_REDIS_PREFIX="$prefix" STGY_E2E_REDIS_HOST="$redis_host" STGY_E2E_REDIS_PORT="$redis_port" \
	node --test --test-concurrency=1 --test-reporter=spec ${STGY_E2E_TESTS:-"$app"/e2e/*.test.mjs}
