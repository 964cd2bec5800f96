package stgypub

import "golang.org/x/text/language"

// LocaleMaxChars limits a post's locale (posts.locale VARCHAR(50)).
const LocaleMaxChars = 50

// CanonicalLocale returns the canonical form of a BCP 47 language tag
// ("en_US" and "EN-us" give "en-US", "zh-hant-tw" gives "zh-Hant-TW"); ""
// stays "" (unknown). A tag that does not parse, names an unknown
// language or region, or is over LocaleMaxChars is BAD_USER_INPUT. The
// owner service (post locales) and the importer (-locale) both use it.
func CanonicalLocale(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	if len(s) > LocaleMaxChars {
		return "", Errorf(CodeBadUserInput, "locale is over %d characters", LocaleMaxChars)
	}
	tag, err := language.Parse(s)
	if err != nil {
		return "", Errorf(CodeBadUserInput, "locale must be a language tag such as en or ja-JP")
	}
	c := tag.String()
	if len(c) > LocaleMaxChars {
		return "", Errorf(CodeBadUserInput, "locale is over %d characters", LocaleMaxChars)
	}
	return c, nil
}
