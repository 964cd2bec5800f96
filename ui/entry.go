package ui

import (
	"encoding/json"
	"fmt"
	"sort"
)

// Entry is one built entry point of ui/app (src/entries/{name}.tsx): the
// content-hashed URLs a page includes to run it, stylesheets in <head>
// and scripts with defer (the scripts are classic, self-contained bundles;
// no inline code is needed, so pages stay within a strict CSP).
type Entry struct {
	Name    string
	Scripts []string
	Styles  []string
}

// manifestEntry is one value of dist/manifest.json (written by
// ui/app/build.mjs): file names relative to dist/.
type manifestEntry struct {
	JS  string   `json:"js"`
	CSS []string `json:"css"`
}

// entries maps an entry name to its URLs, read once from the manifest.
var entries = mustEntries()

func mustEntries() map[string]Entry {
	b, err := FS.ReadFile("dist/manifest.json")
	if err != nil {
		panic("ui: dist/manifest.json is not embedded: run make ui")
	}
	var m map[string]manifestEntry
	if err := json.Unmarshal(b, &m); err != nil {
		panic("ui: dist/manifest.json: " + err.Error())
	}
	out := make(map[string]Entry, len(m))
	for name, me := range m {
		e := Entry{Name: name, Scripts: []string{mustURL(me.JS)}}
		for _, c := range me.CSS {
			e.Styles = append(e.Styles, mustURL(c))
		}
		out[name] = e
	}
	return out
}

func mustURL(distName string) string {
	u := URL(AppDir + distName)
	if u == "" {
		panic(fmt.Sprintf("ui: dist/manifest.json names %q, which is not in dist/: run make ui", distName))
	}
	return u
}

// LookupEntry returns the entry point built from src/entries/{name}.tsx;
// ok is false when there is none (a typo, or a build that was not run).
func LookupEntry(name string) (e Entry, ok bool) {
	e, ok = entries[name]
	return e, ok
}

// MustEntry is LookupEntry for start-up code and templates: it panics on
// an unknown name, which every test of the page using it catches.
func MustEntry(name string) Entry {
	e, ok := entries[name]
	if !ok {
		panic(fmt.Sprintf("ui: no entry point %q in dist/manifest.json (src/entries/%s.tsx, then make ui)", name, name))
	}
	return e
}

// EntryNames lists the built entry points in sorted order.
func EntryNames() []string {
	out := make([]string, 0, len(entries))
	for n := range entries {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
