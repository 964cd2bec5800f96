package api

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/redis/go-redis/v9"
)

// apqStore keeps the documents registered through Apollo's automatic
// persisted queries protocol (docs/API.md "Persisted queries"), by SHA-256
// hex of the document, bounded: at most max
// documents in Redis (the least recently used go first) and each for at
// most ttl since its last use, with a per-process LRU of the same size in
// front. Redis holds, under the configured prefix and the hash tag {apq}
// (one Redis Cluster slot, so each script runs in one slot):
// stgy:graphql:apq:{apq}:doc:<hash> (String, the document, ttl) and
// stgy:graphql:apq:{apq}:lru (Sorted Set of hashes by last use, Unix
// microseconds). Redis failures are logged and read as "not found": the
// client then sends the document again and the request still runs.
type apqStore struct {
	rdb    redis.UniversalClient
	prefix string
	max    int
	ttl    time.Duration
	local  graphql.Cache[string]
	log    *slog.Logger
	now    func() time.Time
}

func newAPQStore(rdb redis.UniversalClient, prefix string, max int, ttl time.Duration, log *slog.Logger) *apqStore {
	return &apqStore{
		rdb: rdb, prefix: prefix + "stgy:graphql:apq:{apq}:", max: max, ttl: ttl,
		local: lru.New[string](max), log: log, now: time.Now,
	}
}

// apqGet returns the document and refreshes its last use.
// KEYS[1] document, KEYS[2] LRU; ARGV[1] hash, ARGV[2] now (µs), ARGV[3] ttl (s).
var apqGet = redis.NewScript(`
local doc = redis.call('GET', KEYS[1])
if doc then
  redis.call('EXPIRE', KEYS[1], ARGV[3])
  redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
end
return doc`)

// apqAdd stores a document, drops index entries whose documents expired,
// and evicts the least recently used documents beyond the bound.
// KEYS[1] document, KEYS[2] LRU; ARGV[1] hash, ARGV[2] now (µs), ARGV[3]
// ttl (s), ARGV[4] the document, ARGV[5] max, ARGV[6] the document key
// prefix (the hash is appended).
var apqAdd = redis.NewScript(`
redis.call('SET', KEYS[1], ARGV[4], 'EX', ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', tonumber(ARGV[2]) - tonumber(ARGV[3]) * 1000000)
local over = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[5])
if over > 0 then
  local old = redis.call('ZPOPMIN', KEYS[2], over)
  for i = 1, #old, 2 do
    redis.call('DEL', ARGV[6] .. old[i])
  end
end
redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[3]) * 1000)
return 1`)

func (s *apqStore) keys(hash string) []string {
	return []string{s.prefix + "doc:" + hash, s.prefix + "lru"}
}

// Get returns the document registered under hash.
func (s *apqStore) Get(ctx context.Context, hash string) (string, bool) {
	if doc, ok := s.local.Get(ctx, hash); ok {
		return doc, true
	}
	if s.rdb == nil {
		return "", false
	}
	doc, err := apqGet.Run(ctx, s.rdb, s.keys(hash), hash, s.now().UnixMicro(), int64(s.ttl/time.Second)).Text()
	if err != nil {
		if !errors.Is(err, redis.Nil) {
			s.log.WarnContext(ctx, "graphql: persisted query lookup failed", "err", err)
		}
		return "", false
	}
	s.local.Add(ctx, hash, doc)
	return doc, true
}

// Add registers doc under hash (the caller checked that hash is its
// SHA-256).
func (s *apqStore) Add(ctx context.Context, hash, doc string) {
	s.local.Add(ctx, hash, doc)
	if s.rdb == nil {
		return
	}
	err := apqAdd.Run(ctx, s.rdb, s.keys(hash), hash, s.now().UnixMicro(), int64(s.ttl/time.Second), doc, s.max, s.prefix+"doc:").Err()
	if err != nil {
		s.log.WarnContext(ctx, "graphql: persisted query not stored", "err", fmt.Errorf("apq add: %w", err))
	}
}
