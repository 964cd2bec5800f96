package api_test

import (
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestPermissionMatrix runs every owner-only operation as anonymous, as
// another user, as the owner and as an admin (docs/ARCHITECTURE.md "Security
// model"); each case targets a fresh post or the owner's settings.
func TestPermissionMatrix(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	const (
		ok     = ""
		unauth = stgypub.CodeUnauthenticated
		forbid = stgypub.CodeForbidden
	)
	ops := []struct {
		name  string
		query string
		// vars builds variables from a fresh post of the owner.
		vars  func(p *stgypub.Post) map[string]any
		codes map[string]string // actor -> expected code
	}{
		{"createPost", `mutation { createPost(input: {content: "# Hi"}) { id title } }`, nil,
			map[string]string{"": unauth, "other": ok, "owner": ok, "admin": ok}},
		{"updatePost", `mutation($id: ID!) { updatePost(id: $id, input: {content: "# New"}) { id title } }`, postVar,
			map[string]string{"": unauth, "other": forbid, "owner": ok, "admin": ok}},
		{"deletePost", `mutation($id: ID!) { deletePost(id: $id) }`, postVar,
			map[string]string{"": unauth, "other": forbid, "owner": ok, "admin": ok}},
		{"setPostPublication", `mutation($id: ID!) { setPostPublication(id: $id, publishedAt: "2026-01-01T00:00:00Z") { publicationState } }`, postVar,
			map[string]string{"": unauth, "other": forbid, "owner": ok, "admin": ok}},
		{"updatePubConfig", `mutation($u: ID!) { updatePubConfig(userId: $u, input: {siteName: "S"}) { siteName } }`, ownerVar(e),
			map[string]string{"": unauth, "other": forbid, "owner": ok, "admin": ok}},
		{"updateProfile", `mutation($u: ID!) { updateProfile(userId: $u, nickname: " New  name ", introduction: "Hi") { nickname } }`, ownerVar(e),
			map[string]string{"": unauth, "other": forbid, "owner": ok, "admin": ok}},
		{"exportPubConfig", `query($u: ID!) { exportPubConfig(userId: $u) { siteName extensions } }`, ownerVar(e),
			map[string]string{"": unauth, "other": forbid, "owner": ok, "admin": ok}},
		{"pubStats", `query($u: ID!) { pubStats(userId: $u) { totalPv days } }`, ownerVar(e),
			map[string]string{"": unauth, "other": forbid, "owner": ok, "admin": ok}},
		{"myPost", `query($id: ID!) { myPost(id: $id) { id content publicationState } }`, postVar,
			map[string]string{"": unauth, "other": forbid, "owner": ok, "admin": ok}},
		{"previewMarkdown", `{ previewMarkdown(content: "# Hi") { title } }`, nil,
			map[string]string{"": unauth, "other": ok, "owner": ok, "admin": ok}},
		{"myPosts", `{ myPosts { id publicationState } }`, nil,
			map[string]string{"": unauth, "other": ok, "owner": ok, "admin": ok}},
		{"createApiToken", `mutation { createApiToken(name: "ci") { id token } }`, nil,
			map[string]string{"": unauth, "other": ok, "owner": ok, "admin": ok}},
		{"deleteApiToken of unknown token", `mutation { deleteApiToken(id: "00000000000000FF") }`, nil,
			map[string]string{"": unauth, "other": stgypub.CodeNotFound, "owner": stgypub.CodeNotFound, "admin": stgypub.CodeNotFound}},
	}
	for _, op := range ops {
		for _, actor := range []string{"", "other", "owner", "admin"} {
			name := actor
			if name == "" {
				name = "anonymous"
			}
			t.Run(op.name+"/"+name, func(t *testing.T) {
				var vars map[string]any
				if op.vars != nil {
					vars = op.vars(e.post(t, e.owner, "# Post\n\nbody", ago(time.Hour)))
				}
				r := e.do(t, req{as: actor, query: op.query, variables: vars})
				if got, want := r.code(), op.codes[actor]; got != want {
					t.Fatalf("code = %q, want %q: %s", got, want, r.raw)
				}
				if want := op.codes[actor]; want != ok && len(r.Data) > 0 {
					for k, v := range r.Data {
						if string(v) != "null" {
							t.Errorf("data.%s = %s on refusal", k, v)
						}
					}
				}
			})
		}
	}
}

func postVar(p *stgypub.Post) map[string]any { return map[string]any{"id": p.ID.String()} }

func ownerVar(e *env) func(*stgypub.Post) map[string]any {
	return func(*stgypub.Post) map[string]any { return map[string]any{"u": e.owner.ID.String()} }
}

// TestRefusedWritesChangeNothing checks a forbidden update and delete
// leave the post as it was.
func TestRefusedWritesChangeNothing(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	p := e.post(t, e.owner, "# Original\n\nbody", ago(time.Hour))
	vars := map[string]any{"id": p.ID.String()}
	for _, q := range []string{
		`mutation($id: ID!) { updatePost(id: $id, input: {content: "# Hacked"}) { id } }`,
		`mutation($id: ID!) { deletePost(id: $id) }`,
		`mutation($id: ID!) { setPostPublication(id: $id, publishedAt: null) { id } }`,
	} {
		if r := e.do(t, req{as: "other", query: q, variables: vars}); r.code() != stgypub.CodeForbidden {
			t.Fatalf("%s: %s", q, r.raw)
		}
	}
	got, err := e.st.Posts.Post(t.Context(), p.ID)
	if err != nil || got.Content != "# Original\n\nbody" || got.PublishedAt == nil {
		t.Fatalf("post after refused writes = %+v, %v", got, err)
	}
}
