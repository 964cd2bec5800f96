package visitor

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// uaCorpus is the shared user-agent corpus (/work/shared/corpus/ua).
var uaCorpus = filepath.Join("..", "..", "shared", "corpus", "ua")

func readCorpus(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(uaCorpus, name))
	if os.IsNotExist(err) {
		t.Skipf("corpus %s not present", name)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestIsBotSeedSubstrings(t *testing.T) {
	tests := []struct {
		name string
		ua   string
		want bool
	}{
		{"empty", "", true},
		{"blank", "   ", true},
		{"googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true},
		{"upper BOT", "SOMEBOT/1.0", true},
		{"crawler", "MyCrawler 1.0", true},
		{"spider", "Baiduspider", true},
		{"slurp", "Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)", true},
		{"facebook", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", true},
		{"bingpreview", "Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/534+ (KHTML, like Gecko) BingPreview/1.0b", true},
		{"pattern only: curl", "curl/8.5.0", true},
		{"pattern only: python-requests", "python-requests/2.31.0", true},
		{"chrome", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36", false},
		{"firefox", "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0", false},
		{"iphone safari", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Twice: the second answer comes from the LRU cache.
			for range 2 {
				if got := IsBot(tt.ua); got != tt.want {
					t.Fatalf("IsBot(%q) = %v, want %v", tt.ua, got, tt.want)
				}
			}
		})
	}
}

func TestBotPatternsCompile(t *testing.T) {
	bp := Patterns()
	// crawler-user-agents 1.60.0 has 1,500 patterns; the ones Go's RE2
	// rejects are counted here so a new list version is noticed.
	if bp.Total != 1500 {
		t.Errorf("Total = %d, want 1500", bp.Total)
	}
	if bp.Compiled+len(bp.Skipped) != bp.Total {
		t.Errorf("Compiled %d + Skipped %d != Total %d", bp.Compiled, len(bp.Skipped), bp.Total)
	}
	t.Logf("patterns: %d total, %d compiled, %d skipped: %q", bp.Total, bp.Compiled, len(bp.Skipped), bp.Skipped)
	if len(bp.Skipped) != wantSkipped {
		t.Errorf("Skipped = %d patterns %q, want %d", len(bp.Skipped), bp.Skipped, wantSkipped)
	}
}

// wantSkipped is the number of crawler-user-agents patterns RE2 rejects.
const wantSkipped = 0

func TestIsBotCrawlerInstances(t *testing.T) {
	var entries []struct {
		Pattern   string   `json:"pattern"`
		Instances []string `json:"instances"`
	}
	if err := json.Unmarshal(readCorpus(t, "crawlers.json"), &entries); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		for _, ua := range e.Instances {
			n++
			if !IsBot(ua) {
				t.Errorf("IsBot(%q) = false (pattern %q)", ua, e.Pattern)
			}
		}
	}
	if n != 2118 {
		t.Errorf("checked %d instances, want 2118", n)
	}
}

// wantFlaggedBrowsers are the lines of browsers.txt that IsBot flags, each
// with the reason; the test fails if the set changes either way.
var wantFlaggedBrowsers = map[string]string{}

func TestIsBotBrowsers(t *testing.T) {
	sc := bufio.NewScanner(bytesReader(readCorpus(t, "browsers.txt")))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var flagged []string
	n := 0
	for sc.Scan() {
		n++
		if IsBot(sc.Text()) {
			flagged = append(flagged, sc.Text())
		}
	}
	if n != 2000 {
		t.Errorf("read %d browser lines, want 2000", n)
	}
	var want []string
	for ua := range wantFlaggedBrowsers {
		want = append(want, ua)
	}
	slices.Sort(flagged)
	slices.Sort(want)
	if !slices.Equal(flagged, want) {
		t.Errorf("flagged browsers:\n%q\nwant:\n%q", flagged, want)
	}
}

// TestPatternIndexMatchesNaive checks the literal index against running
// every compiled pattern on every corpus string.
func TestPatternIndexMatchesNaive(t *testing.T) {
	var entries []struct {
		Pattern   string   `json:"pattern"`
		Instances []string `json:"instances"`
	}
	if err := json.Unmarshal(readCorpus(t, "crawlers.json"), &entries); err != nil {
		t.Fatal(err)
	}
	var res []*regexp.Regexp
	var uas []string
	for _, e := range entries {
		res = append(res, regexp.MustCompile(e.Pattern))
		uas = append(uas, e.Instances...)
	}
	uas = append(uas, strings.Split(strings.TrimSpace(string(readCorpus(t, "browsers.txt"))), "\n")...)
	ix := Patterns().ix
	if ix.residual != nil {
		t.Logf("residual regexp in use: %d of %d patterns indexed", len(ix.patterns), Patterns().Compiled)
	}
	for _, ua := range uas {
		naive := false
		for _, re := range res {
			if re.MatchString(ua) {
				naive = true
				break
			}
		}
		if got := ix.match(ua); got != naive {
			t.Errorf("index.match(%q) = %v, naive %v", ua, got, naive)
		}
	}
}
