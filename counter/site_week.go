package counter

import (
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
)

// The week sums (docs/RANKING.md "The week sums"): for each
// bucket and UTC date D, a sorted set of each post's site-wide views over
// D-6 through D, so the weekly ranking reads each bucket's top entries
// instead of seven daily Hashes. Only the week ending today is kept up to
// date: a raise adds its difference to it in the same run, and the first
// script run of a day in a bucket builds it from yesterday's (a copy, minus
// the day that left the week, plus anything already counted today), or,
// when yesterday's is missing, from the daily Hashes. A process whose
// clock is still on yesterday also adds to the week ending tomorrow when
// another process has built it, so the sums stay exact across midnight.

// siteWeek is the window of the week sums: stgypub.SiteRankingDays.
const siteWeek = 7

// weekSums reports whether the counter keeps week sums: only when the
// retention window holds a whole week.
func (s *siteCounter) weekSums() bool { return s.cfg.RetentionDays >= siteWeek }

// weekMember is a post's member in the week sums: the bitwise complement
// of its ID as 16 upper-case hex digits. Sorted sets order equal scores
// by member, descending in ZRANGE … REV, which is then ascending ID: the
// ranking's tie-break, so a bucket's first MaxRankingLimit members are
// exactly its top entries.
func weekMember(post stgypub.ID) string { return (^post).String() }

// parseWeekMember inverts weekMember.
func parseWeekMember(m string) (stgypub.ID, bool) {
	id, err := stgypub.ParseID(m)
	return ^id, err == nil
}

// siteScript is every write to a bucket, and the weekly read. KEYS[1..3]
// are the week sums ending today, tomorrow and yesterday; KEYS[4..11]
// the bucket's daily Hashes of today-7 through today (weekKeys); then
// one daily Hash per raised day. ARGV[1] is the TTL seconds of today's
// week sum (0: no week sums are kept), ARGV[2] the number of raised days
// g, ARGV[3] how many top
// members to return (0: return the number of fields raised). Then, per
// raised day: its Hash's TTL, its number of fields n, which week sums
// contain that day (0 none, 1 today's, 2 today's and tomorrow's), and n
// triples (field, value, week member). A field is raised to the value,
// never added to; the week sums get the difference. Fields are handled in
// chunks of 500 with one call per command (HMGET, HSET, ZMSCORE, ZADD),
// not one per field.
var siteScript = redis.NewScript(`
local comp = {}
local hex = '0123456789ABCDEF'
for i = 1, 16 do
  comp[hex:sub(i, i)] = hex:sub(17 - i, 17 - i)
  comp[hex:sub(i, i):lower()] = hex:sub(17 - i, 17 - i)
end
-- addTo adds deltas[k] to member ms[k] of the sorted set z: one ZMSCORE
-- and one ZADD for the whole chunk.
local function addTo(z, ms, deltas)
  local cur = redis.call('ZMSCORE', z, unpack(ms))
  local za = {}
  for k = 1, #ms do
    za[#za + 1] = (tonumber(cur[k]) or 0) + deltas[k]
    za[#za + 1] = ms[k]
  end
  redis.call('ZADD', z, unpack(za))
end
-- addHash adds sign times each field of the daily Hash src to the week
-- sum dst, 500 fields a chunk.
local function addHash(dst, src, sign)
  local kv = redis.call('HGETALL', src)
  local ms, ds = {}, {}
  for i = 1, #kv, 2 do
    local v = tonumber(kv[i + 1])
    if v and v > 0 and #kv[i] == 16 then
      ms[#ms + 1], ds[#ds + 1] = (string.gsub(kv[i], '.', comp)), sign * v
      if #ms == 500 then
        addTo(dst, ms, ds)
        ms, ds = {}, {}
      end
    end
  end
  if #ms > 0 then addTo(dst, ms, ds) end
end
local week, weekly = KEYS[1], ARGV[1] ~= '0'
if weekly and redis.call('EXISTS', week) == 0 then
  if redis.call('EXISTS', KEYS[3]) == 1 then
    redis.call('ZUNIONSTORE', week, 1, KEYS[3])
    addHash(week, KEYS[4], -1)
    addHash(week, KEYS[11], 1)
    redis.call('ZREMRANGEBYSCORE', week, '-inf', 0)
  else
    for k = 5, 11 do addHash(week, KEYS[k], 1) end
  end
  if redis.call('EXISTS', week) == 1 then redis.call('EXPIRE', week, ARGV[1]) end
end
local tomorrow = weekly and redis.call('EXISTS', KEYS[2]) == 1
local a, raised = 4, 0
for i = 1, tonumber(ARGV[2]) do
  local key, ttl, n, in_week = KEYS[11 + i], ARGV[a], tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  a = a + 3
  local up = false
  -- chunks of 500 fields: one HMGET, one HSET and the week sums' two calls
  for start = 0, n - 1, 500 do
    local fs, vs, ms = {}, {}, {}
    for j = start, math.min(n, start + 500) - 1 do
      local b = a + 3 * j
      fs[#fs + 1], vs[#vs + 1], ms[#ms + 1] = ARGV[b], tonumber(ARGV[b + 1]), ARGV[b + 2]
    end
    local cur = redis.call('HMGET', key, unpack(fs))
    local hs, upm, deltas = {}, {}, {}
    for j = 1, #fs do
      local c = tonumber(cur[j]) or 0
      if vs[j] > c then
        hs[#hs + 1], hs[#hs + 2] = fs[j], vs[j]
        upm[#upm + 1], deltas[#deltas + 1] = ms[j], vs[j] - c
      end
    end
    if #hs > 0 then
      redis.call('HSET', key, unpack(hs))
      if in_week >= 1 then addTo(week, upm, deltas) end
      if in_week == 2 and tomorrow then addTo(KEYS[2], upm, deltas) end
      up = true
      raised = raised + #upm
    end
  end
  a = a + 3 * n
  if up then redis.call('EXPIRE', key, ttl) end
end
if weekly and raised > 0 then redis.call('EXPIRE', week, ARGV[1]) end
local top = tonumber(ARGV[3])
if top > 0 then return redis.call('ZRANGE', week, 0, top - 1, 'REV', 'WITHSCORES') end
return raised
`)

// weekKeys are the first 11 KEYS of siteScript for bucket b: the week
// sums ending today, tomorrow and yesterday, and the daily Hashes of
// today-7 through today (named even when no week sums are kept).
func (s *siteCounter) weekKeys(b int) []string {
	today := s.cal.today()
	keys := make([]string, 0, 11)
	for _, off := range []int{0, 1, -1} {
		keys = append(keys, s.keys.siteWeekKey(b, today.AddDate(0, 0, off).Format(dayLayout)))
	}
	for off := -7; off <= 0; off++ {
		keys = append(keys, s.keys.siteDailyKey(b, today.AddDate(0, 0, off).Format(dayLayout)))
	}
	return keys
}

// weekSpan says which week sums contain day: 2 when the weeks ending
// today and tomorrow do, 1 when only today's does, 0 when none (or no
// week sums are kept).
func (s *siteCounter) weekSpan(day time.Time) int {
	if !s.weekSums() {
		return 0
	}
	switch age := int(s.cal.today().Sub(day).Hours() / 24); {
	case age <= siteWeek-2:
		return 2
	case age == siteWeek-1:
		return 1
	}
	return 0
}

// weekTTLArg is siteScript's ARGV[1]: the week sum's lifetime in seconds
// (until the end of tomorrow, when it is the source of tomorrow's), or 0
// when no week sums are kept.
func (s *siteCounter) weekTTLArg() int64 {
	if !s.weekSums() {
		return 0
	}
	return int64(s.cal.weekTTL(s.cal.today()).Seconds())
}
