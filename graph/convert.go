package graph

import (
	"context"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/article"
	"github.com/stgy/stgypub/graph/model"
	"github.com/stgy/stgypub/markdown"
	"github.com/stgy/stgypub/owner"
)

// maxByIDs is publishedPostsByIds' input limit
// (docs/SPEC.md#published-posts).
const maxByIDs = 20

func intOr(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}

// sideLimit validates a Recent/Popular/ranking limit: default 5, negative
// is BAD_USER_INPUT, larger than stgypub.SidePostsMax is clamped.
func sideLimit(limit *int) (int, error) {
	n := intOr(limit, 5)
	if n < 0 {
		return 0, stgypub.Errorf(stgypub.CodeBadUserInput, "limit must not be negative")
	}
	return min(n, stgypub.SidePostsMax), nil
}

// pageQuery validates a page of a publication-ordered list: offset >= 0,
// limit 1-maxLimit (0 or negative is BAD_USER_INPUT, larger is clamped).
func pageQuery(order *model.PostOrder, offset, limit *int, maxLimit int) (stgypub.PostQuery, error) {
	q := stgypub.PostQuery{Order: stgypub.OrderNewest, Offset: intOr(offset, 0), Limit: intOr(limit, 20)}
	if order != nil && *order == model.PostOrderOldest {
		q.Order = stgypub.OrderOldest
	}
	if q.Offset < 0 {
		return q, stgypub.Errorf(stgypub.CodeBadUserInput, "offset must not be negative")
	}
	if q.Limit < 1 {
		return q, stgypub.Errorf(stgypub.CodeBadUserInput, "limit must be at least 1")
	}
	q.Limit = min(q.Limit, maxLimit)
	return q, nil
}

func postInput(in model.PostInput) owner.PostInput {
	return owner.PostInput{
		Content:      in.Content,
		Locale:       in.Locale,
		AllowLikes:   in.AllowLikes,
		AllowReplies: in.AllowReplies,
		Tags:         in.Tags,
	}
}

// pubConfigPatch converts the settings input. showPagenation is the
// deprecated spelling of showPagination: either sets it; both must agree
// (BAD_USER_INPUT naming showPagination otherwise).
func pubConfigPatch(in model.PubConfigInput) (owner.PubConfigPatch, error) {
	pagination := in.ShowPagination
	if in.ShowPagenation != nil {
		if pagination != nil && *pagination != *in.ShowPagenation {
			return owner.PubConfigPatch{}, stgypub.FieldErrorf("showPagination", "showPagination and its deprecated spelling showPagenation differ")
		}
		pagination = in.ShowPagenation
	}
	return owner.PubConfigPatch{
		SiteName: in.SiteName, Subtitle: in.Subtitle, Author: in.Author,
		Introduction: in.Introduction, DesignTheme: in.DesignTheme,
		ShowServiceHeader: in.ShowServiceHeader, ShowSiteName: in.ShowSiteName,
		ShowPagination: pagination, ShowSideProfile: in.ShowSideProfile,
		ShowSideRecent: in.ShowSideRecent, ShowSidePopular: in.ShowSidePopular,
		Extensions: in.Extensions, ReplaceExtensions: in.ReplaceExtensions != nil && *in.ReplaceExtensions,
	}, nil
}

// postHTML is the sanitized article HTML when the body is loaded: a
// published or scheduled post's through the Articles renderer (the page
// and the API share one stored rendering), an unpublished one's with
// article.HTML (not stored); else the rendered JSON snippet (lists load no
// body).
func (r *Resolver) postHTML(ctx context.Context, p *stgypub.Post) (string, error) {
	if p.Content == "" {
		return markdown.RenderSnippet(p.Snippet, markdown.Options{}), nil
	}
	if r.Articles == nil || p.PublishedAt == nil {
		return article.HTML(p.Content, false), nil
	}
	return r.Articles.ArticleHTML(ctx, p, false)
}

// publishedByIDs is publishedPostsByIds (docs/SPEC.md#published-posts):
// at most maxByIDs IDs (BAD_USER_INPUT beyond), one result per input
// position, nil where the post is not published; the store is asked once
// for the distinct IDs.
func (r *Resolver) publishedByIDs(ctx context.Context, ids []stgypub.ID) ([]*stgypub.Post, error) {
	if len(ids) > maxByIDs {
		return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "ids: at most %d IDs", maxByIDs)
	}
	found, err := r.Posts.PublishedByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[stgypub.ID]*stgypub.Post, len(found))
	for _, p := range found {
		byID[p.ID] = p
	}
	out := make([]*stgypub.Post, len(ids))
	for i, id := range ids {
		out[i] = byID[id]
	}
	r.prefetchPosts(ctx, out...)
	return out, nil
}
