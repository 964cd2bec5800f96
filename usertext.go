package stgypub

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// NormalizeNickname applies the nickname rules (docs/SPEC.md "Comments")
// wherever a nickname is set: comments, updateProfile and `stgy-pub user
// create` share this one rule (the profile paths refuse NUL and invalid
// UTF-8 as typed first, owner/profile.go, auth/accounts.go).
// Byte-order marks before the first other character are dropped (see
// StripBOM), line ends unified, every run of Unicode white space (TAB, LF, U+3000, NBSP, ...)
// becomes one ASCII space, other control characters, bidi controls
// (IsBidiControl), invalid UTF-8 (surrogates included) and
// non-characters are removed, invisible characters (IsInvisible:
// format characters such as U+FEFF, U+200B, U+2060, default-ignorable
// code points, variation selectors, tags, Hangul fillers) are removed
// unless a sequence needs them (InvisibleNeeded: an emoji ZWJ
// sequence, ZWNJ in Persian, an ideographic variation sequence, ...),
// combining marks beyond MaxCombiningMarks per base character are
// removed, the result is trimmed and NFC-normalized. It is idempotent.
// CheckNickname refuses a nickname with nothing visible (HasVisible).
func NormalizeNickname(s string) string {
	// A removed invisible character can let canonical reordering or
	// composition change the neighbours another one was judged by, so
	// the rules run until nothing changes; every round but the last
	// removes a character, so this ends (normally after two rounds).
	for {
		n := normalizeNicknameOnce(s)
		if n == s {
			return n
		}
		s = n
	}
}

func normalizeNicknameOnce(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	// Marks are capped first, so the characters an invisible one is
	// judged by (InvisibleNeeded) are those that stay.
	rs := []rune(capMarks(cleanUserText(s)))
	prev := rune(0) // the last rune kept
	for i, r := range rs {
		if IsInvisible(r) && !unicode.IsSpace(r) {
			next := rune(0)
			if i+1 < len(rs) {
				next = rs[i+1]
			}
			if space || !InvisibleNeeded(prev, r, next) {
				continue
			}
		}
		prev = r
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return norm.NFC.String(b.String())
}

// NormalizeBody applies the body rules (docs/SPEC.md "Comments"):
// byte-order marks that start the first non-blank line are dropped (see
// StripBOM); CR, CRLF,
// NEL, U+2028 and U+2029 become LF; TAB is kept; other control
// characters, bidi controls (IsBidiControl), invalid UTF-8 (surrogates
// included) and non-characters are removed; combining marks beyond
// MaxCombiningMarks per base character are removed; leading blank lines (lines of white space only) are removed;
// two or more blank lines in a row become one empty line (so 3+ LF become
// 2); trailing white space is removed and exactly one LF appended. The
// result is NFC-normalized, and "" when nothing but white space remains.
// It is idempotent.
func NormalizeBody(s string) string {
	lines := strings.Split(norm.NFC.String(capMarks(cleanUserText(s))), "\n")
	var b strings.Builder
	b.Grow(len(s) + 1)
	blank := 0 // blank lines seen since the last text line
	for _, line := range lines {
		if b.Len() == 0 {
			line = StripBOM(line)
		}
		if strings.TrimFunc(line, unicode.IsSpace) == "" {
			blank++
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
			if blank > 0 {
				b.WriteByte('\n')
			}
		}
		blank = 0
		b.WriteString(line)
	}
	out := strings.TrimRightFunc(b.String(), unicode.IsSpace)
	if out == "" {
		return ""
	}
	return out + "\n"
}

// clean unifies line ends to LF and drops invalid UTF-8, control
// characters other than TAB and LF, and non-characters.
func cleanUserText(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			continue
		case r == '\r':
			if i < len(s) && s[i] == '\n' {
				i++
			}
			b.WriteByte('\n')
		case r == 0x85 || r == 0x2028 || r == 0x2029:
			b.WriteByte('\n')
		case r == '\t' || r == '\n':
			b.WriteRune(r)
		case unicode.IsControl(r) || isNonCharacter(r) || IsBidiControl(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// MaxCombiningMarks is the most non-spacing or enclosing combining marks
// (Unicode categories Mn and Me, in canonical decomposition) kept on one
// base character; further marks are removed (docs/SPEC.md "Comments").
// Invisible characters (IsInvisible) between marks do not start a new
// base, so a zero-width joiner cannot restart the count; white space does
// (a space followed by a mark is how a lone diacritic is written).
const MaxCombiningMarks = 4

// capMarks removes the combining marks beyond MaxCombiningMarks on each
// base character. It works on the canonical decomposition (which is in
// canonical order, so the marks dropped are the last of the run), and
// the caller recomposes with NFC; NFC never adds marks, so the result
// keeps the cap and normalizing again changes nothing.
func capMarks(s string) string {
	d := norm.NFD.String(s)
	var b strings.Builder
	b.Grow(len(d))
	marks := 0
	for _, r := range d {
		switch {
		case unicode.In(r, unicode.Mn, unicode.Me):
			marks++
			if marks > MaxCombiningMarks {
				continue
			}
		case IsInvisible(r) && !unicode.IsSpace(r):
		default: // a base character; white space is one too
			marks = 0
		}
		b.WriteRune(r)
	}
	return b.String()
}

// IsBidiControl reports the bidirectional formatting characters that
// comments remove from nicknames and bodies: the embeddings and
// overrides U+202A..U+202E, the isolates U+2066..U+2069, the marks
// U+200E, U+200F and U+061C. Removed so that user text can never reverse
// the text around it (the owner's notification line, for one).
func IsBidiControl(r rune) bool {
	return (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069) ||
		r == 0x200E || r == 0x200F || r == 0x061C
}

// HasVisible reports whether s has a character that draws something: one
// that is neither invisible (IsInvisible) nor a combining mark. A
// nickname or body without one is empty.
func HasVisible(s string) bool {
	for _, r := range s {
		if !IsInvisible(r) && !unicode.Is(unicode.M, r) {
			return true
		}
	}
	return false
}

// isNonCharacter reports Unicode non-characters: U+FDD0..U+FDEF and the
// last two code points of every plane.
func isNonCharacter(r rune) bool {
	return (r >= 0xFDD0 && r <= 0xFDEF) || r&0xFFFE == 0xFFFE
}

// CheckNickname normalizes a nickname and checks it has a visible
// character (HasVisible) and at most max code points (BAD_USER_INPUT
// otherwise, with extensions.field "nickname").
func CheckNickname(s string, max int) (string, error) {
	n := NormalizeNickname(s)
	if !HasVisible(n) {
		return "", FieldErrorf("nickname", "nickname is empty")
	}
	if c := utf8.RuneCountInString(n); c > max {
		return "", FieldErrorf("nickname", "nickname is %d characters; the limit is %d", c, max)
	}
	return n, nil
}

// CheckBody normalizes a body and checks it has a visible character
// (HasVisible) and at most max code points, the final LF not counted
// (BAD_USER_INPUT otherwise, with extensions.field "body").
func CheckBody(s string, max int) (string, error) {
	b := NormalizeBody(s)
	if !HasVisible(b) {
		return "", FieldErrorf("body", "comment is empty")
	}
	if c := BodyLength(b); c > max {
		return "", FieldErrorf("body", "comment is %d characters; the limit is %d", c, max)
	}
	return b, nil
}

// BodyLength is the length of a normalized body in code points, without
// its final LF (the number the form shows over the limit).
func BodyLength(body string) int {
	return utf8.RuneCountInString(strings.TrimSuffix(body, "\n"))
}
