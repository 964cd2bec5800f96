#!/usr/bin/env bash
# End-to-end load figures for the public pages (issue "One request, one
# fetch"): builds bin/stgy-pub and cmd/loadgen, starts the binary with the
# demo content on a free loopback port against a throwaway database and
# Redis key prefix, and reports req/s and p99 for /pub and /sites, views
# recorded per second through /pub, and the same against bare baselines
# (net/http serving the same bytes; one EVALSHA per view). Uses wrk for
# the page figures when installed, else cmd/loadgen. Everything it starts
# is stopped by pid, the database dropped and the keys deleted.
#
#   scripts/load.sh [-d 10s] [-c 16]
#
# Environment: STGY_TEST_DATABASE_URL (server URL, default
# postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL (default
# redis://127.0.0.1:6379/0). Loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."

DUR=10s; CONC=16
while [ $# -gt 0 ]; do
  case "$1" in
    -d) DUR=$2; shift 2 ;;
    -c) CONC=$2; shift 2 ;;
    *) echo "usage: $0 [-d 10s] [-c 16]" >&2; exit 2 ;;
  esac
done

PGBASE=${STGY_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379/0}
RAND=$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')
DB=stgy_load_$RAND
PREFIX="stgyload-$RAND:"
DBURL="${PGBASE%%\?*}"; DBURL="${DBURL%/*}/$DB?sslmode=disable"
WORK=$(mktemp -d)
PIDS=()

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  psql "${PGBASE}" -qAt -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  redis-cli -u "$REDIS_URL" --scan --pattern "${PREFIX}*" 2>/dev/null | xargs -r -n 500 redis-cli -u "$REDIS_URL" DEL >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

go build -o "$WORK/stgy-pub" ./cmd/stgy-pub
go build -o "$WORK/loadgen" ./cmd/loadgen
LG="$WORK/loadgen"

wait_http() { # url
  for _ in $(seq 1 100); do curl -fsS -o /dev/null "$1" 2>/dev/null && return 0; sleep 0.1; done
  echo "no answer from $1" >&2; return 1
}

PORT=$(free_port)
BASE="http://127.0.0.1:$PORT"
STGY_DATABASE_URL="$DBURL" STGY_REDIS_URL="$REDIS_URL" STGY_REDIS_PREFIX="$PREFIX" \
STGY_LISTEN="127.0.0.1:$PORT" STGY_BASE_URL="$BASE" STGY_TRUSTED_PROXIES=127.0.0.1/32 \
STGY_PUB_VIEW_SECRET=load-test \
  "$WORK/stgy-pub" demo >"$WORK/server.out" 2>"$WORK/server.log" &
PIDS+=($!)
for _ in $(seq 1 300); do grep -q 'article:' "$WORK/server.out" 2>/dev/null && break; sleep 0.1; done
SITE=$(grep -m1 -o "$BASE/sites/[0-9A-F]*" "$WORK/server.out")
PUB=$(grep -m1 -o "$BASE/pub/[0-9A-F]*" "$WORK/server.out")
wait_http "$PUB"
echo "# server $BASE (page cache on), $CONC connections, $DUR per run; load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# site $SITE"
echo "# pub  $PUB"

STATIC_PUB_PORT=$(free_port); STATIC_SITE_PORT=$(free_port); VIEWS_PORT=$(free_port)
"$LG" bare-static -listen "127.0.0.1:$STATIC_PUB_PORT" -from "$PUB" & PIDS+=($!)
"$LG" bare-static -listen "127.0.0.1:$STATIC_SITE_PORT" -from "$SITE" & PIDS+=($!)
"$LG" bare-views -listen "127.0.0.1:$VIEWS_PORT" -redis "$REDIS_URL" -prefix "${PREFIX}bare-" & PIDS+=($!)
wait_http "http://127.0.0.1:$STATIC_PUB_PORT/"; wait_http "http://127.0.0.1:$STATIC_SITE_PORT/"

# page figures: name url -> "req/s p99-ms"
page_run() {
  if command -v wrk >/dev/null; then
    wrk -t2 -c"$CONC" -d"$DUR" --latency -H 'User-Agent: Mozilla/5.0 wrk Firefox/140.0' "$1" |
      awk '/Requests\/sec/ {rps=$2} /^ +99%/ {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v*=1000}; p=v} END {printf "%.1f %.2f\n", rps, p}'
  else
    "$LG" run -c "$CONC" -d "$DUR" "$1" | awk 'NR==3 {printf "%.1f %.2f\n", $3, $5}'
  fi
}
# view figures: url -> "req/s p99-ms", with 65536 distinct forwarded clients
view_run() { "$LG" run -c "$CONC" -d "$DUR" -xff 65536 "$1" | awk 'NR==3 {printf "%.1f %.2f\n", $3, $5}'; }

printf '%-14s %10s %9s %10s %9s %7s\n' page ours-req/s p99-ms bare-req/s p99-ms ratio
for kind in pub sites; do
  if [ $kind = pub ]; then ours=$PUB; bare="http://127.0.0.1:$STATIC_PUB_PORT/"; else ours=$SITE; bare="http://127.0.0.1:$STATIC_SITE_PORT/"; fi
  read -r o_rps o_p99 <<<"$(page_run "$ours")"
  read -r b_rps b_p99 <<<"$(page_run "$bare")"
  printf '%-14s %10s %9s %10s %9s %7.3f\n' "/$kind" "$o_rps" "$o_p99" "$b_rps" "$b_p99" "$(echo "$o_rps $b_rps" | awk '{print $1/$2}')"
done

before=$("$LG" views -redis "$REDIS_URL" -prefix "$PREFIX")
read -r o_rps o_p99 <<<"$(view_run "$PUB")"
after=$("$LG" views -redis "$REDIS_URL" -prefix "$PREFIX")
secs=$(echo "$DUR" | awk '{v=$1; if (v ~ /ms$/) {sub(/ms/,"",v); v/=1000} else if (v ~ /m$/) {sub(/m/,"",v); v*=60} else sub(/s/,"",v); print v}')
o_views=$(echo "$before $after $secs" | awk '{printf "%.1f", ($2-$1)/$3}')
bb=$("$LG" views -redis "$REDIS_URL" -prefix "${PREFIX}bare-")
read -r b_rps b_p99 <<<"$(view_run "http://127.0.0.1:$VIEWS_PORT/")"
ba=$("$LG" views -redis "$REDIS_URL" -prefix "${PREFIX}bare-")
b_views=$(echo "$bb $ba $secs" | awk '{printf "%.1f", ($2-$1)/$3}')
printf '%-14s %10s %9s %10s %9s %7.3f   (views recorded/s: ours %s, bare %s)\n' "views /pub" "$o_rps" "$o_p99" "$b_rps" "$b_p99" \
  "$(echo "$o_views $b_views" | awk '{print ($2 > 0) ? $1/$2 : 0}')" "$o_views" "$b_views"
