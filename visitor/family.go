package visitor

import "strings"

// Family is the kind of bot a User-Agent names (docs/SPEC.md#crawler-report):
// the "family" column of crawlers.json, derived there from the list's
// tags (ai-crawler → AI, else search-engine → SEARCH, else social-preview
// → SOCIAL, else OTHER). Tools, keyword matches and empty User-Agents
// are OTHER. NotBot (0) is a reader's browser.
type Family uint8

// Families, in the order reports list them.
const (
	NotBot Family = iota
	FamilySearch
	FamilySocial
	FamilyAI
	FamilyOther
)

// Families lists every bot family (not NotBot), in report order.
var Families = [...]Family{FamilySearch, FamilySocial, FamilyAI, FamilyOther}

var familyNames = [...]string{"", "SEARCH", "SOCIAL", "AI", "OTHER"}

// String is the family's name as in crawlers.json and the GraphQL enum
// BotFamily ("SEARCH", "SOCIAL", "AI", "OTHER"); "" for NotBot.
func (f Family) String() string {
	if int(f) < len(familyNames) {
		return familyNames[f]
	}
	return ""
}

// ParseFamily is the inverse of String; ok is false for anything else.
func ParseFamily(s string) (Family, bool) {
	for i, n := range familyNames {
		if i > 0 && n == s {
			return Family(i), true
		}
	}
	return NotBot, false
}

func parseFamilyColumn(s string) Family {
	if f, ok := ParseFamily(strings.ToUpper(s)); ok {
		return f
	}
	return FamilyOther
}

// AIRobotsTokens returns the robots.txt product tokens of the list's AI
// crawlers (family AI whose pattern is a plain name: "GPTBot", "CCBot",
// "ClaudeBot", "Google-Extended", ...), in list order, without repeats.
// extensions.robots.disallowAI adds a group for them (docs/SPEC.md#robots).
func AIRobotsTokens() []string { return botPatterns().aiTokens }

// robotsToken turns a crawler pattern into a robots.txt product token:
// the name with its escapes (`\/`, `\.`) removed and case classes such as
// [cC] reduced to their upper-case letter; "" when the pattern holds
// any other regexp syntax.
func robotsToken(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\' && i+1 < len(p) && (p[i+1] == '/' || p[i+1] == '.'):
			if p[i+1] == '/' { // "Name\/": the version separator ends the name
				return b.String()
			}
			b.WriteByte('.')
			i++
		case c == '[' && i+3 < len(p) && p[i+3] == ']' && strings.EqualFold(p[i+1:i+2], p[i+2:i+3]):
			b.WriteString(strings.ToUpper(p[i+1 : i+2]))
			i += 3
		case c == '-' || c == '_' ||
			'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9':
			b.WriteByte(c)
		default:
			return ""
		}
	}
	return b.String()
}
