#!/usr/bin/env bash
# Chaos run (issue 10): the built server under load while its private Redis
# is frozen (SIGSTOP), killed and restarted empty, each scenario twice.
# Prints, per scenario, loadgen's line (requests, req/s, p50, p99, non-200
# answers), /readyz during the fault and after, and the views Redis holds
# at the end. Loopback only; everything it starts (a redis-server on a free
# port, the server, a throwaway database on the test PostgreSQL) is stopped
# and dropped by pid at the end. Bounded: about 2 minutes.
#
# Then the PostgreSQL scenarios (issue 22), on a private PostgreSQL
# (initdb on a free loopback port in the work folder, stopped at the end)
# and a second server with STGY_PG_READ_DEADLINE=1s:
#   restart  light traffic (one page and one /readyz every 0.5 s) while
#            PostgreSQL restarts: seconds from "accepting connections" to
#            the first 200 of each, and the 503s seen after it
#   freeze   PostgreSQL frozen (SIGSTOP): one request of every kind
#            (article, site, search, feed, comments feed, sitemap, home,
#            GraphQL query and search): status and seconds of each
#   hang-up  20 readers that hang up after 0.3 s on search pages while
#            PostgreSQL is frozen: the server's 499 and 500 counts
#            (/metrics) and its ERROR lines
#
#   CHAOS_SECONDS=6   load per scenario (the fault starts at 1 s, lasts 3 s)
#   CHAOS_CONC=16     concurrent clients
#   CHAOS_PG_ONLY=1   run the PostgreSQL scenarios only
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
pgdata=""; pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
asuser() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
pg_pids() { local pm; pm=$(head -1 "$pgdata/postmaster.pid"); echo "$pm" $(ps -o pid= --ppid "$pm"); }

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
	# (|| true: under set -e a failing last command of a list would end
	# cleanup before the stores are stopped.)
	[ -n "$srv_pid" ] && kill "$srv_pid" 2>/dev/null && wait "$srv_pid" 2>/dev/null || true
	for p in $redis_pid $(pgrep -f "redis-server 127.0.0.1:$rport" || true); do kill -CONT "$p" 2>/dev/null; kill -9 "$p" 2>/dev/null; done
	psql "$PGBASE/postgres" -q -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
	if [ -n "$pgdata" ] && [ -f "$pgdata/postmaster.pid" ]; then
		kill -CONT $(pg_pids) 2>/dev/null || true
		asuser "$pgbin/pg_ctl" -D "$pgdata" -m immediate stop >/dev/null 2>&1 || true
	fi
	[ "$rc" != 0 ] && [ -f "$work/server.log" ] && tail -n 20 "$work/server.log" >&2 || true
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

scenarios="none freeze kill restart freeze kill restart"
[ "${CHAOS_PG_ONLY:-}" = 1 ] && scenarios=""
for scenario in $scenarios; do
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

# ---- PostgreSQL scenarios (issue 22) on a private PostgreSQL ----------
kill "$srv_pid" 2>/dev/null && wait "$srv_pid" 2>/dev/null || true
srv_pid=""
[ -n "$pgbin" ] || { echo "chaos: no /usr/lib/postgresql/*/bin: PostgreSQL scenarios skipped"; exit 0; }
pgport=$(freeport); port=$(freeport); aport=$(freeport)
pgdata=$work/pg/data
mkdir -p "$work/pg"
[ "$(id -u)" = 0 ] && chmod 711 "$work" && chown postgres "$work/pg"  # postgres may pass through, not list
asuser "$pgbin/initdb" -D "$pgdata" -U postgres -A trust --no-sync >/dev/null
pg_start() { asuser "$pgbin/pg_ctl" -D "$pgdata" -l "$work/pg/log" -w -o "-p $pgport -k $work/pg -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null; }
pg_start
base=http://127.0.0.1:$port; admin=http://127.0.0.1:$aport
STGY_DATABASE_URL="postgres://postgres@127.0.0.1:$pgport/stgy_pub?sslmode=disable" STGY_REDIS_URL="redis://127.0.0.1:$rport/1" \
STGY_LISTEN=127.0.0.1:$port STGY_BASE_URL=$base STGY_ADMIN_LISTEN=127.0.0.1:$aport STGY_ACCESS_LOG=errors STGY_PG_READ_DEADLINE=1s \
STGY_TRUSTED_PROXIES=127.0.0.1 STGY_PUB_VIEW_SECRET=chaos-secret-$RANDOM$RANDOM$RANDOM \
	"$work/stgy-pub" demo >"$work/server2.out" 2>"$work/server.log" &
srv_pid=$!
for _ in $(seq 1 300); do grep -q 'article:' "$work/server2.out" 2>/dev/null && break; sleep 0.1; done
mapfile -t pubs < <(grep -o "$base/pub/[0-9A-F]*" "$work/server2.out")
mapfile -t sites < <(grep -o "$base/sites/[0-9A-F]*" "$work/server2.out")
[ "${#pubs[@]}" -ge 3 ] || { echo "chaos: second server did not start" >&2; exit 1; }
echo "== PostgreSQL 127.0.0.1:$pgport (private), server $base (pid $srv_pid), admin $admin, STGY_PG_READ_DEADLINE=1s"
now() { date +%s.%N; }
code() { curl -s -o /dev/null -m "${2:-15}" -w '%{http_code} %{time_total}' "${@:3}" "$1" || true; }

echo "-- scenario: PostgreSQL restart at light traffic"
( trap - EXIT INT TERM
  while :; do
	t=$(now); c=$(code "${sites[0]}?q=light$RANDOM" 5 | cut -d' ' -f1); r=$(code "$admin/readyz" 5 | cut -d' ' -f1)
	echo "$t $c $r"; sleep 0.5
  done ) >"$work/light" &
lpid=$!
sleep 2
asuser "$pgbin/pg_ctl" -D "$pgdata" -m fast stop >/dev/null
sleep 2
pg_start
back=$(now)
sleep 4
kill "$lpid"; wait "$lpid" 2>/dev/null || true
awk -v back="$back" '$1 >= back { n++; if ($2 != 200) bad++; if ($3 != 200) rbad++
	if ($2 == 200 && !p) { printf "   first page 200:    %.2f s after PostgreSQL accepted connections\n", $1 - back; p = 1 }
	if ($3 == 200 && !r) { printf "   first /readyz 200: %.2f s after PostgreSQL accepted connections\n", $1 - back; r = 1 } }
	END { printf "   after it: %d samples, %d page and %d /readyz answers not 200\n", n, bad, rbad }' "$work/light"

echo "-- scenario: PostgreSQL frozen, one request of every kind (read deadline 1 s)"
kill -STOP $(pg_pids)
owner=${sites[1]##*/}
gql() { code "$base/graphql" 15 -H 'Content-Type: application/json' -d "$1"; }
{
	echo "article        $(code "${pubs[1]}" 15)" &
	echo "site           $(code "${sites[2]}?page=1" 15)" &
	echo "search         $(code "${sites[1]}?q=frozen" 15)" &
	echo "feed           $(code "${sites[1]}/feed.atom" 15)" &
	echo "comments feed  $(code "${pubs[2]}/comments.atom" 15)" &
	echo "sitemap        $(code "$base/sitemap.xml" 15)" &
	echo "home           $(code "$base/" 15)" &
	echo "graphql site   $(gql "$(printf '{"query":"{ site(userId: \\"%s\\") { config { siteName } } }"}' "$owner")")" &
	echo "graphql search $(gql "$(printf '{"query":"{ site(userId: \\"%s\\") { search(query: \\"go\\") { totalCount } } }"}' "$owner")")" &
	wait
} | sed 's/^/   /'

echo "-- scenario: readers hang up after 0.3 s while PostgreSQL is frozen"
m499() { curl -s -m 5 "$admin/metrics" | awk '/^stgypub_http_requests_total/ && /status="499"/ { s += $NF } END { print s + 0 }'; }
m500() { curl -s -m 5 "$admin/metrics" | awk '/^stgypub_http_requests_total/ && /status="5[0-9][0-9]"/ && !/status="503"/ { s += $NF } END { print s + 0 }'; }
e0=$(grep -c 'level=ERROR' "$work/server.log" || true); h0=$(m499); f0=$(m500)
hpids=()
for i in $(seq 1 20); do curl -s -o /dev/null -m 0.3 "${sites[$((i % 3))]}?q=hangup$i" & hpids+=($!); done
wait "${hpids[@]}" || true
kill -CONT $(pg_pids)
sleep 1
e1=$(grep -c 'level=ERROR' "$work/server.log" || true)
echo "   20 hang-ups: $(( $(m499) - h0 )) recorded as 499, $(( $(m500) - f0 )) as 5xx other than 503, $(( e1 - e0 )) ERROR lines"
echo "   after the thaw: search $(code "${sites[0]}?q=thawed" 15), /readyz $(code "$admin/readyz" 5)"
