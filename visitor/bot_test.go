package visitor

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// readCorpus reads a user-agent fixture of the repository: crawlers.json
// (the embedded list, instances included) or a file of testdata/ (see
// testdata/README.md). A missing file fails the test.
func readCorpus(t testing.TB, name string) []byte {
	t.Helper()
	path := filepath.Join("testdata", name)
	if name == "crawlers.json" {
		path = name
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// lines splits a fixture into its non-empty lines.
func lines(b []byte) []string {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimRight(l, "\r"); l != "" {
			out = append(out, l)
		}
	}
	return out
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
		// One case rule for the whole list (issue 9 #19).
		{"Curl", "Curl/8.5.0", true},
		{"CURL", "CURL/7.88.1", true},
		{"Python-Requests", "Python-Requests/2.31", true},
		{"Wget", "Wget/1.21.4", true},
		{"GO-HTTP-CLIENT", "GO-HTTP-CLIENT/1.1", true},
		{"Scrapy", "SCRAPY/2.11 (+https://scrapy.org)", true},
		{"googlebot lower", "mozilla/5.0 (compatible; googlebot/2.1)", true},
		// "bot" ending a word, alone or after a phone comment.
		{"bot alone", "Mozilla/5.0 (compatible; bot)", true},
		{"robot", "Mozilla/5.0 (compatible; SiteRobot 2.0)", true},
		{"bot then dash", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", true},
		{"phone crawler", "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.84 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true},
		{"phone spider outside the comment", "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 YisouSpider/5.0", true},
		// Real browsers whose device or app names contain a keyword.
		{"CUBOT", "Mozilla/5.0 (Linux; Android 8.0.0; CUBOT_P20) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.110 Mobile Safari/537.36", false},
		{"bot starting a word", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Botanica/1.0", false},
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
	var flagged []string
	n := 0
	for _, ua := range lines(readCorpus(t, "browsers.txt")) {
		n++
		if IsBot(ua) {
			flagged = append(flagged, ua)
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

// TestIsBotDevices: phones and apps whose names contain a bot keyword are
// browsers (issue 9 #17), in every letter case.
func TestIsBotDevices(t *testing.T) {
	uas := lines(readCorpus(t, "devices.txt"))
	if len(uas) < 10 {
		t.Fatalf("devices.txt has %d lines, want at least 10", len(uas))
	}
	for _, ua := range uas {
		for _, v := range []string{ua, strings.ToUpper(ua), strings.ToLower(ua)} {
			if IsBot(v) {
				t.Errorf("IsBot(%q) = true, want false (a browser)", v)
			}
		}
	}
}

// TestIsBotCaseInsensitive: every crawler instance is still a bot in upper
// and lower case, and no browser becomes one (issue 9 #19).
func TestIsBotCaseInsensitive(t *testing.T) {
	var entries []struct {
		Instances []string `json:"instances"`
	}
	if err := json.Unmarshal(readCorpus(t, "crawlers.json"), &entries); err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		for _, ua := range e.Instances {
			for _, v := range []string{strings.ToUpper(ua), strings.ToLower(ua)} {
				if !IsBot(v) {
					t.Errorf("IsBot(%q) = false", v)
				}
			}
		}
	}
	for _, ua := range lines(readCorpus(t, "browsers.txt")) {
		for _, v := range []string{strings.ToUpper(ua), strings.ToLower(ua)} {
			if IsBot(v) {
				t.Errorf("IsBot(%q) = true, want false", v)
			}
		}
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
		res = append(res, regexp.MustCompile("(?i)"+e.Pattern))
		for _, ua := range e.Instances {
			uas = append(uas, ua, strings.ToUpper(ua))
		}
	}
	uas = append(uas, lines(readCorpus(t, "browsers.txt"))...)
	uas = append(uas, lines(readCorpus(t, "devices.txt"))...)
	// Non-ASCII letters whose case fold is ASCII (KELVIN SIGN, LONG S).
	uas = append(uas, "o\u212Ahttp/4.9.0", "\u017Fcrapy/2.11", "OKHTTP/4", "Go-http-client/1.1")
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
		if got := ix.match(ua, foldASCII(nil, ua)) >= 0; got != naive {
			t.Errorf("index.match(%q) = %v, naive %v", ua, got, naive)
		}
	}
}

// TestFoldedSpecials: KELVIN SIGN and LONG S fold to ASCII letters in
// case-insensitive RE2 patterns, and IsBot sees them so.
func TestFoldedSpecials(t *testing.T) {
	for _, ua := range []string{"o\u212Ahttp/4.9.0", "\u017Fcrapy/2.11"} {
		if !IsBot(ua) {
			t.Errorf("IsBot(%q) = false, want true", ua)
		}
	}
}

// TestIsBotTools (issue 9 #19): HTTP client libraries and API tools are
// not readers, in any letter case: those of the crawler list and those it
// leaves out (tools.go). Text-mode browsers that people read with are.
func TestIsBotTools(t *testing.T) {
	tools := []string{
		"curl/8.5.0", "Wget/1.21.4", "python-requests/2.31", "Go-http-client/1.1", "okhttp/4.9.0", "axios/1.6.0",
		"node-fetch/1.0", "HTTPie/3.2.2", "libwww-perl/6.72", "Apache-HttpClient/4.5.13 (Java/17)", "Scrapy/2.11",
		"Python/3.11 aiohttp/3.9", "Python-urllib/3.11",
		"PostmanRuntime/7.36.0", "insomnia/2023.5.8", "Java/17.0.1", "Java/1.8.0_392", "undici", "Deno/1.40.2", "Bun/1.0.0",
		"Mozilla/5.0 (Windows NT; Windows NT 10.0; en-US) WindowsPowerShell/5.1.19041.3570", "Faraday v2.7.10", "Ruby",
		"reqwest/0.11.22", "Dart/3.2 (dart:io)", "GuzzleHttp/7", "libcurl/8.4.0", "Typhoeus - https://github.com/typhoeus/typhoeus",
		"RestSharp/106.15.0.0", "Jakarta Commons-HttpClient/3.1", "Apache-HttpAsyncClient/4.1.5 (Java/11)", "unirest-java/3.14",
		"ReactorNetty/1.1.13", "Vert.x-WebClient/4.5.0", "lwp-request/6.72",
	}
	for _, ua := range tools {
		for _, v := range []string{ua, strings.ToUpper(ua), strings.ToLower(ua), strings.ToUpper(ua[:1]) + strings.ToLower(ua[1:])} {
			if !IsBot(v) {
				t.Errorf("IsBot(%q) = false, want true (a tool)", v)
			}
		}
	}
	for _, ua := range []string{
		"Lynx/2.9.0dev.12 libwww-FM/2.14 SSL-MM/1.4.1 GNUTLS/3.7.9", "Links (2.29; Linux 6.1.0 x86_64; GNU C 12.2; text)", "w3m/0.5.3+git20230121",
		"Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
		"Mozilla/5.0 (Linux; Android 8.0.0; CUBOT_P20) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.110 Mobile Safari/537.36",
	} {
		if IsBot(ua) || IsBot(strings.ToUpper(ua)) {
			t.Errorf("IsBot(%q) = true, want false (a reader's browser)", ua)
		}
	}
}
