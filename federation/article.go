package federation

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/article"
	"github.com/stgy/stgypub/markdown"
)

// articleContext is the JSON-LD @context of an Article and of every
// activity or page carrying one: the ActivityStreams context plus the
// Hashtag term, which that context does not define (Mastodon publishes
// the same term). Without it a JSON-LD processor (Fedify, for one)
// expands "Hashtag" to nothing and drops the post's tags.
var articleContext = []any{ContextActivityStreams, map[string]string{"Hashtag": "as:Hashtag"}}

// publicAudience is the ActivityStreams public collection.
const publicAudience = "https://www.w3.org/ns/activitystreams#Public"

// PostURL is the Article ID of a post: its page.
func (s *Service) PostURL(id stgypub.ID) string { return s.base + "/pub/" + id.String() }

// article is a published post as an ActivityStreams Article: name (the
// title, else the date), content (the sanitized HTML body with absolute
// URLs), summary (the first paragraph), url, published, updated, the
// featured image as attachment and the tags as Hashtags linking the
// site's tag pages; addressed to the public, copied to the followers.
func (s *Service) article(p *stgypub.Post) map[string]any {
	actor := s.ActorID(p.OwnedBy)
	sum := stgypub.SummarizeSnippet(p.Snippet)
	content := markdown.AbsoluteURLs(article.HTML(p.Content, false), s.cfg.BaseURL)
	a := map[string]any{
		"id":           s.PostURL(p.ID),
		"type":         "Article",
		"attributedTo": actor,
		"name":         stgypub.TitleOrDate(sum.Title, p, time.UTC),
		"content":      content,
		"url":          s.PostURL(p.ID),
		"to":           []string{publicAudience},
		"cc":           []string{actor + "/followers"},
	}
	if sum.Description != "" {
		a["summary"] = sum.Description
	}
	if p.PublishedAt != nil {
		a["published"] = p.PublishedAt.UTC().Format(time.RFC3339)
	}
	if p.UpdatedAt != nil {
		a["updated"] = p.UpdatedAt.UTC().Format(time.RFC3339)
	}
	if img := stgypub.ShareableImage(p.Derived.FeaturedImage, s.base); img != "" {
		att := map[string]any{"type": "Image", "url": img}
		if p.Derived.FeaturedImageAlt != "" {
			att["name"] = p.Derived.FeaturedImageAlt
		}
		a["attachment"] = []any{att}
	}
	if len(p.Tags) > 0 {
		tags := make([]any, len(p.Tags))
		for i, t := range p.Tags {
			tags[i] = map[string]any{"type": "Hashtag", "name": "#" + t, "href": actor + "?tag=" + url.QueryEscape(t)}
		}
		a["tag"] = tags
	}
	return a
}

// Article returns a published post of a federated site as its Article
// document (with its @context); NOT_FOUND otherwise.
func (s *Service) Article(ctx context.Context, postID stgypub.ID) (map[string]any, error) {
	p, err := s.st.Posts.PublishedPost(ctx, postID)
	if err != nil {
		return nil, err
	}
	if _, err := s.site(ctx, p.OwnedBy); err != nil {
		return nil, err
	}
	a := s.article(p)
	a["@context"] = articleContext
	return a, nil
}

// postActivity builds the body of a queued activity d: Create or Update
// of the post as published now, Delete of its Tombstone, or Delete of the
// site's actor (federation turned off). skip is
// true when there is nothing to send: the post of a Create or Update is
// no longer published (the Delete queued with that write follows).
func (s *Service) postActivity(ctx context.Context, d *stgypub.FederationDelivery) (body []byte, skip bool, err error) {
	actor := s.ActorID(d.UserID)
	act := map[string]any{
		"@context": articleContext,
		"id":       s.PostURL(d.PostID) + "#" + d.Activity + "-" + strconv.FormatInt(d.CreatedAt.UnixMicro(), 10),
		"type":     d.Activity,
		"actor":    actor,
		"to":       []string{publicAudience},
		"cc":       []string{actor + "/followers"},
	}
	switch d.Activity {
	case stgypub.ActivityDeleteActor:
		act["id"] = actor + "#delete-" + strconv.FormatInt(d.CreatedAt.UnixMicro(), 10)
		act["type"] = stgypub.ActivityDelete
		act["object"] = actor
	case stgypub.ActivityDelete:
		act["object"] = map[string]any{"id": s.PostURL(d.PostID), "type": "Tombstone"}
	case stgypub.ActivityCreate, stgypub.ActivityUpdate:
		p, err := s.st.Posts.PublishedPost(ctx, d.PostID)
		if stgypub.IsNotFound(err) {
			return nil, true, nil
		}
		if err != nil {
			return nil, false, err
		}
		act["object"] = s.article(p)
	default:
		return nil, false, fmt.Errorf("federation: unknown activity %q", d.Activity)
	}
	b, err := json.Marshal(act)
	return b, false, err
}
