#!/usr/bin/env bash
# Chaos run (issue 10): the built server under load while its private Redis
# is frozen (SIGSTOP), killed and restarted empty, each scenario twice.
# Prints, per scenario, loadgen's line (requests, req/s, p50, p99, non-200
# answers), /readyz during the fault and after, and the views Redis holds
# at the end. Loopback only; everything it starts (a redis-server on a free
# port, the server, a throwaway database on the test PostgreSQL) is stopped
# and dropped by pid at the end. Bounded: about 2 minutes.
#
#   CHAOS_SECONDS=6   load per scenario (the fault starts at 1 s, lasts 3 s)
#   CHAOS_CONC=16     concurrent clients
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${CHAOS_SECONDS:-6}
CONC=${CHAOS_CONC:-16}
PGURL=${STGY_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}
PGBASE=${PGURL%%/postgres\?*}
[ "$PGBASE" = "$PGURL" ] && PGBASE=postgres://postgres@127.0.0.1:5432

work=$(mktemp -d /tmp/stgy-chaos.XXXXXX)
freeport() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()'; }
rport=$(freeport); port=$(freeport)
db=stgy_chaos_${RANDOM}${RANDOM}
redis_pid=""; srv_pid=""

gone() { # wait until nothing answers on the Redis port
	for _ in $(seq 1 100); do redis-cli -p "$rport" ping >/dev/null 2>&1 || return 0; sleep 0.05; done
}
start_redis() {
	gone
	redis-server --port "$rport" --bind 127.0.0.1 --save "" --appendonly no --dir "$work" --daemonize no >"$work/redis.log" 2>&1 &
	redis_pid=$!
	for _ in $(seq 1 50); do
		redis-cli -p "$rport" ping >/dev/null 2>&1 && return
		kill -0 "$redis_pid" 2>/dev/null || { sleep 0.2; redis-server --port "$rport" --bind 127.0.0.1 --save "" --appendonly no --dir "$work" >"$work/redis.log" 2>&1 & redis_pid=$!; }
		sleep 0.1
	done
	echo "chaos: redis did not start" >&2; exit 1
}
cleanup() {
	local rc=$?
	[ -n "$srv_pid" ] && kill "$srv_pid" 2>/dev/null && wait "$srv_pid" 2>/dev/null
	for p in $redis_pid $(pgrep -f "redis-server 127.0.0.1:$rport" || true); do kill -CONT "$p" 2>/dev/null; kill -9 "$p" 2>/dev/null; done
	psql "$PGBASE/postgres" -q -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
	[ "$rc" != 0 ] && [ -f "$work/server.log" ] && tail -n 20 "$work/server.log" >&2
	rm -rf "$work"
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "== build"
go build -o "$work/stgy-pub" ./cmd/stgy-pub
go build -o "$work/loadgen" ./cmd/loadgen
start_redis
base=http://127.0.0.1:$port
STGY_DATABASE_URL="$PGBASE/$db?sslmode=disable" STGY_REDIS_URL="redis://127.0.0.1:$rport/0" \
STGY_LISTEN=127.0.0.1:$port STGY_BASE_URL=$base STGY_ADMIN_LISTEN=off STGY_ACCESS_LOG=errors \
STGY_TRUSTED_PROXIES=127.0.0.1 STGY_PUB_VIEW_SECRET=chaos-secret-$RANDOM$RANDOM$RANDOM \
	"$work/stgy-pub" demo >"$work/server.out" 2>"$work/server.log" &
srv_pid=$!
for _ in $(seq 1 300); do grep -q 'article:' "$work/server.out" 2>/dev/null && break; sleep 0.1; done
mapfile -t pubs < <(grep -o "$base/pub/[0-9A-F]*" "$work/server.out")
site=$(grep -m1 -o "$base/sites/[0-9A-F]*" "$work/server.out")
[ "${#pubs[@]}" -gt 0 ] || { echo "chaos: server did not start" >&2; exit 1; }
echo "== server $base (pid $srv_pid), Redis 127.0.0.1:$rport (pid $redis_pid), ${CONC} clients, ${SECS}s per scenario"

ready() { curl -s -m 2 "$base/readyz" | tr -d '\n'; }

fault() { # name: runs in the background during the load
	trap - EXIT INT TERM # the subshell must not run cleanup
	sleep 1
	case $1 in
	freeze) kill -STOP "$redis_pid"; sleep 0.5; echo "   readyz while frozen:    $(ready)" >"$work/during"; sleep 2.5; kill -CONT "$redis_pid" ;;
	kill) kill -9 "$redis_pid"; gone; sleep 0.5; echo "   readyz while down:      $(ready)" >"$work/during"; sleep 2.5; start_redis ;;
	restart) kill -TERM "$redis_pid"; start_redis; echo "   readyz after restart:   $(ready)" >"$work/during" ;;
	none) echo "   readyz:                 $(ready)" >"$work/during" ;;
	esac
}

for scenario in none freeze kill restart freeze kill restart; do
	echo "-- scenario: $scenario"
	: >"$work/during"
	fault "$scenario" &
	fpid=$!
	"$work/loadgen" run -c "$CONC" -d "${SECS}s" -n 10000000 -xff 5000 "${pubs[@]:0:2}" "$site" | sed 's/^/   /'
	wait "$fpid"
	# fault() restarted Redis in a subshell: find the new pid by port.
	redis_pid=$(pgrep -f "redis-server 127.0.0.1:$rport" | head -1 || true)
	[ -n "$redis_pid" ] || { echo "chaos: Redis is gone after $scenario" >&2; exit 1; }
	cat "$work/during"
	sleep 1.5
	echo "   readyz 1.5 s later:     $(ready)"
	echo "   Redis keys now:         $(redis-cli -p "$rport" dbsize 2>/dev/null || echo 'no answer')"
done
echo "== server log: $(grep -c 'level=WARN' "$work/server.log" || true) WARN, $(grep -c 'level=ERROR' "$work/server.log" || true) ERROR lines (rate-limited per message)"
