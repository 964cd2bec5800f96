package visitor

import (
	"bytes"
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// patternIndex makes matching ~1,500 case-insensitive crawler patterns
// cheap. Every pattern that must contain one of a set of ASCII literals
// (found from its parse tree, lower-cased) is filed under the first two
// bytes of each literal; the case-folded User-Agent (foldASCII) is scanned
// once, and only patterns whose literal occurs in it are run. Patterns
// without such a literal are combined into one residual regexp that is
// always run.
type patternIndex struct {
	heads    [1 << 16]uint16 // two-byte prefix -> 1 + index into lists
	lists    [][]candidate
	patterns []*regexp.Regexp
	index    []int            // per entry of patterns, its position in newPatternIndex's argument
	residual *regexp.Regexp   // nil when every pattern is indexed
	rest     []*regexp.Regexp // the residual's patterns one by one
	restIdx  []int            // their positions in newPatternIndex's argument
}

type candidate struct {
	lit []byte
	pat int
}

func newPatternIndex(patterns []string) *patternIndex {
	ix := &patternIndex{}
	var rest []string
	for pos, p := range patterns {
		re := regexp.MustCompile(caseInsensitive + p) // callers pass only patterns that compile
		tree, err := syntax.Parse(p, syntax.Perl|syntax.FoldCase)
		var lits []string
		if err == nil {
			lits = requiredLiterals(tree)
		}
		if len(lits) == 0 {
			rest = append(rest, "(?:"+p+")")
			ix.rest = append(ix.rest, re)
			ix.restIdx = append(ix.restIdx, pos)
			continue
		}
		n := len(ix.patterns)
		ix.patterns = append(ix.patterns, re)
		ix.index = append(ix.index, pos)
		for _, l := range lits {
			k := uint16(l[0])<<8 | uint16(l[1])
			if ix.heads[k] == 0 {
				ix.lists = append(ix.lists, nil)
				ix.heads[k] = uint16(len(ix.lists))
			}
			i := ix.heads[k] - 1
			ix.lists[i] = append(ix.lists[i], candidate{lit: []byte(l), pat: n})
		}
	}
	if len(rest) > 0 {
		ix.residual = regexp.MustCompile(caseInsensitive + strings.Join(rest, "|"))
	}
	return ix
}

// match returns the position (in newPatternIndex's argument) of a pattern
// that matches ua, or -1 when none does; folded is foldASCII(nil, ua).
// Indexed patterns are tried in the order their literals occur in ua; the
// residual ones, combined, last (one by one only once the combination
// matched, to name the pattern).
func (ix *patternIndex) match(ua string, folded []byte) int {
	for i := 0; i+1 < len(folded); i++ {
		h := ix.heads[uint16(folded[i])<<8|uint16(folded[i+1])]
		if h == 0 {
			continue
		}
		for _, c := range ix.lists[h-1] {
			if bytes.HasPrefix(folded[i:], c.lit) && ix.patterns[c.pat].MatchString(ua) {
				return ix.index[c.pat]
			}
		}
	}
	if ix.residual == nil || !ix.residual.MatchString(ua) {
		return -1
	}
	for j, re := range ix.rest {
		if re.MatchString(ua) {
			return ix.restIdx[j]
		}
	}
	return -1
}

// requiredLiterals returns literals (each at least 2 bytes of ASCII,
// lower-cased) one of which every match of re contains, or nil when it
// cannot tell. re is parsed with syntax.FoldCase.
func requiredLiterals(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		if l, ok := foldedLiteral(re); ok && len(l) >= 2 {
			return []string{l}
		}
		return nil
	case syntax.OpCapture, syntax.OpPlus:
		return requiredLiterals(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return requiredLiterals(re.Sub[0])
		}
	case syntax.OpAlternate:
		var out []string
		for _, s := range re.Sub {
			l := requiredLiterals(s)
			if l == nil {
				return nil
			}
			out = append(out, l...)
		}
		return out
	case syntax.OpConcat:
		var best []string
		better := func(l []string) {
			if l != nil && (best == nil || minLen(l) > minLen(best)) {
				best = l
			}
		}
		run := ""
		for _, s := range re.Sub {
			if l, ok := foldedLiteral(s); ok {
				run += l
				continue
			}
			if len(run) >= 2 {
				better([]string{run})
			}
			run = ""
			better(requiredLiterals(s))
		}
		if len(run) >= 2 {
			better([]string{run})
		}
		return best
	}
	return nil
}

// foldedLiteral is the lower-cased text of an ASCII literal node (a
// case-insensitive one included); ok is false for any other node.
func foldedLiteral(re *syntax.Regexp) (string, bool) {
	if re.Op != syntax.OpLiteral {
		return "", false
	}
	s := string(re.Rune)
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return "", false
		}
	}
	return strings.ToLower(s), true
}

func minLen(ss []string) int {
	m := len(ss[0])
	for _, s := range ss[1:] {
		m = min(m, len(s))
	}
	return m
}
