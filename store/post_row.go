package store

import (
	"time"

	"github.com/uptrace/bun"

	"github.com/stgy/stgypub"
)

// postRow is a posts row, optionally joined with its post_details columns
// (content and plain_text are scan-only: they live in post_details).
type postRow struct {
	bun.BaseModel `bun:"table:posts,alias:p"`

	ID          int64      `bun:"id,pk"`
	OwnedBy     int64      `bun:"owned_by,notnull"`
	ReplyTo     *int64     `bun:"reply_to"`
	PublishedAt *time.Time `bun:"published_at"`
	UpdatedAt   *time.Time `bun:"updated_at"`
	Snippet     string     `bun:"snippet,notnull"`
	// The derived fields (stgypub.PostDerived) and their rule version.
	FeaturedImage    string `bun:"featured_image,notnull"`
	FeaturedImageAlt string `bun:"featured_image_alt,notnull"`
	ReadingMinutes   int    `bun:"reading_minutes,notnull"`
	DerivedVersion   int    `bun:"derived_version,notnull"`
	// Tags and their comparison keys (stgypub.TagKey), position for position.
	Tags         []string `bun:"tags,array"`
	TagKeys      []string `bun:"tag_keys,array"`
	Locale       *string  `bun:"locale"`
	AllowLikes   bool     `bun:"allow_likes,notnull"`
	AllowReplies bool     `bun:"allow_replies,notnull"`

	// Version is read by the owner's statements (post_by_id,
	// posts_by_owner); the posts trigger moves it.
	Version int64 `bun:"version,scanonly"`

	Content   string `bun:"content,scanonly"`
	PlainText string `bun:"plain_text,scanonly"`
}

// postDetailRow is a post_details row.
type postDetailRow struct {
	bun.BaseModel `bun:"table:post_details,alias:d"`

	PostID    int64  `bun:"post_id,pk"`
	Content   string `bun:"content,notnull"`
	PlainText string `bun:"plain_text,notnull"`
}

func (r *postRow) toDomain() *stgypub.Post {
	p := &stgypub.Post{
		ID:           stgypub.ID(r.ID),
		OwnedBy:      stgypub.ID(r.OwnedBy),
		PublishedAt:  utcPtr(r.PublishedAt),
		UpdatedAt:    utcPtr(r.UpdatedAt),
		Snippet:      r.Snippet,
		AllowLikes:   r.AllowLikes,
		AllowReplies: r.AllowReplies,
		Content:      r.Content,
		PlainText:    r.PlainText,
		Version:      stgypub.Version(r.Version),
		Derived: stgypub.PostDerived{
			FeaturedImage: r.FeaturedImage, FeaturedImageAlt: r.FeaturedImageAlt, ReadingMinutes: r.ReadingMinutes,
		},
		Tags: r.Tags,
	}
	if p.Tags == nil {
		p.Tags = []string{}
	}
	if r.ReplyTo != nil {
		id := stgypub.ID(*r.ReplyTo)
		p.ReplyTo = &id
	}
	if r.Locale != nil {
		p.Locale = *r.Locale
	}
	return p
}

func postToRow(p *stgypub.Post) *postRow {
	r := &postRow{
		ID:           int64(p.ID),
		OwnedBy:      int64(p.OwnedBy),
		PublishedAt:  utcPtr(p.PublishedAt),
		UpdatedAt:    utcPtr(p.UpdatedAt),
		Snippet:      p.Snippet,
		AllowLikes:   p.AllowLikes,
		AllowReplies: p.AllowReplies,

		FeaturedImage:    p.Derived.FeaturedImage,
		FeaturedImageAlt: p.Derived.FeaturedImageAlt,
		ReadingMinutes:   p.Derived.ReadingMinutes,
		DerivedVersion:   stgypub.DerivedVersion,
		Tags:             p.Tags,
		TagKeys:          stgypub.TagKeys(p.Tags),
	}
	if r.Tags == nil {
		r.Tags = []string{}
	}
	if p.ReplyTo != nil {
		id := int64(*p.ReplyTo)
		r.ReplyTo = &id
	}
	if p.Locale != "" {
		loc := p.Locale
		r.Locale = &loc
	}
	return r
}

func postsToDomain(rows []postRow) []*stgypub.Post {
	out := make([]*stgypub.Post, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}
