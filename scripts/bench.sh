#!/usr/bin/env bash
# Page figures against bare baselines, from one `go test -bench` run
# (server.BenchmarkRatio: our server and the bare handler over loopback
# HTTP, 16 keep-alive clients, alternating 200 ms phases; one benchmark
# iteration = one phase of each). /pub is compared with (b) bare bytes +
# one EVALSHA of the view script, /sites and the feed with (a) bare bytes;
# warm and cold page cache; one client address and rotating ones. Targets
# (warm): ratio >= 0.8, p99 <= 2x the bare side's. Then the allocations
# per cache hit (BenchmarkPubHit -benchmem) and the page cache's memory
# (BenchmarkCacheMemory: every demo page; 10,000 cached articles).
# The API rows (server.BenchmarkAPIRatio, issue 18): the article query,
# a 20-post site listing and a comment list as anonymous GETs (response
# cache, warm) and the first two as POSTs of their text (uncached), each
# against a bare handler writing the same bytes; targets GET >= 0.8,
# article POST >= 0.3, site POST >= 0.25. Last, the API misses'
# statements and allocations (BenchmarkAPIMiss) and Stats: uncached 10,000
# posts x 15 days (counter.BenchmarkStats, restart row: target <= 50 ms) and a cached
# 50-row page through the API (api.BenchmarkStatsPage, target <= 5 ms),
# each with the process's CPU time beside the wall time.
#
#   scripts/bench.sh [-rounds 10] [-count 1]
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=10; COUNT=1
while [ $# -gt 0 ]; do
  case "$1" in
    -rounds) ROUNDS=$2; shift 2 ;;
    -count) COUNT=$2; shift 2 ;;
    *) echo "usage: $0 [-rounds 10] [-count 1]" >&2; exit 2 ;;
  esac
done
OUT=$(mktemp); trap 'rm -f "$OUT"' EXIT
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
go test -run '^$' -bench '^Benchmark(API)?Ratio$' -count "$COUNT" -benchtime "${ROUNDS}x" ./server | tee "$OUT" | grep -E '^(FAIL|panic|---)' || true
echo "# load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
awk '
/^Benchmark(API)?Ratio\// {
  name = $1; sub(/^Benchmark(API)?Ratio\//, "", name); sub(/-[0-9]+$/, "", name)
  for (i = 3; i < NF; i++) v[$(i+1)] = $i
  k = name; n[k]++
  for (m in v) val[k, m, n[k]] = v[m]
  if (!(k in seen)) { seen[k] = 1; order[++cnt] = k }
}
function median(k, m, c,   i, j, t, a) {
  for (i = 1; i <= c; i++) a[i] = val[k, m, i] + 0
  for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
  return (c % 2) ? a[(c + 1) / 2] : (a[c / 2] + a[c / 2 + 1]) / 2
}
END {
  printf "%-26s %10s %9s %9s %10s %9s %9s %7s\n", "case", "ours-req/s", "p50-ms", "p99-ms", "bare-req/s", "p50-ms", "p99-ms", "ratio"
  for (x = 1; x <= cnt; x++) {
    k = order[x]; c = n[k]
    printf "%-26s %10.0f %9.2f %9.2f %10.0f %9.2f %9.2f %7.3f\n", k,
      median(k, "ours-req/s", c), median(k, "ours-p50-µs", c) / 1000, median(k, "ours-p99-µs", c) / 1000,
      median(k, "bare-req/s", c), median(k, "bare-p50-µs", c) / 1000, median(k, "bare-p99-µs", c) / 1000,
      median(k, "ratio", c)
  }
}' "$OUT"
echo "# allocations per page-cache hit (new visitor on /pub: the view's script run included)"
go test -run '^$' -bench '^BenchmarkPubHit$' -benchmem -benchtime 2000x ./server | grep -E '^(Benchmark|FAIL|panic)'
echo "# allocations per API response-cache hit (article query, anonymous GET)"
go test -run '^$' -bench '^BenchmarkAPIHit$' -benchmem -benchtime 2000x ./server | grep -E '^(Benchmark|FAIL|panic)'
echo "# page cache memory"
go test -run '^$' -bench '^BenchmarkCacheMemory$' -benchtime 1x ./server | grep -E '^(Benchmark|FAIL|panic)'
echo "# API misses: SQL statements and allocations per request (article query, site listing of 20 posts, comment list; POST, no cache)"
go test -run '^$' -bench '^BenchmarkAPIMiss$' -benchtime 200x ./server | grep -E '^(Benchmark|FAIL|panic)'
echo "# Stats of 10,000 posts x 15 days (wall ns/op and the process's cpu-ns/op; cold: no snapshot of the closed days; restart: a new process after the warmer wrote it)"
go test -run '^$' -bench '^BenchmarkStats$' -benchmem -benchtime 20x ./counter | grep -E '^(Benchmark|FAIL|panic)'
echo "# cached Stats through the API: a 50-row page against every row (1,000 viewed posts)"
go test -run '^$' -bench '^BenchmarkStatsPage$' -benchmem -benchtime 50x ./server/api | grep -E '^(Benchmark|FAIL|panic)'
