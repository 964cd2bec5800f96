package stgypub

import "time"

// UntitledDateLayout is the layout of an untitled post's title: its date.
const UntitledDateLayout = "2006-01-02"

// DisplayTitle is the one title every page, feed and API field shows for
// a post (docs/SPEC.md#untitled-posts): its summary title (first heading,
// else first line of text), else, for a post with no text to take one
// from (an image-only or empty body), its date in loc (the site's time
// zone, PubConfig.Location) as "2006-01-02": the publication date, or the
// creation date while it is unpublished. A nil loc is UTC.
func (p *Post) DisplayTitle(loc *time.Location) string {
	return TitleOrDate(p.Summary().Title, p, loc)
}

// TitleOrDate is DisplayTitle for a summary title already derived
// (callers that cache summaries).
func TitleOrDate(title string, p *Post, loc *time.Location) string {
	if title != "" {
		return title
	}
	if loc == nil {
		loc = time.UTC
	}
	t := p.CreatedAt()
	if p.PublishedAt != nil {
		t = *p.PublishedAt
	}
	return t.In(loc).Format(UntitledDateLayout)
}
