package visitor

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestBotFamily: well-known crawlers get their family, browsers none, and
// the family is exactly IsBot's verdict.
func TestBotFamily(t *testing.T) {
	cases := map[string]Family{
		"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)":                                               FamilyAI,
		"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)":                                              FamilyAI,
		"CCBot/2.0 (https://commoncrawl.org/faq/)":                                                                                                             FamilyAI,
		"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)":                              FamilyAI,
		"Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)": FamilyAI,
		"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)":                                                                             FamilySearch,
		"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)":                                                                              FamilySearch,
		"facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)":                                                                            FamilySocial,
		"Twitterbot/1.0": FamilySocial,
		"Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)": FamilySocial,
		"curl/8.5.0":            FamilyOther,
		"PostmanRuntime/7.36.0": FamilyOther,
		"":                      FamilyOther,
		"SomeNewThing-bot/1.0":  FamilyOther,
		"UptimeRobot/2.0 (http://www.uptimerobot.com/)":                                                                                           FamilyOther,
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36":                         NotBot,
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1": NotBot,
	}
	for ua, want := range cases {
		for range 2 { // the second call answers from the verdict cache
			if got := BotFamily(ua); got != want {
				t.Errorf("BotFamily(%q) = %v, want %v", ua, got, want)
			}
		}
		if IsBot(ua) != (want != NotBot) {
			t.Errorf("IsBot(%q) disagrees with BotFamily", ua)
		}
	}
}

// TestFamilyColumn: every entry of crawlers.json has a valid family, and
// the AI entries' instances are classified AI.
func TestFamilyColumn(t *testing.T) {
	var entries []struct {
		Pattern   string   `json:"pattern"`
		Family    string   `json:"family"`
		Instances []string `json:"instances"`
	}
	if err := json.Unmarshal(crawlersJSON, &entries); err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, e := range entries {
		if _, ok := ParseFamily(e.Family); !ok {
			t.Errorf("pattern %q: family %q", e.Pattern, e.Family)
		}
		counts[e.Family]++
		if e.Family != "AI" {
			continue
		}
		for _, in := range e.Instances {
			if got := BotFamily(in); got != FamilyAI {
				t.Errorf("AI instance %q of %q classified %v", in, e.Pattern, got)
			}
		}
	}
	for _, f := range Families {
		if counts[f.String()] == 0 {
			t.Errorf("no entry of family %v", f)
		}
	}
}

func TestAIRobotsTokens(t *testing.T) {
	toks := AIRobotsTokens()
	for _, want := range []string{"GPTBot", "ClaudeBot", "CCBot", "PerplexityBot", "Bytespider", "Google-Extended", "ChatGPT-User", "anthropic-ai"} {
		if !slices.Contains(toks, want) {
			t.Errorf("AIRobotsTokens lacks %q: %v", want, toks)
		}
	}
	for _, tok := range toks {
		for _, c := range tok {
			if !(c == '-' || c == '_' || c == '.' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
				t.Errorf("token %q holds %q", tok, c)
			}
		}
	}
}
