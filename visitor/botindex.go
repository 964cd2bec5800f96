package visitor

import (
	"regexp"
	"regexp/syntax"
	"strings"
)

// patternIndex makes matching ~1,500 crawler patterns cheap. Every pattern
// that must contain one of a set of case-sensitive literals (found from its
// parse tree) is filed under the first two bytes of each literal; a User
// Agent is scanned once, and only patterns whose literal occurs in it are
// run. Patterns without such a literal are combined into one residual
// regexp that is always run.
type patternIndex struct {
	heads    [1 << 16]uint16 // two-byte prefix -> 1 + index into lists
	lists    [][]candidate
	patterns []*regexp.Regexp
	residual *regexp.Regexp // nil when every pattern is indexed
}

type candidate struct {
	lit string
	pat int
}

func newPatternIndex(patterns []string) *patternIndex {
	ix := &patternIndex{}
	var rest []string
	for _, p := range patterns {
		re := regexp.MustCompile(p) // callers pass only patterns that compile
		tree, err := syntax.Parse(p, syntax.Perl)
		var lits []string
		if err == nil {
			lits = requiredLiterals(tree)
		}
		if len(lits) == 0 {
			rest = append(rest, "(?:"+p+")")
			continue
		}
		n := len(ix.patterns)
		ix.patterns = append(ix.patterns, re)
		for _, l := range lits {
			k := uint16(l[0])<<8 | uint16(l[1])
			if ix.heads[k] == 0 {
				ix.lists = append(ix.lists, nil)
				ix.heads[k] = uint16(len(ix.lists))
			}
			i := ix.heads[k] - 1
			ix.lists[i] = append(ix.lists[i], candidate{lit: l, pat: n})
		}
	}
	if len(rest) > 0 {
		ix.residual = regexp.MustCompile(strings.Join(rest, "|"))
	}
	return ix
}

// match reports whether any pattern matches ua.
func (ix *patternIndex) match(ua string) bool {
	for i := 0; i+1 < len(ua); i++ {
		h := ix.heads[uint16(ua[i])<<8|uint16(ua[i+1])]
		if h == 0 {
			continue
		}
		for _, c := range ix.lists[h-1] {
			if strings.HasPrefix(ua[i:], c.lit) && ix.patterns[c.pat].MatchString(ua) {
				return true
			}
		}
	}
	return ix.residual != nil && ix.residual.MatchString(ua)
}

// requiredLiterals returns literals (each at least 2 bytes, case-sensitive)
// one of which every match of re contains, or nil when it cannot tell.
func requiredLiterals(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 || len(string(re.Rune)) < 2 {
			return nil
		}
		return []string{string(re.Rune)}
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
			if s.Op == syntax.OpLiteral && s.Flags&syntax.FoldCase == 0 {
				run += string(s.Rune)
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

func minLen(ss []string) int {
	m := len(ss[0])
	for _, s := range ss[1:] {
		m = min(m, len(s))
	}
	return m
}
