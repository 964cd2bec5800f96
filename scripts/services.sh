#!/usr/bin/env bash
# Makes sure PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379) answer.
# Order: already running -> (with --system: start the machine's service, as
# CI does) -> start throwaway local instances under .data/ -> say exactly
# what to install.
set -uo pipefail
system=0; [ "${1:-}" = --system ] && system=1
cd "$(dirname "$0")/.."
# Host and port come from STGY_DATABASE_URL / STGY_REDIS_URL (defaults as in
# the Makefile); services on other hosts are not ours to start.
url_hostport() { # URL default-port -> "host port"
	local rest=${1#*://}; rest=${rest#*@}; rest=${rest%%/*}; rest=${rest%%\?*}
	local host=${rest%:*} port=${rest##*:}
	[ "$host" = "$rest" ] && port=$2
	echo "${host:-127.0.0.1} ${port:-$2}"
}
read -r PGHOST PGPORT <<<"$(url_hostport "${STGY_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/stgy_pub}" 5432)"
read -r REDISHOST REDISPORT <<<"$(url_hostport "${STGY_REDIS_URL:-redis://127.0.0.1:6379/0}" 6379)"
local_host() { case "$1" in 127.0.0.1|localhost|"[::1]") return 0;; esac; return 1; }

pg_up() { ! local_host "$PGHOST" && return 0; pg_isready -q -h 127.0.0.1 -p "$PGPORT" 2>/dev/null || (exec 3<>/dev/tcp/127.0.0.1/$PGPORT) 2>/dev/null; }
redis_up() { ! local_host "$REDISHOST" && return 0; [ "$(redis-cli -h 127.0.0.1 -p "$REDISPORT" ping 2>/dev/null)" = PONG ]; }

if [ "${1:-}" = stop ]; then # stop the throwaway instances under .data/
	bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
	if [ -f .data/pg/postmaster.pid ]; then
		runas=(); [ "$(id -u)" = 0 ] && runas=(runuser -u postgres --)
		"${runas[@]}" "$bindir/pg_ctl" -D .data/pg stop -m fast >/dev/null && echo "services: stopped .data/pg"
	fi
	if [ -f .data/redis/redis.pid ]; then
		kill "$(cat .data/redis/redis.pid)" && echo "services: stopped .data/redis"
	fi
	exit 0
fi

wait_for() { # name check
	for _ in $(seq 1 60); do "$2" && return 0; sleep 0.5; done
	echo "services: $1 did not come up" >&2; return 1
}

if ! pg_up; then
	if [ $system = 1 ] && [ "$PGPORT" = 5432 ] && command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ] && [ "$(id -u)" = 0 ]; then
		echo "services: starting the machine's PostgreSQL" >&2
		pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
	fi
	if ! pg_up; then
		bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
		if [ -n "$bindir" ] && [ -x "$bindir/initdb" ]; then
			echo "services: starting a throwaway PostgreSQL under .data/pg" >&2
			mkdir -p .data
			runas=(); [ "$(id -u)" = 0 ] && { chown -R postgres .data 2>/dev/null; runas=(runuser -u postgres --); }
			[ -d .data/pg ] || "${runas[@]}" "$bindir/initdb" -D .data/pg -U postgres -A trust >/dev/null
			"${runas[@]}" "$bindir/pg_ctl" -D .data/pg -l .data/pg.log -o "-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1" start >/dev/null
		else
			echo "services: PostgreSQL is not running on 127.0.0.1:$PGPORT and not installed; install it (Debian: apt-get install postgresql) or set STGY_DATABASE_URL" >&2
			exit 1
		fi
	fi
	wait_for PostgreSQL pg_up || exit 1
fi

if ! redis_up; then
	if [ $system = 1 ] && [ "$REDISPORT" = 6379 ] && command -v redis-server >/dev/null 2>&1 && [ -d /var/lib/redis ] && [ "$(id -u)" = 0 ]; then
		echo "services: starting the machine's Redis" >&2
		mkdir -p /var/log/redis
		redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDISPORT" --save "" --appendonly no \
			--dir /var/lib/redis --logfile /var/log/redis/ci.log >/dev/null
		sleep 0.5
	fi
	if ! redis_up && command -v redis-server >/dev/null 2>&1; then
		echo "services: starting a throwaway Redis under .data/redis" >&2
		mkdir -p .data/redis
		redis-server --daemonize yes --bind 127.0.0.1 --port "$REDISPORT" --save "" --appendonly no \
			--dir "$PWD/.data/redis" --logfile "$PWD/.data/redis.log" --pidfile "$PWD/.data/redis/redis.pid" >/dev/null
	elif ! redis_up; then
		echo "services: Redis is not running on 127.0.0.1:$REDISPORT and not installed; install it (Debian: apt-get install redis-server) or set STGY_REDIS_URL" >&2
		exit 1
	fi
	wait_for Redis redis_up || exit 1
fi
