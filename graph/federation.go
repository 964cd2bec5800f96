package graph

import (
	"context"
	"encoding/base64"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/graph/model"
)

// pubFederation is Query.pubFederation: without a federation service (the
// server does not federate) the owner gets available false and nothing
// else.
func (r *Resolver) pubFederation(ctx context.Context, userID stgypub.ID) (*stgypub.FederationOverview, error) {
	if r.Federation == nil {
		if err := stgypub.RequireSelfOrAdmin(r.viewer(ctx), userID); err != nil {
			return nil, err
		}
		return &stgypub.FederationOverview{UserID: userID}, nil
	}
	return r.Federation.Overview(ctx, r.viewer(ctx), userID)
}

// followers is PubFederation.followers: one page of the owner's list.
func (r *Resolver) followers(ctx context.Context, o *stgypub.FederationOverview, first *int, after *string) (*model.PubFollowerConnection, error) {
	out := &model.PubFollowerConnection{Edges: []*model.PubFollowerEdge{}, PageInfo: &model.PageInfo{}, TotalCount: o.FollowerCount}
	n := 20
	if first != nil {
		n = *first
	}
	var cur *stgypub.FollowerCursor
	if after != nil {
		var err error
		if cur, err = decodeFollowerCursor(*after); err != nil {
			return nil, err
		}
		out.PageInfo.HasPreviousPage = true
	}
	if r.Federation == nil {
		return out, nil
	}
	list, more, err := r.Federation.FollowerList(ctx, r.viewer(ctx), o.UserID, n, cur)
	if err != nil {
		return nil, err
	}
	out.PageInfo.HasNextPage = more
	for _, f := range list {
		out.Edges = append(out.Edges, &model.PubFollowerEdge{Cursor: encodeFollowerCursor(f), Node: f})
	}
	if len(out.Edges) > 0 {
		out.PageInfo.StartCursor, out.PageInfo.EndCursor = &out.Edges[0].Cursor, &out.Edges[len(out.Edges)-1].Cursor
	}
	return out, nil
}

// removePubFollower is Mutation.removePubFollower.
func (r *Resolver) removePubFollower(ctx context.Context, userID stgypub.ID, actor string) (bool, error) {
	if r.Federation == nil {
		if err := stgypub.RequireSelfOrAdmin(r.viewer(ctx), userID); err != nil {
			return false, err
		}
		return false, stgypub.Errorf(stgypub.CodeUnavailable, "this server does not federate")
	}
	return true, r.Federation.RemoveFollower(ctx, r.viewer(ctx), userID, actor)
}

// fediverseCounts is Post.fediverseCounts.
func (r *Resolver) fediverseCounts(ctx context.Context, p *stgypub.Post) (*stgypub.ReactionCounts, error) {
	if r.Federation == nil {
		return nil, nil
	}
	return r.Federation.PostReactions(ctx, r.viewer(ctx), p)
}

// inboxHost is PubFollower.inboxHost: the inbox URL's host ("" if it
// does not parse).
func inboxHost(f *stgypub.Follower) string {
	u, err := url.Parse(f.Inbox)
	if err != nil {
		return ""
	}
	return u.Host
}

// Follower cursors are base64url (no padding) of "f1:" + the followed
// time in microseconds since the Unix epoch + ":" + the actor ID.
const followerCursorPrefix = "f1:"

func encodeFollowerCursor(f *stgypub.Follower) string {
	return base64.RawURLEncoding.EncodeToString([]byte(followerCursorPrefix + strconv.FormatInt(f.CreatedAt.UnixMicro(), 10) + ":" + f.Actor))
}

// decodeFollowerCursor reads a cursor of encodeFollowerCursor; anything
// else is BAD_USER_INPUT naming after.
func decodeFollowerCursor(s string) (*stgypub.FollowerCursor, error) {
	bad := stgypub.FieldErrorf("after", "after is not a cursor of this list (use a cursor or endCursor this API returned)")
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || !strings.HasPrefix(string(b), followerCursorPrefix) {
		return nil, bad
	}
	at, actor, ok := strings.Cut(strings.TrimPrefix(string(b), followerCursorPrefix), ":")
	us, err := strconv.ParseInt(at, 10, 64)
	if !ok || err != nil || us < 0 || actor == "" {
		return nil, bad
	}
	return &stgypub.FollowerCursor{CreatedAt: time.UnixMicro(us).UTC(), Actor: actor}, nil
}
