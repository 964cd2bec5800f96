package server

import (
	"context"
	"log/slog"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/templates"
	"github.com/stgy/stgypub/ui"
)

// commentsEntry is the readers' comment widget (ui/app/src/entries).
const commentsEntry = "comments"

// startComments starts reading the published-comment count of post when
// its comment section exists (stgypub.CommentSectionOpen) and returns a
// function giving the section, nil when there is none. A failed count
// keeps the section (the widget reads the comments itself) without a
// count.
func (s *pageHandlers) startComments(ctx context.Context, post *stgypub.Post, cfg *stgypub.PubConfig, vertical bool) func() *templates.CommentSection {
	mode := cfg.Extensions.CommentsMode()
	// The page exists only for a published post: its publication time
	// stands for "now" in the rule.
	if s.comments == nil || post.PublishedAt == nil || !stgypub.CommentSectionOpen(post, mode, *post.PublishedAt) {
		return func() *templates.CommentSection { return nil }
	}
	sec := &templates.CommentSection{PostID: post.ID.String(), FeedURL: s.commentsFeedURL(post.ID), Vertical: vertical, Zone: cfg.Location().String()}
	if e, ok := ui.LookupEntry(commentsEntry); ok {
		sec.Scripts, sec.Styles = e.Scripts, e.Styles
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		n, err := s.comments.PublishedCount(ctx, post, mode)
		if err != nil {
			s.log.LogAttrs(ctx, slog.LevelWarn, "comment count unavailable",
				slog.String("request_id", RequestID(ctx)), slog.String("post", post.ID.String()), slog.String("error", err.Error()))
			return
		}
		sec.Count, sec.CountKnown = n, true
	}()
	return func() *templates.CommentSection { <-done; return sec }
}

// setComments puts the comment section on the page: the container the
// readers' widget fills, the comments feed link and, in the JSON-LD,
// commentCount and interactionStatistic (comments, and views over the
// retention window when the page shows them).
func (s *pageHandlers) setComments(page *templates.PubPage, sec *templates.CommentSection) {
	page.Comments = sec
	ld, _ := page.Meta.JSONLD.(*blogPosting)
	if sec != nil {
		page.Meta.CommentsFeedURL = sec.FeedURL
		page.Meta.Styles = append(page.Meta.Styles, sec.Styles...)
		if ld != nil && sec.CountKnown {
			n := sec.Count
			ld.CommentCount = &n
			ld.InteractionStatistic = append(ld.InteractionStatistic, interactionCounter{
				Type: "InteractionCounter", InteractionType: "https://schema.org/CommentAction", UserInteractionCount: int64(n)})
		}
	}
	if ld != nil && page.ShowViews {
		ld.InteractionStatistic = append(ld.InteractionStatistic, interactionCounter{
			Type: "InteractionCounter", InteractionType: "https://schema.org/ViewAction", UserInteractionCount: page.ViewCount})
	}
}

// interactionCounter is schema.org's InteractionCounter.
type interactionCounter struct {
	Type                 string `json:"@type"`
	InteractionType      string `json:"interactionType"`
	UserInteractionCount int64  `json:"userInteractionCount"`
}
