package federation

import (
	"context"
	"strconv"
	"time"

	"github.com/stgy/stgypub"
)

// OutboxPageSize is how many activities one outbox page holds.
const OutboxPageSize = 20

// outboxMaxPage bounds ?page=, so no request asks PostgreSQL to skip
// an unbounded number of rows.
const outboxMaxPage = 10000

// OutboxPage is one page of the outbox, newest first: a Create of each
// published post's Article (never an unpublished or scheduled one).
type OutboxPage struct {
	Context      []any            `json:"@context"` // articleContext
	ID           string           `json:"id"`
	Type         string           `json:"type"`
	PartOf       string           `json:"partOf"`
	Next         string           `json:"next,omitempty"`
	Prev         string           `json:"prev,omitempty"`
	OrderedItems []map[string]any `json:"orderedItems"`
}

// ParseOutboxPage reads ?page=: "" is 0 (the collection itself), else
// 1 to 10000; BAD_USER_INPUT otherwise.
func ParseOutboxPage(s string) (int, error) {
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > outboxMaxPage || strconv.Itoa(n) != s {
		return 0, stgypub.FieldErrorf("page", "page must be a whole number from 1 to %d", outboxMaxPage)
	}
	return n, nil
}

// outboxCollection is the outbox itself: its size and first page.
type outboxCollection struct {
	Collection
	First string `json:"first,omitempty"`
}

// OutboxDocument returns the outbox (page 0: the OrderedCollection with
// totalItems and first) or one of its pages; NOT_FOUND when the site is
// not federated. Each item's Article is built from the post as published
// now (one read per post, at most OutboxPageSize).
func (s *Service) OutboxDocument(ctx context.Context, userID stgypub.ID, page int) (any, error) {
	c, err := s.Outbox(ctx, userID)
	if err != nil {
		return nil, err
	}
	if page == 0 {
		oc := outboxCollection{Collection: *c}
		if c.TotalItems > 0 {
			oc.First = c.ID + "?page=1"
		}
		return oc, nil
	}
	posts, err := s.st.Posts.PublishedByUser(ctx, userID, stgypub.PostQuery{Order: stgypub.OrderNewest, Offset: (page - 1) * OutboxPageSize, Limit: OutboxPageSize + 1})
	if err != nil {
		return nil, err
	}
	p := &OutboxPage{Context: articleContext, ID: c.ID + "?page=" + strconv.Itoa(page), Type: "OrderedCollectionPage", PartOf: c.ID,
		OrderedItems: []map[string]any{}}
	if len(posts) > OutboxPageSize {
		posts = posts[:OutboxPageSize]
		p.Next = c.ID + "?page=" + strconv.Itoa(page+1)
	}
	if page > 1 {
		p.Prev = c.ID + "?page=" + strconv.Itoa(page-1)
	}
	actor := s.ActorID(userID)
	for _, listed := range posts {
		post, err := s.st.Posts.PublishedPost(ctx, listed.ID)
		if stgypub.IsNotFound(err) {
			continue // unpublished since the list was read
		}
		if err != nil {
			return nil, err
		}
		item := map[string]any{
			"id":     s.PostURL(post.ID) + "#Create",
			"type":   "Create",
			"actor":  actor,
			"to":     []string{publicAudience},
			"cc":     []string{actor + "/followers"},
			"object": s.article(post),
		}
		if post.PublishedAt != nil {
			item["published"] = post.PublishedAt.UTC().Format(time.RFC3339)
		}
		p.OrderedItems = append(p.OrderedItems, item)
	}
	return p, nil
}
