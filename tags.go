package stgypub

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Tag limits (docs/SPEC.md#tags).
const (
	MaxTagsPerPost = 10
	TagMaxLen      = 40
)

var tagFold = cases.Fold()

// TagKey is the form two tags are compared in: NFKC, case-folded (Unicode
// full case folding: "Go", "GO" and "ｇｏ" are one tag), white space
// collapsed.
func TagKey(tag string) string {
	return tagFold.String(norm.NFKC.String(CollapseSpace(tag)))
}

// NormalizeTags is the tag rule of every write (owners' createPost and
// updatePost, imports): each tag in NFC with white space collapsed to
// single spaces and trimmed, 1..TagMaxLen code points, no control or
// format characters; tags equal under TagKey are one (the first spelling
// is kept); at most MaxTagsPerPost remain. Errors (BAD_USER_INPUT, field
// "tags"): an empty or over-long tag, a control character, more than
// MaxTagsPerPost distinct tags. nil and empty give an empty, non-nil
// slice.
func NormalizeTags(in []string) ([]string, error) {
	out := make([]string, 0, len(in))
	seen := make(map[string]bool, len(in))
	for i, t := range in {
		for _, r := range t {
			if unicode.IsControl(r) && !unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) {
				return nil, FieldErrorf("tags", "tags[%d] holds a control or format character", i)
			}
		}
		t = norm.NFC.String(CollapseSpace(StripBOM(t)))
		if t == "" {
			return nil, FieldErrorf("tags", "tags[%d] is empty", i)
		}
		if n := len([]rune(t)); n > TagMaxLen {
			return nil, FieldErrorf("tags", "tags[%d] is %d characters; the limit is %d", i, n, TagMaxLen)
		}
		k := TagKey(t)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, t)
	}
	if len(out) > MaxTagsPerPost {
		return nil, FieldErrorf("tags", "a post has at most %d tags, not %d", MaxTagsPerPost, len(out))
	}
	return out, nil
}

// TagKeys is TagKey of each tag.
func TagKeys(tags []string) []string {
	out := make([]string, len(tags))
	for i, t := range tags {
		out[i] = TagKey(t)
	}
	return out
}

// splitTagList splits a comma-separated tag string (front matter's
// "tags: a, b").
func splitTagList(s string) []string {
	var out []string
	for p := range strings.SplitSeq(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// ImportTags turns front-matter tags (tags: and categories:, lists or
// comma-separated strings, in that order) into a post's tags: the rule of
// NormalizeTags, except that tags breaking it are dropped (an empty or
// over-long one, past the tenth) instead of failing the import.
func ImportTags(lists ...[]string) []string {
	var all []string
	for _, l := range lists {
		for _, t := range l {
			all = append(all, splitTagList(t)...)
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, t := range all {
		n, err := NormalizeTags([]string{t})
		if err != nil || len(n) == 0 || seen[TagKey(n[0])] {
			continue
		}
		seen[TagKey(n[0])] = true
		out = append(out, n[0])
		if len(out) == MaxTagsPerPost {
			break
		}
	}
	if out == nil {
		out = []string{}
	}
	return out
}
