package server

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/gorilla/feeds"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/pagecache"
)

// commentsFeedSize is the number of entries in a comments feed (the
// default per-post cap).
const commentsFeedSize = 100

// commentsFeed serves GET /pub/{postId}/comments.atom: the article's
// published comments, newest first, as Atom (gorilla/feeds). It exists
// while the article's comment section does (published, allow_replies,
// mode not none): 404 otherwise, like an unknown post. Nicknames and
// bodies are text: the entry content is the body HTML-escaped with line
// breaks, so no reader's markup reaches a feed reader as markup.
// Last-Modified is the article data's LastChange, which every published
// comment write moves (touchSite). From the page cache: every comment
// write that changes the feed invalidates it (touchSite).
func (s *feedHandlers) commentsFeed(w http.ResponseWriter, r *http.Request) error {
	id, err := stgypub.ParseID(chi.URLParam(r, "postId"))
	if err != nil || s.comments == nil {
		return errNotFound
	}
	key := pagecache.Key{Kind: pagecache.KindCommentsFeed, ID: id}
	return s.serve(w, r, key, func(ctx context.Context) (pagecache.Page, error) { return s.buildCommentsFeed(ctx, id) })
}

func (s *feedHandlers) buildCommentsFeed(ctx context.Context, id stgypub.ID) (pagecache.Page, error) {
	a, err := s.pageData.PubArticle(ctx, id)
	if err != nil {
		if stgypub.IsNotFound(err) {
			return pagecache.Page{}, errNotFound
		}
		return pagecache.Page{}, fmt.Errorf("server: comments feed of %s: %w", id, err)
	}
	post := a.Post
	site := newSiteIdentity(a.Owner, a.Config).in(s.langTag(post.Locale))
	mode := site.config.Extensions.CommentsMode()
	if !stgypub.CommentSectionOpen(post, mode, *post.PublishedAt) {
		return pagecache.Page{}, errNotFound
	}
	comments, err := s.comments.Feed(ctx, post, mode, commentsFeedSize)
	if err != nil {
		return pagecache.Page{}, fmt.Errorf("server: comments feed of %s: %w", id, err)
	}
	title := stgypub.TitleOrDate(s.snippetParts(post, false, false).title, post, site.loc)
	page := s.pubURL(id)
	f := &feeds.Feed{
		Title:  site.text.T("CommentsFeedTitle", "Title", title),
		Link:   &feeds.Link{Href: page + "#stgy-comments"},
		Id:     s.commentsFeedURL(id),
		Author: &feeds.Author{Name: site.author},
	}
	modified := latest(&a.LastChange, post.PublishedAt)
	updated := *post.PublishedAt // the newest comment's time, else the post's
	for _, c := range comments {
		created := c.CreatedAt().In(site.loc)
		if created.After(updated) {
			updated = created
		}
		f.Items = append(f.Items, &feeds.Item{
			Title:   c.Nickname,
			Link:    &feeds.Link{Href: page + "#stgy-comment-" + c.ID.String()},
			Id:      page + "#stgy-comment-" + c.ID.String(),
			Author:  &feeds.Author{Name: c.Nickname},
			Content: commentHTML(c.Body),
			Created: created,
			Updated: created,
		})
	}
	f.Updated = updated.In(site.loc)
	atom, err := atomXML(f, s.commentsFeedURL(id), nil)
	if err != nil {
		return pagecache.Page{}, fmt.Errorf("server: encode comments feed of %s: %w", id, err)
	}
	if updated.After(modified) {
		modified = updated
	}
	return pagecache.Page{
		Body: atom, ContentType: "application/atom+xml; charset=utf-8", CacheControl: "public, max-age=300",
		Modified: modified, Owner: post.OwnedBy, Version: pagecache.Micros(a.SiteChanged), Expires: a.NextPublication,
	}, nil
}

// commentHTML is a comment body as HTML: escaped text, one <br> per line
// break.
func commentHTML(body string) string {
	return strings.ReplaceAll(html.EscapeString(strings.TrimSuffix(body, "\n")), "\n", "<br>\n")
}
