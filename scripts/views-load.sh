#!/usr/bin/env bash
# View pipeline figures (issue 17, docs/ARCHITECTURE.md "View pipeline"):
# the built server (demo content) on its own redis-server and a throwaway
# database, measured against bare baselines in the same run.
#   1. Bursts: N concurrent first-time readers of one article (one GET
#      each, distinct X-Forwarded-For addresses, no keep-alive), N = 1000
#      and 5000, alone and with -hogs CPU-bound processes beside the
#      server: answers, views added once the recorder drained (must be
#      exactly N), time to drain, p50/p99.
#   2. Throughput with rotating addresses: views recorded per second and
#      /pub req/s against `loadgen bare-views` (net/http, one EVALSHA of
#      the same LRU script per view) and `loadgen bare-static` (the same
#      bytes), same connections and duration.
#   3. /pub p50/p99 and views lost with Redis healthy, frozen (SIGSTOP)
#      10 s, and killed for 10 s then restarted empty (the kill comes
#      before the load, so its views all wait for the new Redis); a different article
#      per scenario, so each one's count is only its own views.
# Loopback only; everything it starts is stopped by pid, the database
# dropped. Bounded: about two minutes.
#
#   scripts/views-load.sh [-d 5s] [-c 16] [-hogs 2]
#   STGY_BIN=path/to/stgy-pub scripts/views-load.sh   # measure another build
set -euo pipefail
cd "$(dirname "$0")/.."
DUR=5s; CONC=16; HOGS=2
while [ $# -gt 0 ]; do
	case "$1" in
	-d) DUR=$2; shift 2 ;;
	-c) CONC=$2; shift 2 ;;
	-hogs) HOGS=$2; shift 2 ;;
	*) echo "usage: $0 [-d 5s] [-c 16] [-hogs 2]" >&2; exit 2 ;;
	esac
done
PGURL=${STGY_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}
PGBASE=${PGURL%%/postgres\?*}
[ "$PGBASE" = "$PGURL" ] && PGBASE=postgres://postgres@127.0.0.1:5432
work=$(mktemp -d /tmp/stgy-views.XXXXXX)
freeport() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()'; }
rport=$(freeport); port=$(freeport); bport=$(freeport); sport=$(freeport)
db=stgy_views_${RANDOM}${RANDOM}
PREFIX="vl:"
redis_pid=""; srv_pid=""; pids=(); hogs=()

start_redis() {
	redis-server --port "$rport" --bind 127.0.0.1 --save "" --appendonly no --dir "$work" >"$work/redis.log" 2>&1 &
	redis_pid=$!
	for _ in $(seq 1 50); do redis-cli -p "$rport" ping >/dev/null 2>&1 && return; sleep 0.1; done
	echo "views-load: redis did not start" >&2; exit 1
}
stop_hogs() { for p in "${hogs[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; hogs=(); }
cleanup() {
	local rc=$?
	stop_hogs
	for p in "${pids[@]}" $srv_pid; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
	[ -n "$redis_pid" ] && { kill -CONT "$redis_pid" 2>/dev/null; kill -9 "$redis_pid" 2>/dev/null; wait "$redis_pid" 2>/dev/null; } || true
	psql "$PGBASE/postgres" -q -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
	[ "$rc" != 0 ] && [ -f "$work/server.log" ] && tail -n 20 "$work/server.log" >&2
	rm -rf "$work"
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ -n "${STGY_BIN:-}" ]; then cp "$STGY_BIN" "$work/stgy-pub"; else go build -o "$work/stgy-pub" ./cmd/stgy-pub; fi
go build -o "$work/loadgen" ./cmd/loadgen
LG="$work/loadgen"
start_redis
base=http://127.0.0.1:$port
STGY_DATABASE_URL="$PGBASE/$db?sslmode=disable" STGY_REDIS_URL="redis://127.0.0.1:$rport/0" STGY_REDIS_PREFIX="$PREFIX" \
STGY_LISTEN=127.0.0.1:$port STGY_BASE_URL=$base STGY_ADMIN_LISTEN=off STGY_ACCESS_LOG=errors \
STGY_TRUSTED_PROXIES=127.0.0.1 STGY_PUB_VIEW_SECRET=views-load-$RANDOM$RANDOM$RANDOM \
	"$work/stgy-pub" demo >"$work/server.out" 2>"$work/server.log" &
srv_pid=$!
for _ in $(seq 1 300); do grep -q 'article:' "$work/server.out" 2>/dev/null && break; sleep 0.1; done
mapfile -t sites < <(grep -o "$base/sites/[0-9A-F]*" "$work/server.out" | awk '!seen[$0]++')
mapfile -t pubs < <(for s in "${sites[@]}"; do curl -fsS "$s"; done | grep -o '/pub/[0-9A-F]\{16\}' | awk '!seen[$0]++ {print "'"$base"'" $0}')
[ "${#pubs[@]}" -ge 6 ] || { echo "views-load: want 6 demo articles, got ${#pubs[@]}" >&2; exit 1; }
"$LG" bare-views -listen "127.0.0.1:$bport" -redis "redis://127.0.0.1:$rport/0" -prefix "${PREFIX}bare-" -from "${pubs[2]}" & pids+=($!)
"$LG" bare-static -listen "127.0.0.1:$sport" -from "${pubs[2]}" & pids+=($!)
for _ in $(seq 1 100); do curl -fsS -o /dev/null "http://127.0.0.1:$sport/" 2>/dev/null && break; sleep 0.1; done
echo "# server $base, private Redis :$rport, $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"

views() { "$LG" views -redis "redis://127.0.0.1:$rport/0" -prefix "$1"; }
# settle PREFIX WANT: waits (at most 30 s) until the views under PREFIX
# reach WANT or stop moving for 2 s; prints "views seconds".
settle() {
	local t0 v last same=0
	t0=$(date +%s.%N); last=-1
	for _ in $(seq 1 300); do
		v=$(views "$1")
		[ "$v" -ge "$2" ] && break
		if [ "$v" = "$last" ]; then same=$((same + 1)); [ $same -ge 20 ] && break; else same=0; fi
		last=$v; sleep 0.1
	done
	echo "$v $(echo "$(date +%s.%N) $t0" | awk '{printf "%.2f", $1-$2}')"
}
hog() { for _ in $(seq 1 "$1"); do (while :; do :; done) & hogs+=($!); done; }

echo "== bursts (one GET per reader, distinct addresses, no keep-alive)"
printf '%-6s %5s %8s %8s %6s %10s %9s %8s %8s\n' readers hogs answered added exact drain-s p50-ms p99-ms errors
addr=0
for n in 1000 5000; do
	for h in 0 "$HOGS"; do
		[ "$h" -gt 0 ] && hog "$h"
		before=$(views "$PREFIX")
		read -r sent ok non200 errs p50 p99 <<<"$("$LG" burst -n "$n" -first "$addr" "${pubs[1]}")"
		addr=$((addr + n))
		read -r after secs <<<"$(settle "$PREFIX" $((before + ok)))"
		stop_hogs
		added=$((after - before))
		exact=yes; [ "$added" = "$ok" ] || exact=NO
		printf '%-6s %5s %8s %8s %6s %10s %9s %8s %8s\n' "$n" "$h" "$ok" "$added" "$exact" "$secs" "$p50" "$p99" "$((non200 + errs))"
	done
done

secs=$(echo "$DUR" | awk '{v=$1; if (v ~ /ms$/) {sub(/ms/,"",v); v/=1000} else if (v ~ /m$/) {sub(/m/,"",v); v*=60} else sub(/s/,"",v); print v}')
echo "== throughput, $CONC keep-alive clients, $DUR, rotating addresses (65536)"
run() { "$LG" run -raw -c "$CONC" -d "$DUR" -n 100000000 -xff 65536 "$1" | awk 'NR==3 {print $2, $3, $4, $5, $6}'; }
before=$(views "$PREFIX"); read -r o_n o_rps o_p50 o_p99 o_bad <<<"$(run "${pubs[2]}")"
read -r after _ <<<"$(settle "$PREFIX" $((before + o_n - o_bad)))"
o_views=$(echo "$before $after $secs" | awk '{printf "%.0f", ($2-$1)/$3}')
bb=$(views "${PREFIX}bare-"); read -r b_n b_rps b_p50 b_p99 b_bad <<<"$(run "http://127.0.0.1:$bport/")"
ba=$(views "${PREFIX}bare-")
b_views=$(echo "$bb $ba $secs" | awk '{printf "%.0f", ($2-$1)/$3}')
read -r s_n s_rps s_p50 s_p99 s_bad <<<"$(run "http://127.0.0.1:$sport/")"
printf '%-28s %10s %8s %8s %10s\n' case req/s p50-ms p99-ms views/s
printf '%-28s %10s %8s %8s %10s\n' "/pub (ours)" "$o_rps" "$o_p50" "$o_p99" "$o_views"
printf '%-28s %10s %8s %8s %10s\n' "bare: same bytes + EVALSHA" "$b_rps" "$b_p50" "$b_p99" "$b_views"
printf '%-28s %10s %8s %8s %10s\n' "bare: same bytes" "$s_rps" "$s_p50" "$s_p99" "-"
echo "ratios: views/s ours/bare-EVALSHA $(echo "$o_views $b_views" | awk '{printf "%.3f", ($2 > 0) ? $1/$2 : 0}'),\
 /pub req/s ours/bare-bytes $(echo "$o_rps $s_rps" | awk '{printf "%.3f", $1/$2}'); views answered 200 vs recorded: $((o_n - o_bad)) / $((after - before))"

echo "== /pub with Redis healthy, frozen 10 s (from 1 s), killed 10 s (from 0 s, restarted empty); 12 s of load each"
echo "# lost = answered 200 - recorded; -$CONC or so is the requests in flight when the load stopped (answered to nobody, recorded)"
printf '%-8s %9s %8s %8s %8s %8s %8s\n' redis requests non200 p50-ms p99-ms recorded lost
i=3
for scenario in healthy frozen killed; do
	url=${pubs[$i]}; i=$((i + 1))
	(
		trap - EXIT INT TERM
		sleep 1
		case $scenario in
		frozen) kill -STOP "$redis_pid"; sleep 10; kill -CONT "$redis_pid" ;;
		killed) sleep 9; redis-server --port "$rport" --bind 127.0.0.1 --save "" --appendonly no --dir "$work" >"$work/redis2.log" 2>&1 & echo $! >"$work/redis.pid" ;;
		esac
	) &
	fpid=$!
	# Killed: before the load, so every view of this article is made while
	# Redis is down or after it came back (empty); the 10 s run from 0.
	[ "$scenario" = killed ] && { kill -9 "$redis_pid"; wait "$redis_pid" 2>/dev/null || true; }
	before=$(views "$PREFIX" 2>/dev/null || echo 0)
	read -r n rps p50 p99 bad <<<"$("$LG" run -raw -c "$CONC" -d 12s -n 100000000 -xff 65536 "$url" | awk 'NR==3 {print $2, $3, $4, $5, $6}')"
	wait "$fpid"
	if [ "$scenario" = killed ]; then
		redis_pid=$(cat "$work/redis.pid")
		for _ in $(seq 1 50); do redis-cli -p "$rport" ping >/dev/null 2>&1 && break; sleep 0.1; done
		before=0 # restarted empty: only this article's views since the kill are there
	fi
	want=$((n - bad))
	# This article's own field: sum of its daily fields across owners' Hashes.
	post=${url##*/}
	read -r _ _ <<<"$(settle "$PREFIX" $((before + want)))"
	got=$(redis-cli -p "$rport" --scan --pattern "${PREFIX}stgy:pub-views:daily:*" | while read -r k; do redis-cli -p "$rport" hget "$k" "$post"; done | awk '{s+=$1} END {print s+0}')
	printf '%-8s %9s %8s %8s %8s %8s %8s\n' "$scenario" "$n" "$bad" "$p50" "$p99" "$got" "$((want - got))"
done
echo "== dropped views (server log): $(grep -c 'page views dropped' "$work/server.log" || true) lines; retries logged: $(grep -c 'view batch failed' "$work/server.log" || true)"
