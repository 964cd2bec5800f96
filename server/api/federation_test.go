package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/federation"
	"github.com/stgy/stgypub/server/api"
	"github.com/stgy/stgypub/webhook"
)

type pubFederation struct {
	Available     bool
	Enabled       bool
	Handle        string
	ActorID       string
	FollowerCount int
	Reactions     struct{ Likes, Announces int }
	Followers     struct {
		TotalCount int
		PageInfo   struct {
			HasNextPage, HasPreviousPage bool
			EndCursor                    *string
		}
		Edges []struct {
			Cursor string
			Node   struct {
				Actor, InboxHost string
				FollowedAt       time.Time
			}
		}
	}
}

const fedQuery = `query($u: ID!, $first: Int, $after: String) { pubFederation(userId: $u) { available enabled handle actorId followerCount
  reactions { likes announces }
  followers(first: $first, after: $after) { totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { actor inboxHost followedAt } } } } }`

// TestPubFederationOwnerOnly: pubFederation (handle, follower count and
// list paged with first/after, site reaction totals), removePubFollower
// and Post.fediverseCounts are the owner's and admins'; others get
// UNAUTHENTICATED or FORBIDDEN (null for fediverseCounts); bad paging is
// BAD_USER_INPUT.
func TestPubFederationOwnerOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	base, _ := url.Parse(baseURL)
	svc, err := federation.New(federation.Config{BaseURL: base, Key: bytes.Repeat([]byte{3}, federation.KeySize)}, federation.Stores{Users: e.st.Users, Posts: e.st.Posts, Federation: e.st.Federation}, webhook.NewClient(webhook.ClientConfig{}))
	if err != nil {
		t.Fatal(err)
	}
	e.deps.Resolver.Federation = svc
	ctx := context.Background()
	p := e.post(t, e.owner, "# Liked\n\nbody", ago(time.Hour))
	for i, actor := range []string{"https://a.example/users/1", "https://b.example/users/2", "https://c.example:8443/users/3"} {
		u, _ := url.Parse(actor)
		if err := e.st.Federation.PutFollower(ctx, &stgypub.Follower{UserID: e.owner.ID, Actor: actor, Inbox: actor + "/inbox", SharedInbox: "https://" + u.Host + "/inbox", FollowID: actor + "/follows/1"}); err != nil {
			t.Fatal(err)
		}
		for _, kind := range []string{stgypub.ReactionLike, stgypub.ReactionAnnounce}[:1+i%2] {
			if _, err := e.st.Federation.PutReaction(ctx, &stgypub.Reaction{UserID: e.owner.ID, PostID: p.ID, Actor: actor, Kind: kind, ActivityID: actor + "#" + kind}); err != nil {
				t.Fatal(err)
			}
		}
	}

	vars := map[string]any{"u": e.owner.ID.String(), "first": 2}
	var f pubFederation
	e.do(t, req{as: "owner", query: fedQuery, variables: vars}).data(t, "pubFederation", &f)
	if !f.Available || f.Handle != "@owner@"+base.Host || f.ActorID != baseURL+"/sites/"+e.owner.ID.String() || f.FollowerCount != 3 ||
		f.Reactions.Likes != 3 || f.Reactions.Announces != 1 || f.Enabled {
		t.Fatalf("pubFederation = %+v", f)
	}
	if fl := f.Followers; fl.TotalCount != 3 || len(fl.Edges) != 2 || !fl.PageInfo.HasNextPage || fl.PageInfo.HasPreviousPage ||
		fl.Edges[0].Node.Actor != "https://a.example/users/1" || fl.Edges[0].Node.InboxHost != "a.example" || fl.Edges[0].Node.FollowedAt.IsZero() {
		t.Fatalf("first page = %+v", fl)
	}
	vars["after"] = *f.Followers.PageInfo.EndCursor
	var f2 pubFederation
	e.do(t, req{as: "admin", query: fedQuery, variables: vars}).data(t, "pubFederation", &f2)
	if fl := f2.Followers; len(fl.Edges) != 1 || fl.PageInfo.HasNextPage || !fl.PageInfo.HasPreviousPage ||
		fl.Edges[0].Node.Actor != "https://c.example:8443/users/3" || fl.Edges[0].Node.InboxHost != "c.example:8443" {
		t.Fatalf("second page = %+v", fl)
	}
	for _, bad := range []map[string]any{{"first": 0}, {"first": 101}, {"after": "bm90IGEgY3Vyc29y"}, {"after": "!"}} {
		bad["u"] = e.owner.ID.String()
		if r := e.do(t, req{as: "owner", query: fedQuery, variables: bad}); r.code() != "BAD_USER_INPUT" {
			t.Errorf("%v: %s", bad, r.raw)
		}
	}
	for who, code := range map[string]string{"": "UNAUTHENTICATED", "other": "FORBIDDEN"} {
		if r := e.do(t, req{as: who, query: fedQuery, variables: vars}); r.code() != code {
			t.Errorf("%q: %s", who, r.raw)
		}
	}

	const fq = `query($id: ID!) { publishedPost(id: $id) { fediverseCounts { likes announces } } }`
	for who, wantNull := range map[string]bool{"owner": false, "admin": false, "other": true, "": true} {
		var post struct{ FediverseCounts json.RawMessage }
		e.do(t, req{as: who, query: fq, variables: map[string]any{"id": p.ID.String()}}).data(t, "publishedPost", &post)
		want := `{"likes":3,"announces":1}`
		if wantNull {
			want = "null"
		}
		if string(post.FediverseCounts) != want {
			t.Errorf("%q: fediverseCounts %s, want %s", who, post.FediverseCounts, want)
		}
	}

	const rm = `mutation($u: ID!, $a: String!) { removePubFollower(userId: $u, actor: $a) }`
	rv := map[string]any{"u": e.owner.ID.String(), "a": "https://b.example/users/2"}
	for who, code := range map[string]string{"": "UNAUTHENTICATED", "other": "FORBIDDEN"} {
		if r := e.do(t, req{as: who, query: rm, variables: rv}); r.code() != code {
			t.Errorf("remove as %q: %s", who, r.raw)
		}
	}
	var ok bool
	e.do(t, req{as: "owner", query: rm, variables: rv}).data(t, "removePubFollower", &ok)
	if n, _ := e.st.Federation.CountFollowers(ctx, e.owner.ID); !ok || n != 2 {
		t.Fatalf("removed %v, %d followers left", ok, n)
	}
	if r := e.do(t, req{as: "owner", query: rm, variables: rv}); r.code() != "NOT_FOUND" {
		t.Errorf("removing again: %s", r.raw)
	}
}

// TestPubFederationUnavailable: on a server that does not federate the
// owner learns it (available false), counts are null, removal is
// UNAVAILABLE, and others are still refused.
func TestPubFederationUnavailable(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(_ *api.Config, d *api.Deps) { d.Resolver.Federation = nil })
	vars := map[string]any{"u": e.owner.ID.String()}
	var f pubFederation
	e.do(t, req{as: "owner", query: fedQuery, variables: vars}).data(t, "pubFederation", &f)
	if f.Available || f.Handle != "" || f.Followers.TotalCount != 0 || len(f.Followers.Edges) != 0 {
		t.Fatalf("pubFederation = %+v", f)
	}
	if r := e.do(t, req{as: "other", query: fedQuery, variables: vars}); r.code() != "FORBIDDEN" {
		t.Errorf("other: %s", r.raw)
	}
	if r := e.do(t, req{as: "owner", query: `mutation($u: ID!) { removePubFollower(userId: $u, actor: "https://a.example/u") }`, variables: vars}); r.code() != "UNAVAILABLE" {
		t.Errorf("remove: %s", r.raw)
	}
}
