package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// An option is one STGY_* environment variable of the options table
// (options.go): its name, how its text is read into the config, and the
// "meaning" column of its README row, verbatim. TestOptionsMatchREADME
// holds the README's configuration table to the options table.
type option struct {
	name string
	value
	doc string
}

// value reads one variable's text into a config field. set is called
// once per load, with "" when the variable is unset or empty, and then
// stores the default; an error names the variable and says what is
// wanted.
type value struct {
	// def is the README's "default" column: the default value written
	// in backticks, a sentence for a default computed at start-up, or ""
	// when there is none.
	def string
	// span is the accepted range as the README writes it ("1ms–10s"),
	// which the option's doc must contain; "" when any value parses.
	span string
	// others are the values besides the default that a boolean or a
	// choice takes, which the option's doc must name in backticks.
	others []string
	set    func(name, s string) error
}

// then runs check after v has stored its value (a check across the
// stored value, or an adjustment such as 0 meaning "off").
func (v value) then(check func(name string) error) value {
	set := v.set
	v.set = func(name, s string) error {
		if err := set(name, s); err != nil {
			return err
		}
		return check(name)
	}
	return v
}

// text stores the variable's text as is, def when unset.
func text(dst *string, def string) value {
	return value{def: code(def), set: func(_, s string) error {
		*dst = orDefault(s, def)
		return nil
	}}
}

// boolean reads true/false, 1/0, t/f in any case (parseBool).
func boolean(dst *bool, def bool) value {
	return value{def: code(strconv.FormatBool(def)), others: []string{strconv.FormatBool(!def)}, set: func(name, s string) (err error) {
		*dst, err = parseBool(name, orDefault(s, strconv.FormatBool(def)))
		return err
	}}
}

// oneOf reads one of choices; def is the first.
func oneOf(dst *string, choices ...string) value {
	want := strings.Join(choices[:len(choices)-1], ", ") + " or " + choices[len(choices)-1]
	return value{def: code(choices[0]), others: choices[1:], set: func(name, s string) error {
		s = orDefault(s, choices[0])
		for _, c := range choices {
			if s == c {
				*dst = s
				return nil
			}
		}
		return fmt.Errorf("%s %q: want %s", name, s, want)
	}}
}

// integer reads a whole number within [lo, hi].
func integer(dst *int, def, lo, hi int) value {
	return value{def: code(strconv.Itoa(def)), span: fmt.Sprintf("%d–%d", lo, hi), set: func(name, s string) error {
		if s == "" {
			*dst = def
			return nil
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < lo || n > hi {
			return fmt.Errorf("%s %q: want an integer from %d to %d", name, s, lo, hi)
		}
		*dst = n
		return nil
	}}
}

// duration reads a Go duration ("50ms", "1m") within [lo, hi].
func duration(dst *time.Duration, def, lo, hi time.Duration) value {
	return value{def: code(formatDuration(def)), span: formatDuration(lo) + "–" + formatDuration(hi), set: func(name, s string) error {
		if s == "" {
			*dst = def
			return nil
		}
		d, err := time.ParseDuration(s)
		if err != nil || d < lo || d > hi {
			return fmt.Errorf("%s %q: want a duration from %s to %s (e.g. %s)", name, s, formatDuration(lo), formatDuration(hi), formatDuration(def))
		}
		*dst = d
		return nil
	}}
}

// size reads a byte size (parseBytes) within [lo, hi].
func size(dst *int64, def, lo, hi int64) value {
	return value{def: code(formatBytes(def)), span: formatBytes(lo) + "–" + formatBytes(hi), set: func(name, s string) error {
		if s == "" {
			*dst = def
			return nil
		}
		n, err := parseBytes(s)
		if err != nil || n < lo || n > hi {
			return fmt.Errorf("%s %q: want a size from %s to %s (e.g. %d, %s)", name, s, formatBytes(lo), formatBytes(hi), def, formatBytes(def))
		}
		*dst = n
		return nil
	}}
}

// list reads a comma-separated list, each item trimmed and checked by
// add; empty items are skipped.
func list(add func(name, item string) error) value {
	return value{set: func(name, s string) error {
		for item := range strings.SplitSeq(s, ",") {
			if item = strings.TrimSpace(item); item != "" {
				if err := add(name, item); err != nil {
					return err
				}
			}
		}
		return nil
	}}
}

// parseBytes reads a byte size: a whole number, optionally followed by
// KiB, MiB or GiB.
func parseBytes(s string) (int64, error) {
	mult := int64(1)
	for suffix, m := range map[string]int64{"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30} {
		if rest, ok := strings.CutSuffix(s, suffix); ok {
			s, mult = rest, m
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("not a size: %q", s)
	}
	return n * mult, nil
}

// formatBytes writes n in the largest unit of KiB to TiB that divides it
// ("32MiB"), else in bytes.
func formatBytes(n int64) string {
	for _, u := range []struct {
		suffix string
		size   int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return strconv.FormatInt(n/u.size, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10)
}

// formatDuration writes d as the README does: "1m" and "24h" rather
// than "1m0s" and "24h0m0s", "0" for zero.
func formatDuration(d time.Duration) string {
	if d == 0 {
		return "0"
	}
	s := d.String()
	if rest, ok := strings.CutSuffix(s, "m0s"); ok {
		s = rest + "m"
	}
	if rest, ok := strings.CutSuffix(s, "h0m"); ok {
		s = rest + "h"
	}
	return s
}

// code is s in backticks, the README's default column; "" stays "".
func code(s string) string {
	if s == "" {
		return ""
	}
	return "`" + s + "`"
}

// orDefault is s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
