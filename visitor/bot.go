package visitor

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"regexp"
	"strings"
	"sync"

	lru "github.com/hashicorp/golang-lru/v2"
)

// crawlersJSON is crawler-user-agents 1.60.0 (MIT, see LICENSE beside it):
// a JSON array of {"pattern": Go/RE2-or-PCRE regexp, "instances": [...]}.
//
//go:embed crawlers.json
var crawlersJSON []byte

// botSubstrings are seed 001's "Bot Exclusion" checks, matched
// case-insensitively before the pattern list because they are cheap and
// catch most crawlers.
var botSubstrings = []string{"bot", "crawler", "spider", "slurp", "facebookexternalhit", "bingpreview"}

// uaCacheSize bounds the cache of recent verdicts; uaCacheMaxLen keeps
// giant User-Agent strings out of it.
const (
	uaCacheSize   = 4096
	uaCacheMaxLen = 512
)

// BotPatterns describes the compiled crawler-user-agents list.
type BotPatterns struct {
	Total    int      // patterns in crawlers.json
	Compiled int      // patterns compiled by Go's RE2 regexp and in use
	Skipped  []string // patterns RE2 rejects (look-arounds, back-references)
	ix       *patternIndex
	cache    *lru.Cache[string, bool]
}

var botPatterns = sync.OnceValue(func() *BotPatterns {
	var entries []struct {
		Pattern string `json:"pattern"`
	}
	if err := json.Unmarshal(crawlersJSON, &entries); err != nil {
		panic("visitor: embedded crawlers.json: " + err.Error()) // build-time data
	}
	bp := &BotPatterns{Total: len(entries)}
	parts := make([]string, 0, len(entries))
	for _, e := range entries {
		if _, err := regexp.Compile(e.Pattern); err != nil {
			bp.Skipped = append(bp.Skipped, e.Pattern)
			continue
		}
		parts = append(parts, e.Pattern)
	}
	bp.Compiled = len(parts)
	bp.ix = newPatternIndex(parts)
	bp.cache, _ = lru.New[string, bool](uaCacheSize)
	return bp
})

// Patterns returns the compiled crawler pattern list (compiled once, on
// first use).
func Patterns() *BotPatterns { return botPatterns() }

// IsBot reports whether userAgent identifies itself as a bot, crawler or
// link previewer: seed 001's substrings (bot, crawler, spider, slurp,
// facebookexternalhit, bingpreview) case-insensitively, then the
// crawler-user-agents patterns (case-sensitive, as that list is written).
// An empty or all-blank User-Agent counts as a bot: browsers always send
// one, scripts often do not. Verdicts for recent User-Agents are cached in a
// small LRU, so repeated browsers cost one map lookup.
func IsBot(userAgent string) bool {
	if strings.TrimSpace(userAgent) == "" {
		return true
	}
	if hasBotSubstring(userAgent) {
		return true
	}
	bp := botPatterns()
	if len(userAgent) <= uaCacheMaxLen {
		if v, ok := bp.cache.Get(userAgent); ok {
			return v
		}
	}
	v := bp.ix.match(userAgent)
	if len(userAgent) <= uaCacheMaxLen {
		bp.cache.Add(userAgent, v)
	}
	return v
}

// hasBotSubstring is a case-insensitive search for botSubstrings without
// allocating a lower-cased copy for the common all-ASCII case.
func hasBotSubstring(ua string) bool {
	var buf [512]byte
	var lower []byte
	if len(ua) <= len(buf) {
		lower = buf[:len(ua)]
	} else {
		lower = make([]byte, len(ua))
	}
	for i := 0; i < len(ua); i++ {
		c := ua[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower[i] = c
	}
	for _, sub := range botSubstrings {
		if bytes.Contains(lower, []byte(sub)) {
			return true
		}
	}
	return false
}
