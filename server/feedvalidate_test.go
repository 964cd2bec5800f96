package server_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"net/url"
	"strings"
	"testing"
	"time"

	nethtml "golang.org/x/net/html"
)

// The feed checks below are the rules of the W3C Feed Validator for Atom
// 1.0 (RFC 4287) that our feeds can break: required elements, their
// counts and order, ids, dates, links and text constructs. validateAtom
// returns every problem found ("" when none).

const (
	atomNamespace  = "http://www.w3.org/2005/Atom"
	mediaNamespace = "http://search.yahoo.com/mrss/"
)

// xmlNode is an element of a parsed feed.
type xmlNode struct {
	name     xml.Name
	attrs    map[string]string
	children []*xmlNode
	text     string
}

func (n *xmlNode) all(local string) []*xmlNode {
	var out []*xmlNode
	for _, c := range n.children {
		if c.name.Space == atomNamespace && c.name.Local == local {
			out = append(out, c)
		}
	}
	return out
}

func parseXML(body []byte) (*xmlNode, error) {
	dec := xml.NewDecoder(bytes.NewReader(body))
	var stack []*xmlNode
	var root *xmlNode
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			n := &xmlNode{name: t.Name, attrs: map[string]string{}}
			for _, a := range t.Attr {
				if a.Name.Space == "" {
					n.attrs[a.Name.Local] = a.Value
				}
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			} else {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(t)
			}
		}
	}
	if root == nil {
		return nil, fmt.Errorf("no root element")
	}
	return root, nil
}

// feedRules says what a feed must carry beyond RFC 4287: the URL it is
// served at (rel="self"), and for site feeds entry content and summaries.
type feedRules struct {
	self        string
	wantContent bool // every entry has non-empty content type="html"
}

func validateAtom(body []byte, r feedRules) []string {
	var probs []string
	bad := func(format string, a ...any) { probs = append(probs, fmt.Sprintf(format, a...)) }
	if !bytes.HasPrefix(body, []byte(`<?xml version="1.0" encoding="UTF-8"?>`)) {
		bad("no UTF-8 XML declaration")
	}
	root, err := parseXML(body)
	if err != nil {
		return []string{"not well-formed XML: " + err.Error()}
	}
	if root.name.Space != atomNamespace || root.name.Local != "feed" {
		return []string{fmt.Sprintf("root element is %v, want Atom feed", root.name)}
	}
	// MisplacedMetadata: no feed-level element after the first entry.
	seenEntry := false
	for _, c := range root.children {
		if c.name.Space == atomNamespace && c.name.Local == "entry" {
			seenEntry = true
		} else if seenEntry {
			bad("feed element <%s> after an entry (MisplacedMetadata)", c.name.Local)
		}
	}
	one := func(n *xmlNode, what, local string) *xmlNode {
		got := n.all(local)
		if len(got) != 1 {
			bad("%s has %d <%s>, want exactly 1", what, len(got), local)
			if len(got) == 0 {
				return &xmlNode{attrs: map[string]string{}}
			}
		}
		return got[0]
	}
	atMostOne := func(n *xmlNode, what string, locals ...string) {
		for _, l := range locals {
			if k := len(n.all(l)); k > 1 {
				bad("%s has %d <%s>, want at most 1", what, k, l)
			}
		}
	}
	absIRI := func(what, v string) {
		u, err := url.Parse(strings.TrimSpace(v))
		if err != nil || !u.IsAbs() || (u.Scheme == "https" || u.Scheme == "http") && u.Host == "" {
			bad("%s %q is not an absolute IRI", what, v)
		}
	}
	date := func(what, v string) time.Time {
		t, err := time.Parse(time.RFC3339, strings.TrimSpace(v))
		if err != nil {
			bad("%s %q is not an RFC 3339 date-time", what, v)
		}
		return t
	}
	textConstruct := func(what string, n *xmlNode) {
		switch n.attrs["type"] {
		case "", "text", "html", "xhtml":
		default:
			bad("%s has type %q", what, n.attrs["type"])
		}
	}
	links := func(what string, n *xmlNode) map[string][]*xmlNode {
		byRel := map[string][]*xmlNode{}
		for _, l := range n.all("link") {
			href, ok := l.attrs["href"]
			if !ok {
				bad("%s has a <link> without href", what)
			}
			absIRI(what+" link href", href)
			rel := l.attrs["rel"]
			if rel == "" {
				rel = "alternate"
			}
			byRel[rel] = append(byRel[rel], l)
		}
		// At most one alternate link per type and hreflang.
		seen := map[string]bool{}
		for _, l := range byRel["alternate"] {
			k := l.attrs["type"] + "|" + l.attrs["hreflang"]
			if seen[k] {
				bad("%s has two alternate links of type %q", what, l.attrs["type"])
			}
			seen[k] = true
		}
		return byRel
	}
	author := func(what string, n *xmlNode) bool {
		as := n.all("author")
		for _, a := range as {
			if names := a.all("name"); len(names) != 1 || strings.TrimSpace(names[0].text) == "" {
				bad("%s has an <author> without one non-empty <name>", what)
			}
		}
		return len(as) > 0
	}

	feedID := one(root, "feed", "id").text
	absIRI("feed id", feedID)
	if strings.TrimSpace(one(root, "feed", "title").text) == "" {
		bad("feed title is empty")
	}
	textConstruct("feed title", one(root, "feed", "title"))
	feedUpdated := date("feed updated", one(root, "feed", "updated").text)
	atMostOne(root, "feed", "subtitle", "icon", "logo", "rights", "generator")
	feedLinks := links("feed", root)
	if self := feedLinks["self"]; len(self) != 1 || self[0].attrs["href"] != r.self {
		bad("feed needs one rel=self link to %s (MissingSelf), has %d", r.self, len(self))
	} else if self[0].attrs["type"] != "application/atom+xml" {
		bad("self link type %q", self[0].attrs["type"])
	}
	if len(feedLinks["alternate"]) != 1 || feedLinks["alternate"][0].attrs["type"] != "text/html" {
		bad("feed needs one text/html alternate link")
	}
	feedAuthor := author("feed", root)

	ids := map[string]bool{}
	var newest time.Time
	for i, e := range root.all("entry") {
		what := fmt.Sprintf("entry %d", i+1)
		id := one(e, what, "id").text
		absIRI(what+" id", id)
		if ids[id] {
			bad("%s id %s is not unique", what, id)
		}
		ids[id] = true
		title := one(e, what, "title")
		textConstruct(what+" title", title)
		if strings.TrimSpace(title.text) == "" {
			bad("%s has an empty title", what)
		}
		updated := date(what+" updated", one(e, what, "updated").text)
		if updated.After(newest) {
			newest = updated
		}
		atMostOne(e, what, "published", "content", "summary", "rights", "source")
		if ps := e.all("published"); len(ps) == 1 {
			if published := date(what+" published", ps[0].text); updated.Before(published) {
				bad("%s updated %v before published %v", what, updated, published)
			}
		}
		if !author(what, e) && !feedAuthor {
			bad("%s has no author and the feed has none", what)
		}
		byRel := links(what, e)
		contents := e.all("content")
		if len(contents) == 0 && len(byRel["alternate"]) == 0 {
			bad("%s has neither content nor an alternate link", what)
		}
		for _, c := range e.all("category") {
			if strings.TrimSpace(c.attrs["term"]) == "" {
				bad("%s has a <category> without term", what)
			}
		}
		for _, c := range e.children {
			if c.name.Space == mediaNamespace && c.name.Local == "thumbnail" {
				absIRI(what+" media:thumbnail", c.attrs["url"])
			}
		}
		for _, s := range e.all("summary") {
			textConstruct(what+" summary", s)
			if strings.TrimSpace(s.text) == "" {
				bad("%s has an empty summary", what)
			}
		}
		for _, c := range contents {
			if c.attrs["type"] != "html" {
				bad("%s content type %q, want html", what, c.attrs["type"])
			}
			if strings.TrimSpace(c.text) == "" {
				bad("%s has empty content", what)
			}
			for _, rel := range relativeURLs(c.text) {
				bad("%s content has the relative URL %q", what, rel)
			}
		}
		if r.wantContent && len(contents) == 0 {
			bad("%s has no content", what)
		}
	}
	if !newest.IsZero() && feedUpdated.Before(newest) {
		bad("feed updated %v is before its newest entry's %v", feedUpdated, newest)
	}
	return probs
}

// relativeURLs lists the href/src/srcset URLs of an HTML fragment that
// are not absolute.
func relativeURLs(fragment string) []string {
	var out []string
	z := nethtml.NewTokenizer(strings.NewReader(fragment))
	for {
		tt := z.Next()
		if tt == nethtml.ErrorToken {
			return out
		}
		if tt != nethtml.StartTagToken && tt != nethtml.SelfClosingTagToken {
			continue
		}
		for _, a := range z.Token().Attr {
			var refs []string
			switch a.Key {
			case "href", "src", "cite", "poster":
				refs = []string{a.Val}
			case "srcset":
				for _, c := range strings.Split(a.Val, ",") {
					if f := strings.Fields(c); len(f) > 0 {
						refs = append(refs, f[0])
					}
				}
			}
			for _, ref := range refs {
				if u, err := url.Parse(strings.TrimSpace(ref)); err != nil || !u.IsAbs() {
					out = append(out, ref)
				}
			}
		}
	}
}

// TestValidateAtomCatches: the validator fails the faults it exists for,
// so a passing feed means something.
func TestValidateAtomCatches(t *testing.T) {
	const head = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"
	good := head + `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><id>https://e.org/s</id><updated>2026-03-01T12:00:00Z</updated>` +
		`<link href="https://e.org/s" rel="alternate" type="text/html"></link><link href="https://e.org/s/feed.atom" rel="self" type="application/atom+xml"></link>` +
		`<author><name>A</name></author>` +
		`<entry><title>E</title><updated>2026-03-01T12:00:00Z</updated><id>https://e.org/p/1</id><content type="html">&lt;p&gt;x&lt;/p&gt;</content><published>2026-03-01T11:00:00Z</published><link href="https://e.org/p/1" rel="alternate"></link></entry></feed>`
	rules := feedRules{self: "https://e.org/s/feed.atom", wantContent: true}
	if p := validateAtom([]byte(good), rules); len(p) != 0 {
		t.Fatalf("good feed: %v", p)
	}
	faults := map[string]func(string) string{
		"MisplacedMetadata": func(s string) string {
			s = strings.Replace(s, `<author><name>A</name></author>`, "", 1)
			return strings.Replace(s, `</feed>`, `<author><name>A</name></author></feed>`, 1)
		},
		"MissingSelf": func(s string) string {
			return strings.Replace(s, `<link href="https://e.org/s/feed.atom" rel="self" type="application/atom+xml"></link>`, "", 1)
		},
		"duplicate id": func(s string) string {
			i := strings.Index(s, "<entry>")
			return strings.Replace(s, `</feed>`, s[i:len(s)-len(`</feed>`)]+`</feed>`, 1)
		},
		"bad date": func(s string) string {
			return strings.Replace(s, `<published>2026-03-01T11:00:00Z`, `<published>2026-03-01 11:00`, 1)
		},
		"relative URL":   func(s string) string { return strings.Replace(s, `&lt;p&gt;x`, `&lt;img src=&#34;a.png&#34;&gt;`, 1) },
		"empty content":  func(s string) string { return strings.Replace(s, `&lt;p&gt;x&lt;/p&gt;`, ``, 1) },
		"no entry title": func(s string) string { return strings.Replace(s, `<title>E</title>`, ``, 1) },
		"relative id":    func(s string) string { return strings.Replace(s, `<id>https://e.org/p/1</id>`, `<id>/p/1</id>`, 1) },
		"no author":      func(s string) string { return strings.Replace(s, `<author><name>A</name></author>`, ``, 1) },
		"published after updated": func(s string) string {
			return strings.Replace(s, `<published>2026-03-01T11:00:00Z`, `<published>2026-03-02T11:00:00Z`, 1)
		},
		"not well-formed": func(s string) string { return strings.Replace(s, `</feed>`, ``, 1) },
	}
	for name, f := range faults {
		if p := validateAtom([]byte(f(good)), rules); len(p) == 0 {
			t.Errorf("%s: not caught", name)
		}
	}
}
