package api_test

import (
	"reflect"
	"testing"
	"time"
)

// TestPostTags (issue 21 #5): createPost and updatePost take tags
// (normalized, case-insensitive duplicates dropped, Japanese and spaces
// kept), an omitted list keeps them and [] clears them, a bad tag is
// BAD_USER_INPUT and changes nothing; site.posts(tag:) lists and counts
// the tagged posts.
func TestPostTags(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	type post struct {
		ID   string   `json:"id"`
		Tags []string `json:"tags"`
	}
	var p post
	e.do(t, req{as: "owner", query: `mutation { createPost(input: {content: "# Tagged", tags: ["  Go  Modules ", "go modules", "日本語", "Release Notes"]}) { id tags } }`}).data(t, "createPost", &p)
	if want := []string{"Go Modules", "日本語", "Release Notes"}; !reflect.DeepEqual(p.Tags, want) {
		t.Fatalf("created tags %q, want %q", p.Tags, want)
	}
	vars := map[string]any{"id": p.ID}
	var q post
	e.do(t, req{as: "owner", query: `mutation($id: ID!) { updatePost(id: $id, input: {content: "# Edited"}) { id tags } }`, variables: vars}).data(t, "updatePost", &q)
	if !reflect.DeepEqual(q.Tags, p.Tags) {
		t.Errorf("an omitted list changed the tags: %q", q.Tags)
	}
	for _, bad := range []string{`[""]`, `["a\u0007b"]`, `["1","2","3","4","5","6","7","8","9","10","11"]`, `["12345678901234567890123456789012345678901"]`} {
		r := e.do(t, req{as: "owner", query: `mutation($id: ID!) { updatePost(id: $id, input: {content: "# X", tags: ` + bad + `}) { id } }`, variables: vars})
		if r.code() != "BAD_USER_INPUT" {
			t.Errorf("tags %s: code %q (%s)", bad, r.code(), r.raw)
		}
	}
	var kept post
	e.do(t, req{as: "owner", query: `query($id: ID!) { myPost(id: $id) { id tags } }`, variables: vars}).data(t, "myPost", &kept)
	if !reflect.DeepEqual(kept.Tags, p.Tags) {
		t.Errorf("a refused update changed the tags: %q", kept.Tags)
	}
	now := time.Now().UTC().Add(-time.Second).Format(time.RFC3339)
	e.do(t, req{as: "owner", query: `mutation($id: ID!, $t: Time) { setPostPublication(id: $id, publishedAt: $t) { id } }`, variables: map[string]any{"id": p.ID, "t": now}})
	var other post
	e.do(t, req{as: "owner", query: `mutation { createPost(input: {content: "# Other", tags: ["Rust"]}) { id tags } }`}).data(t, "createPost", &other)
	e.do(t, req{as: "owner", query: `mutation($id: ID!, $t: Time) { setPostPublication(id: $id, publishedAt: $t) { id } }`, variables: map[string]any{"id": other.ID, "t": now}})

	var site struct {
		Posts struct {
			TotalCount int
			Nodes      []post
		}
	}
	for _, tag := range []string{"日本語", "RELEASE  notes", "go modules"} {
		e.do(t, req{query: `query($u: ID!, $tag: String) { site(userId: $u) { posts(tag: $tag) { totalCount nodes { id tags } } } }`,
			variables: map[string]any{"u": e.owner.ID.String(), "tag": tag}}).data(t, "site", &site)
		if site.Posts.TotalCount != 1 || len(site.Posts.Nodes) != 1 || site.Posts.Nodes[0].ID != p.ID {
			t.Errorf("posts(tag: %q) = %+v", tag, site.Posts)
		}
	}
	r := e.do(t, req{query: `query($u: ID!) { site(userId: $u) { posts(tag: "") { totalCount } } }`, variables: map[string]any{"u": e.owner.ID.String()}})
	if r.code() != "BAD_USER_INPUT" {
		t.Errorf("empty tag: %q", r.code())
	}
	var cleared post
	e.do(t, req{as: "owner", query: `mutation($id: ID!) { updatePost(id: $id, input: {content: "# Edited", tags: []}) { id tags } }`, variables: vars}).data(t, "updatePost", &cleared)
	if cleared.Tags == nil || len(cleared.Tags) != 0 {
		t.Errorf("[] did not clear: %q", cleared.Tags)
	}
}
