#!/usr/bin/env bash
# Starts or stops a throwaway 3-master Redis Cluster for the counter tests.
#   scripts/redis-cluster.sh start DIR   # prints the comma-separated addresses
#   scripts/redis-cluster.sh stop DIR    # kills the servers by pid, removes DIR
# Ports: the first free run of three from 17001 (override with
# REDIS_CLUSTER_BASE_PORT). No persistence; loopback only.
set -euo pipefail
cmd=${1:-}; dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }

port_free() { ! (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null; }

case "$cmd" in
start)
	command -v redis-server >/dev/null && command -v redis-cli >/dev/null ||
		{ echo "redis-cluster: redis-server and redis-cli are required (apt-get install redis-server)" >&2; exit 1; }
	mkdir -p "$dir"
	base=${REDIS_CLUSTER_BASE_PORT:-17001}
	while ! { port_free "$base" && port_free $((base + 1)) && port_free $((base + 2)) &&
		port_free $((base + 10000)) && port_free $((base + 10001)) && port_free $((base + 10002)); }; do
		base=$((base + 3))
		[ "$base" -lt 20000 ] || { echo "redis-cluster: no free ports" >&2; exit 1; }
	done
	addrs=()
	for p in "$base" $((base + 1)) $((base + 2)); do
		mkdir -p "$dir/$p"
		redis-server --port "$p" --bind 127.0.0.1 --cluster-enabled yes \
			--cluster-config-file "$dir/$p/nodes.conf" --cluster-node-timeout 2000 \
			--save "" --appendonly no --dir "$dir/$p" --logfile "$dir/$p/redis.log" \
			--pidfile "$dir/$p/redis.pid" --daemonize yes
		addrs+=("127.0.0.1:$p")
	done
	for p in "$base" $((base + 1)) $((base + 2)); do
		for _ in $(seq 1 50); do [ "$(redis-cli -p "$p" ping 2>/dev/null)" = PONG ] && break; sleep 0.1; done
	done
	redis-cli --cluster create "${addrs[@]}" --cluster-replicas 0 --cluster-yes >"$dir/create.log" 2>&1 ||
		{ cat "$dir/create.log" >&2; exit 1; }
	for _ in $(seq 1 100); do
		ok=1
		for p in "$base" $((base + 1)) $((base + 2)); do
			redis-cli -p "$p" cluster info 2>/dev/null | grep -q '^cluster_state:ok' || ok=0
		done
		[ "$ok" = 1 ] && break
		sleep 0.1
	done
	[ "$ok" = 1 ] || { echo "redis-cluster: cluster_state not ok" >&2; exit 1; }
	(IFS=,; echo "${addrs[*]}") | tee "$dir/addrs"
	;;
stop)
	for pf in "$dir"/*/redis.pid; do
		[ -f "$pf" ] || continue
		pid=$(cat "$pf")
		kill "$pid" 2>/dev/null || true
		for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	done
	rm -rf "$dir"
	;;
*) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
