package prerender

import (
	"fmt"
	"strconv"
	"strings"
)

// The home page's site-wide ranking is localized in English and Japanese
// here, chosen by the page language (a "ja" tag or subtag gives Japanese,
// anything else English), until the page chrome has one i18n catalog.

// RankingHeading is the ranking's heading for a window of days UTC days:
// "Popular this week" for 7, "Popular today" for 1, else "Popular in the
// last N days".
func RankingHeading(lang string, days int) string {
	ja := isJapanese(lang)
	switch {
	case days == 7 && ja:
		return "今週の人気記事"
	case days == 7:
		return "Popular this week"
	case days == 1 && ja:
		return "今日の人気記事"
	case days == 1:
		return "Popular today"
	case ja:
		return fmt.Sprintf("過去%d日間の人気記事", days)
	}
	return fmt.Sprintf("Popular in the last %d days", days)
}

// RankingViews is a view count with digit grouping: "1 view", "1,234
// views"; "1,234 回閲覧" in Japanese.
func RankingViews(lang string, n int64) string {
	s := groupDigits(n)
	switch {
	case isJapanese(lang):
		return s + " 回閲覧"
	case n == 1:
		return s + " view"
	}
	return s + " views"
}

func isJapanese(lang string) bool {
	l := strings.ToLower(lang)
	return l == "ja" || strings.HasPrefix(l, "ja-") || strings.HasPrefix(l, "ja_")
}

// groupDigits writes n with a comma every three digits.
func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
