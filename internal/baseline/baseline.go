// Package baseline holds what the benchmarks compare STGY Pub against: the
// view-counting Lua script a bare Go handler runs with one EVALSHA
// (docs/SPEC.md#page-views without our Go code around it). It is used by
// server's BenchmarkRatio and cmd/loadgen's bare-views server only.
package baseline

import "github.com/redis/go-redis/v9"

// ViewScript is the view script of docs/SPEC.md#page-views reduced to its Redis work: LRU
// check and rewrite (600 bytes), meta refresh, HINCRBY and EXPIRE (15 days).
// KEYS: lru, meta, daily. ARGV: 4-byte fingerprint, meta JSON, post field.
// Returns the new count, or 0 for a fingerprint already in the LRU.
var ViewScript = redis.NewScript(`
local lru = redis.call('GET', KEYS[1]) or ''
local fp = ARGV[1]
local seen = false
for i = 1, #lru, 4 do
  if string.sub(lru, i, i + 3) == fp then
    lru = string.sub(lru, 1, i - 1) .. string.sub(lru, i + 4)
    seen = true
    break
  end
end
lru = lru .. fp
if #lru > 600 then lru = string.sub(lru, #lru - 599) end
redis.call('SET', KEYS[1], lru, 'EX', 1296000)
redis.call('SET', KEYS[2], ARGV[2], 'EX', 1296000)
if seen then return 0 end
local n = redis.call('HINCRBY', KEYS[3], ARGV[3], 1)
redis.call('EXPIRE', KEYS[3], 1296000)
return n
`)
