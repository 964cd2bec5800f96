package counter

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// dayKeyKind is the key of a UTC day's random salt for daily fingerprint
// rotation (docs/ARCHITECTURE.md "Redis key layout"); the date is its
// own hash tag.
const dayKeyKind = "stgy:pub-views:daykey:{"

// dayKeyGrace keeps a day's salt a little past the end of its UTC day,
// for app servers whose clocks run behind.
const dayKeyGrace = 10 * time.Minute

// dayKeyScript returns the salt at KEYS[1], first setting it to ARGV[1]
// with a lifetime of ARGV[2] ms when there is none (the first app server
// of the day wins; the others read its salt).
var dayKeyScript = redis.NewScript(`
local v = redis.call('GET', KEYS[1])
if v then return v end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]
`)

// dayKey is the rotation key of one UTC day.
type dayKey struct {
	day string
	key []byte
}

// rotation holds the current day's key (Config.RotationSecret).
type rotation struct {
	secret []byte
	cur    atomic.Pointer[dayKey]
	rdb    redis.UniversalClient
	prefix string           // Config.Prefix
	now    func() time.Time // Config.Now
}

// rotate turns the fingerprint a caller computed with the view secret
// (HMAC of the address) into today's: the first 4 bytes of
// HMAC-SHA256(dayKey, fp), dayKey being HMAC-SHA256(RotationSecret,
// "stgy-pub view day\x00" + YYYYMMDD + "\x00" + salt) with a random salt
// kept in Redis until shortly after the UTC day ends. The same reader
// gets unrelated fingerprints on different days; once a day's salt has
// expired, nobody, not even someone holding the secret, can recompute
// that day's fingerprints from addresses or link them to another day's.
func (r *rotation) rotate(ctx context.Context, today time.Time, fp [4]byte) ([4]byte, error) {
	day := today.Format(dayLayout)
	k := r.cur.Load()
	if k == nil || k.day != day {
		var err error
		if k, err = r.loadDayKey(ctx, today, day); err != nil {
			return fp, err
		}
		r.cur.Store(k)
	}
	m := hmac.New(sha256.New, k.key)
	m.Write(fp[:])
	var out [4]byte
	copy(out[:], m.Sum(nil))
	return out, nil
}

// loadDayKey reads (or creates) the day's salt and derives the day key.
func (r *rotation) loadDayKey(ctx context.Context, today time.Time, day string) (*dayKey, error) {
	var b [32]byte
	_, _ = rand.Read(b[:])
	ttl := today.AddDate(0, 0, 1).Add(dayKeyGrace).Sub(r.now())
	key := r.prefix + dayKeyKind + day + "}"
	salt, err := dayKeyScript.Run(ctx, r.rdb, []string{key}, hex.EncodeToString(b[:]), strconv.FormatInt(max(ttl.Milliseconds(), 1000), 10)).Text()
	if err != nil {
		return nil, fmt.Errorf("counter: day key of %s: %w", day, err)
	}
	m := hmac.New(sha256.New, r.secret)
	m.Write([]byte("stgy-pub view day\x00" + day + "\x00" + salt))
	return &dayKey{day: day, key: m.Sum(nil)}, nil
}
