#!/usr/bin/env bash
# Page and view throughput against bare baselines, in one `go test -bench`
# run (server.BenchmarkRatio: ours and bare interleaved request by request).
# Prints per case the median req/s and p99 of each side and the ratio
# ours/bare (median, with min-max over the -count runs). Targets: pages
# >= 0.5, views >= 0.7.
#
#   scripts/bench.sh [-count 3] [-benchtime 2s] [-cpu 2]
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=3; BENCHTIME=2s; CPU=
while [ $# -gt 0 ]; do
  case "$1" in
    -count) COUNT=$2; shift 2 ;;
    -benchtime) BENCHTIME=$2; shift 2 ;;
    -cpu) CPU="-cpu $2"; shift 2 ;;
    *) echo "usage: $0 [-count 3] [-benchtime 2s] [-cpu N]" >&2; exit 2 ;;
  esac
done
OUT=$(mktemp); trap 'rm -f "$OUT"' EXIT
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
# shellcheck disable=SC2086
go test -run '^$' -bench '^BenchmarkRatio$' -count "$COUNT" -benchtime "$BENCHTIME" $CPU ./server | tee "$OUT" | grep -E '^(FAIL|panic|---)' || true
echo "# load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
awk '
/^BenchmarkRatio\// {
  name = $1; sub(/^BenchmarkRatio\//, "", name); sub(/-[0-9]+$/, "", name)
  for (i = 3; i < NF; i++) v[$(i+1)] = $i
  k = name; n[k]++
  ours[k, n[k]] = v["ours-req/s"]; bare[k, n[k]] = v["bare-req/s"]; ratio[k, n[k]] = v["ratio"]
  op99[k, n[k]] = v["ours-p99-µs"]; bp99[k, n[k]] = v["bare-p99-µs"]
  if (!(k in seen)) { seen[k] = 1; order[++m] = k }
}
function median(arr, k, c,   i, j, t, a) {
  for (i = 1; i <= c; i++) a[i] = arr[k, i] + 0
  for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
  lo = a[1]; hi = a[c]
  return (c % 2) ? a[(c + 1) / 2] : (a[c / 2] + a[c / 2 + 1]) / 2
}
END {
  printf "%-20s %11s %12s %11s %12s %7s %15s\n", "case", "ours-req/s", "ours-p99-ms", "bare-req/s", "bare-p99-ms", "ratio", "ratio min-max"
  for (x = 1; x <= m; x++) {
    k = order[x]; c = n[k]
    o = median(ours, k, c); op = median(op99, k, c); b = median(bare, k, c); bp = median(bp99, k, c)
    r = median(ratio, k, c); rlo = lo; rhi = hi
    printf "%-20s %11.0f %12.2f %11.0f %12.2f %7.3f %7.3f-%-7.3f\n", k, o, op / 1000, b, bp / 1000, r, rlo, rhi
  }
}' "$OUT"
