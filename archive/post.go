package archive

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/goccy/go-yaml"

	"github.com/stgy/stgypub"
)

// frontMatter is the YAML block of posts/{postId}.md. Times are RFC 3339
// in UTC with the stored precision; a missing published_at is an
// unpublished post. title, created_at and state are informative (derived
// from the body, the ID and published_at at export time): Read checks
// their form and a restore ignores them.
type frontMatter struct {
	ID           string   `yaml:"id"`
	Title        string   `yaml:"title"`
	CreatedAt    string   `yaml:"created_at"`
	State        string   `yaml:"state"`
	PublishedAt  string   `yaml:"published_at,omitempty"`
	UpdatedAt    string   `yaml:"updated_at,omitempty"`
	Locale       string   `yaml:"locale,omitempty"`
	Tags         []string `yaml:"tags,omitempty"`
	AllowReplies bool     `yaml:"allow_replies"`
	AllowLikes   bool     `yaml:"allow_likes"`
	ReplyTo      string   `yaml:"reply_to,omitempty"`
}

const fence = "---\n"

// encodePost writes p as front matter and its Content, byte for byte.
// now tells the informative state; loc is the site's time zone (the
// title of an untitled post is its date there).
func encodePost(p *stgypub.Post, now time.Time, loc *time.Location) ([]byte, error) {
	fm := frontMatter{
		ID:           p.ID.String(),
		Title:        p.DisplayTitle(loc),
		CreatedAt:    p.CreatedAt().Format(time.RFC3339Nano),
		State:        string(p.State(now)),
		PublishedAt:  formatTime(p.PublishedAt),
		UpdatedAt:    formatTime(p.UpdatedAt),
		Locale:       p.Locale,
		Tags:         p.Tags,
		AllowReplies: p.AllowReplies,
		AllowLikes:   p.AllowLikes,
	}
	if p.ReplyTo != nil {
		fm.ReplyTo = p.ReplyTo.String()
	}
	y, err := yaml.MarshalWithOptions(fm, yaml.UseLiteralStyleIfMultiline(false))
	if err != nil {
		return nil, fmt.Errorf("archive: front matter of post %s: %w", p.ID, err)
	}
	var b bytes.Buffer
	b.WriteString(fence)
	b.Write(y)
	b.WriteString(fence)
	b.WriteString(p.Content)
	return b.Bytes(), nil
}

func formatTime(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// decodePost reads a posts/ file: the fenced YAML block (unknown keys are
// refused) and the body after it, verbatim. It checks the fields' form;
// Read checks the rest.
func decodePost(src []byte) (*stgypub.Post, error) {
	s := string(src)
	if !strings.HasPrefix(s, fence) {
		return nil, fmt.Errorf("no front matter (want a first line ---)")
	}
	end := strings.Index(s[len(fence)-1:], "\n"+fence)
	if end < 0 {
		return nil, fmt.Errorf("front matter is not closed (want a line ---)")
	}
	block := s[len(fence) : len(fence)-1+end+1]
	body := s[len(fence)-1+end+1+len(fence):]
	var fm frontMatter
	if err := yaml.UnmarshalWithOptions([]byte(block), &fm, yaml.Strict(), yaml.DisallowUnknownField()); err != nil {
		return nil, fmt.Errorf("front matter: %s", firstLine(err.Error()))
	}
	id, err := stgypub.ParseID(fm.ID)
	if err != nil {
		return nil, fmt.Errorf("front matter id: %s", stgypub.ErrorMessage(err))
	}
	p := &stgypub.Post{ID: id, Content: body, Locale: fm.Locale, AllowReplies: fm.AllowReplies, AllowLikes: fm.AllowLikes, Tags: fm.Tags}
	if p.PublishedAt, err = parseTime("published_at", fm.PublishedAt); err != nil {
		return nil, err
	}
	if p.UpdatedAt, err = parseTime("updated_at", fm.UpdatedAt); err != nil {
		return nil, err
	}
	if _, err := time.Parse(time.RFC3339Nano, fm.CreatedAt); err != nil {
		return nil, fmt.Errorf("front matter created_at: want an RFC 3339 time")
	}
	switch stgypub.PublicationState(fm.State) {
	case stgypub.StatePublished, stgypub.StateScheduled, stgypub.StateUnpublished:
	default:
		return nil, fmt.Errorf("front matter state: want PUBLISHED, SCHEDULED or UNPUBLISHED")
	}
	if (fm.State == string(stgypub.StateUnpublished)) != (p.PublishedAt == nil) {
		return nil, fmt.Errorf("front matter state %s does not match published_at", fm.State)
	}
	if fm.ReplyTo != "" {
		r, err := stgypub.ParseID(fm.ReplyTo)
		if err != nil {
			return nil, fmt.Errorf("front matter reply_to: %s", stgypub.ErrorMessage(err))
		}
		p.ReplyTo = &r
	}
	return p, nil
}

func parseTime(field, s string) (*time.Time, error) {
	if s == "" {
		return nil, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return nil, fmt.Errorf("front matter %s: want an RFC 3339 time", field)
	}
	t = t.UTC()
	return &t, nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
