package captcha

import "github.com/redis/go-redis/v9"

// Lua scripts: each touches one key, so every change to a challenge or a
// pass is atomic and cluster-safe. Times are Unix milliseconds passed by
// the caller (the service's clock), never Redis TIME.

// verifyScript checks ARGV[1] against challenge KEYS[1]. It returns 0 for
// a right answer (the challenge is deleted), the attempts left (> 0) for a
// wrong one, -2 when that wrong answer was the last allowed (ARGV[2]
// wrong answers kill it; deleted) and -1 when no challenge exists.
var verifyScript = redis.NewScript(`
local a = redis.call('HGET', KEYS[1], 'answer')
if not a then return -1 end
if a == ARGV[1] then redis.call('DEL', KEYS[1]) return 0 end
local left = tonumber(ARGV[2]) - redis.call('HINCRBY', KEYS[1], 'wrong', 1)
if left <= 0 then redis.call('DEL', KEYS[1]) return -2 end
return left
`)

// audioScript counts one audio rendering of challenge KEYS[1] (field
// 'audio', no attempt counted, expiry unchanged) and returns {plays,
// answer}, or {-1, ”} when no challenge exists. ARGV[1] is the play
// limit: past it the count stays put.
var audioScript = redis.NewScript(`
local a = redis.call('HGET', KEYS[1], 'answer')
if not a then return {-1, ''} end
local n = tonumber(redis.call('HGET', KEYS[1], 'audio') or '0')
if n >= tonumber(ARGV[1]) then return {n + 1, ''} end
return {redis.call('HINCRBY', KEYS[1], 'audio', 1), a}
`)

// Pass state is a Hash: 'used' (committed uses), 'created' (ms), one
// field per source address named by the 64-hex-digit HMAC-SHA256(token,
// normalized IP) whose value is when it was first seen, and one field
// 'r:<id>' per reservation whose value is when it lapses (ms). A legacy
// String "used,reserved" is turned into a Hash first (its reservations
// are dropped: they belong to requests long gone).
const migrateLegacy = `
local function migrate(key)
  local t = redis.call('TYPE', key)['ok']
  if t == 'hash' then return true end
  if t ~= 'string' then return false end
  local used = string.match(redis.call('GET', key), '^%s*(%d+)%s*,%s*%d+%s*$')
  local ttl = redis.call('PTTL', key)
  redis.call('DEL', key)
  if not used then return false end
  redis.call('HSET', key, 'used', used)
  if ttl > 0 then redis.call('PEXPIRE', key, ttl) end
  return true
end
`

// reserveScript reserves one use of pass KEYS[1] for address field
// ARGV[3] at ARGV[1] (ms) as reservation ARGV[2], lapsing after ARGV[6]
// ms. ARGV[4] is the use limit, ARGV[5] the address limit. It returns
// {1, used} when reserved, {-1, 0} when there is no pass, {-2, used} when
// this address is one too many (the pass is deleted), {-3, used} when
// every use is spent or reserved (deleted when spent).
var reserveScript = redis.NewScript(migrateLegacy + `
local key = KEYS[1]
if not migrate(key) then return {-1, 0} end
local now = tonumber(ARGV[1])
local fields = redis.call('HGETALL', key)
local used, live, ips, known = 0, 0, 0, false
for i = 1, #fields, 2 do
  local f, v = fields[i], fields[i + 1]
  if f == 'used' then used = tonumber(v)
  elseif string.sub(f, 1, 2) == 'r:' then
    if tonumber(v) <= now then redis.call('HDEL', key, f) else live = live + 1 end
  elseif string.len(f) == 64 then
    ips = ips + 1
    if f == ARGV[3] then known = true end
  end
end
if not known then
  if ips >= tonumber(ARGV[5]) then redis.call('DEL', key) return {-2, used} end
  redis.call('HSET', key, ARGV[3], now)
end
if used + live >= tonumber(ARGV[4]) then
  if used >= tonumber(ARGV[4]) then redis.call('DEL', key) end
  return {-3, used}
end
redis.call('HSET', key, 'r:' .. ARGV[2], now + tonumber(ARGV[6]))
return {1, used}
`)

// commitScript turns reservation ARGV[1] of pass KEYS[1] into a use (a
// lapsed reservation still counts: the comment was stored) and deletes
// the pass at ARGV[2] uses. It returns the uses, or -1 when the pass is
// gone.
var commitScript = redis.NewScript(`
if redis.call('TYPE', KEYS[1])['ok'] ~= 'hash' then return -1 end
redis.call('HDEL', KEYS[1], 'r:' .. ARGV[1])
local used = redis.call('HINCRBY', KEYS[1], 'used', 1)
if used >= tonumber(ARGV[2]) then redis.call('DEL', KEYS[1]) end
return used
`)

// releaseScript drops reservation ARGV[1] of pass KEYS[1].
var releaseScript = redis.NewScript(`
if redis.call('TYPE', KEYS[1])['ok'] ~= 'hash' then return 0 end
return redis.call('HDEL', KEYS[1], 'r:' .. ARGV[1])
`)

// issueScript creates pass KEYS[1] at ARGV[1] (ms) with address field
// ARGV[2], TTL ARGV[3] ms and, when ARGV[4] is not empty, reservation
// ARGV[4] lapsing after ARGV[5] ms.
var issueScript = redis.NewScript(`
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'used', 0, 'created', ARGV[1], ARGV[2], ARGV[1])
if ARGV[4] ~= '' then
  redis.call('HSET', KEYS[1], 'r:' .. ARGV[4], tonumber(ARGV[1]) + tonumber(ARGV[5]))
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`)

// statusScript reads pass KEYS[1] at ARGV[1] (ms) for address field
// ARGV[2] without changing it: {exists, used, live reservations, known
// addresses, this address known, PTTL}. A legacy String reads as its
// used count.
var statusScript = redis.NewScript(`
local key = KEYS[1]
local t = redis.call('TYPE', key)['ok']
if t == 'string' then
  local used = string.match(redis.call('GET', key), '^%s*(%d+)%s*,')
  if not used then return {0, 0, 0, 0, 0, 0} end
  return {1, tonumber(used), 0, 0, 0, redis.call('PTTL', key)}
end
if t ~= 'hash' then return {0, 0, 0, 0, 0, 0} end
local now = tonumber(ARGV[1])
local fields = redis.call('HGETALL', key)
local used, live, ips, known = 0, 0, 0, 0
for i = 1, #fields, 2 do
  local f, v = fields[i], fields[i + 1]
  if f == 'used' then used = tonumber(v)
  elseif string.sub(f, 1, 2) == 'r:' then
    if tonumber(v) > now then live = live + 1 end
  elseif string.len(f) == 64 then
    ips = ips + 1
    if f == ARGV[2] then known = 1 end
  end
end
return {1, used, live, ips, known, redis.call('PTTL', key)}
`)
