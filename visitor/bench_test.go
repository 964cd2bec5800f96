package visitor

import (
	"fmt"
	"net/http/httptest"
	"testing"
)

const chromeUA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"

func BenchmarkIsBot(b *testing.B) {
	b.Run("seed substring", func(b *testing.B) {
		for b.Loop() {
			IsBot("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
		}
	})
	b.Run("browser cached", func(b *testing.B) {
		IsBot(chromeUA)
		for b.Loop() {
			IsBot(chromeUA)
		}
	})
	b.Run("browser uncached", func(b *testing.B) {
		// Distinct strings defeat the LRU: this is the pattern-index cost.
		uas := make([]string, 8192)
		for i := range uas {
			uas[i] = fmt.Sprintf("%s Build/%d", chromeUA, i)
		}
		i := 0
		for b.Loop() {
			IsBot(uas[i%len(uas)])
			i++
		}
	})
	b.Run("pattern-only bot uncached", func(b *testing.B) {
		uas := make([]string, 8192)
		for i := range uas {
			uas[i] = fmt.Sprintf("python-requests/2.%d", i)
		}
		i := 0
		for b.Loop() {
			IsBot(uas[i%len(uas)])
			i++
		}
	})
}

func BenchmarkClientIP(b *testing.B) {
	trusted, _ := ParseTrustedProxies("10.0.0.0/8")
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "10.0.0.1:5555"
	r.Header.Set("X-Forwarded-For", "198.51.100.7, 10.0.0.2")
	for b.Loop() {
		ClientIP(r, trusted)
	}
}

func BenchmarkSignVerify(b *testing.B) {
	fp := [4]byte{1, 2, 3, 4}
	sig := Sign(testSecret, 42, fp)
	for b.Loop() {
		VerifySignature(testSecret, 42, fp, sig)
	}
}
