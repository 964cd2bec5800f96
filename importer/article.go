package importer

import (
	"errors"
	"hash/fnv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/markdown"
)

// article is one Markdown file turned into what a post stores.
type article struct {
	Content   string
	PlainText string
	Snippet   string
	Derived   stgypub.PostDerived
	Tags      []string // front-matter tags and categories (stgypub.ImportTags)
	Locale    string
	Date      time.Time // noon UTC of the article's date (undated: at most now)
	Undated   bool      // no front-matter date
}

// parseArticle splits front matter from src (a block that does not parse,
// or an invalid date, is BAD_USER_INPUT: markdown.ParseFrontMatter), rewrites the body for its
// source (macros expanded, relative references made absolute: rewrite)
// and builds the stored post: Content is "# " + title + "\n\n" + body when the front matter has a title
// (the front-matter title wins over any heading of the body, so a body
// starting with "## Introduction" is still titled by it) unless the body
// already starts with that title as a level-1 heading; else the body alone.
// The date is the front-matter date at noon UTC, else noon UTC of the
// file's undated date (see Options.UndatedDate) or now, whichever is
// earlier. opts.Locale is canonical (Import checked it).
func parseArticle(name, src string, opts *Options, now time.Time) (article, error) {
	src = stgypub.StripBOM(strings.ToValidUTF8(src, "\uFFFD"))
	src = strings.ReplaceAll(src, "\x00", "") // PostgreSQL text cannot hold NUL
	fm, body, err := markdown.ParseFrontMatter(src)
	if err != nil {
		var fe *markdown.FrontMatterError
		if errors.As(err, &fe) && fe.Field != "" {
			return article{}, stgypub.FieldErrorf(fe.Field, "%v", err)
		}
		return article{}, stgypub.Errorf(stgypub.CodeBadUserInput, "%v", err)
	}
	fmLocale, _ := stgypub.CanonicalLocale(fm.Locale) // "" when invalid
	body, err = rewrite(name, body, fm, opts.withLocale(firstNonEmpty(opts.Locale, fmLocale)))
	if err != nil {
		return article{}, err
	}
	content := body
	if fm.Title != "" && !startsWithTitle(body, fm.Title) {
		content = "# " + escapeInline(fm.Title) + "\n\n" + strings.TrimLeft(body, "\r\n")
	}
	if n := utf8.RuneCountInString(content); n > stgypub.PostContentMaxChars {
		return article{}, stgypub.Errorf(stgypub.CodeBadUserInput, "the post would be %d characters; the limit is %d", n, stgypub.PostContentMaxChars)
	}
	doc, err := markdown.ConvertWithin(content, markdown.Options{}, markdown.RenderBudget)
	if err != nil {
		return article{}, tooComplex(err)
	}
	a := article{
		Content:   content,
		PlainText: markdown.PlainText(content),
		Snippet:   doc.Snippet,
		Locale:    opts.Locale,
	}
	a.Derived = doc.Derived(a.PlainText)
	a.Tags = stgypub.ImportTags(fm.Tags)
	if a.Locale == "" {
		a.Locale = fmLocale
	}
	if a.Locale == "" {
		a.Locale = detectLocale(a.PlainText)
	}
	if !fm.Date.IsZero() {
		a.Date = noonUTC(fm.Date)
		return a, nil
	}
	a.Undated = true
	a.Date = noonUTC(undatedDate(name, opts))
	if now = now.UTC().Truncate(time.Microsecond); a.Date.After(now) { // PostgreSQL precision
		a.Date = now
	}
	return a, nil
}

// withLocale is a copy of o with Locale set (for the rewriter's default
// base URL, which may depend on the file's language).
func (o *Options) withLocale(locale string) *Options {
	c := *o
	c.Locale = locale
	return &c
}

// escapeInline backslash-escapes every ASCII punctuation character of a
// one-line text (CommonMark allows it for all of them), so a front-matter
// title such as "<time>" or "*args*" stays literal text in the heading.
func escapeInline(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 && unicode.IsPunct(r) || r < 0x80 && unicode.IsSymbol(r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// startsWithTitle reports whether body's first block is a level-1
// heading reading title (white space collapsed).
func startsWithTitle(body, title string) bool {
	level, text := markdown.LeadingHeading(body)
	return level == 1 && text == strings.Join(strings.Fields(title), " ")
}

// detectLocale is "ja" when the text has any Hiragana or Katakana, else
// "en": good enough for the two languages of the demo corpus.
func detectLocale(text string) string {
	for _, r := range text {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana) {
			return "ja"
		}
	}
	return "en"
}

// undatedDate is Options.UndatedDate (today by Options.Now when zero),
// moved back by a stable per-name number of days below
// Options.UndatedSpreadDays, so re-imports give each file the same date.
func undatedDate(name string, opts *Options) time.Time {
	base := opts.UndatedDate
	if base.IsZero() {
		base = opts.now()
	}
	if opts.UndatedSpreadDays <= 0 {
		return base
	}
	h := fnv.New32a()
	_, _ = h.Write([]byte(name))
	return base.AddDate(0, 0, -int(h.Sum32()%uint32(opts.UndatedSpreadDays)))
}

func noonUTC(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 12, 0, 0, 0, time.UTC)
}

// Content is the Markdown Import stores for the file name with contents
// src under opts: front matter removed, the source's macros expanded,
// relative references made absolute, the front-matter title as heading.
// Errors as Import's for that file (unknown source, malformed base URL).
func Content(name, src string, opts Options) (string, error) {
	a, err := parseArticle(name, src, &opts, opts.now())
	return a.Content, err
}
