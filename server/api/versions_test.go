package api_test

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/stgy/stgypub"
)

// conflict checks r is one CONFLICT carrying currentVersion and returns it.
func (r *resp) conflict(t *testing.T) string {
	t.Helper()
	if r.code() != stgypub.CodeConflict {
		t.Fatalf("want CONFLICT, got %s", r.raw)
	}
	v, _ := r.Errors[0].Extensions["currentVersion"].(string)
	if v == "" {
		t.Fatalf("CONFLICT without currentVersion: %s", r.raw)
	}
	return v
}

type versioned struct {
	ID        string  `json:"id"`
	Version   string  `json:"version"`
	Content   string  `json:"content"`
	UpdatedAt *string `json:"updatedAt"`
	State     string  `json:"publicationState"`
}

// TestStaleIfVersionChangesNothing: each conditional mutation given a
// version older than the stored one is CONFLICT with the current version
// (and updatedAt where the object has one), and the object is as it was;
// the current version writes; no ifVersion writes as before.
func TestStaleIfVersionChangesNothing(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	const myPostQ = `query($id: ID!) { myPost(id: $id) { id version content updatedAt publicationState } }`
	var p versioned
	e.do(t, req{as: "owner", query: `mutation { createPost(input: {content: "# One"}) { id version content } }`}).data(t, "createPost", &p)
	v1 := p.Version
	var p2 versioned
	e.do(t, req{as: "owner", query: `mutation($id: ID!, $v: String) { updatePost(id: $id, input: {content: "# Two"}, ifVersion: $v) { id version content updatedAt } }`,
		variables: map[string]any{"id": p.ID, "v": v1}}).data(t, "updatePost", &p2)
	if p2.Content != "# Two" || p2.Version == v1 || p2.UpdatedAt == nil {
		t.Fatalf("write at the current version: %+v (was %s)", p2, v1)
	}
	read := func() versioned {
		var got versioned
		e.do(t, req{as: "owner", query: myPostQ, variables: map[string]any{"id": p.ID}}).data(t, "myPost", &got)
		return got
	}
	posts := []struct{ name, query string }{
		{"updatePost", `mutation($id: ID!, $v: String) { updatePost(id: $id, input: {content: "# Lost"}, ifVersion: $v) { id } }`},
		{"setPostPublication", `mutation($id: ID!, $v: String) { setPostPublication(id: $id, publishedAt: "2026-01-01T00:00:00Z", ifVersion: $v) { id } }`},
		{"deletePost", `mutation($id: ID!, $v: String) { deletePost(id: $id, ifVersion: $v) }`},
	}
	for _, m := range posts {
		t.Run(m.name, func(t *testing.T) {
			r := e.do(t, req{as: "owner", query: m.query, variables: map[string]any{"id": p.ID, "v": v1}})
			if got := r.conflict(t); got != p2.Version {
				t.Errorf("currentVersion %s, want %s", got, p2.Version)
			}
			if at, _ := r.Errors[0].Extensions["updatedAt"].(string); at == "" {
				t.Errorf("no updatedAt: %s", r.raw)
			}
			if got := read(); got.Content != "# Two" || got.Version != p2.Version || got.State != "UNPUBLISHED" {
				t.Errorf("after a stale %s: %+v", m.name, got)
			}
		})
	}
	t.Run("malformed ifVersion is BAD_USER_INPUT", func(t *testing.T) {
		for _, v := range []string{"", "abc", "-1", "01", "1e3"} {
			r := e.do(t, req{as: "owner", query: posts[0].query, variables: map[string]any{"id": p.ID, "v": v}})
			if r.code() != stgypub.CodeBadUserInput || r.Errors[0].Extensions["field"] != "ifVersion" {
				t.Errorf("ifVersion %q: %s", v, r.raw)
			}
		}
	})
	t.Run("no ifVersion: last write wins", func(t *testing.T) {
		e.do(t, req{as: "owner", query: `mutation($id: ID!) { updatePost(id: $id, input: {content: "# Three"}) { id } }`, variables: map[string]any{"id": p.ID}})
		if got := read(); got.Content != "# Three" || got.Version == p2.Version {
			t.Errorf("unconditional write: %+v", got)
		}
	})
	t.Run("publication and delete at the current version", func(t *testing.T) {
		cur := read()
		var pub versioned
		e.do(t, req{as: "owner", query: posts[1].query, variables: map[string]any{"id": p.ID, "v": cur.Version}}).data(t, "setPostPublication", &pub)
		after := read()
		if after.State != "PUBLISHED" || after.Version == cur.Version {
			t.Fatalf("publish: %+v", after)
		}
		r := e.do(t, req{as: "owner", query: posts[2].query, variables: map[string]any{"id": p.ID, "v": after.Version}})
		if string(r.Data["deletePost"]) != "true" {
			t.Errorf("delete: %s", r.raw)
		}
	})

	t.Run("updatePubConfig", func(t *testing.T) {
		const cfgQ = `query($u: ID!) { exportPubConfig(userId: $u) { siteName version updatedAt } }`
		const setQ = `mutation($u: ID!, $n: String, $v: String) { updatePubConfig(userId: $u, input: {siteName: $n}, ifVersion: $v) { siteName version updatedAt } }`
		u := e.owner.ID.String()
		var c0, c1 struct {
			SiteName  string  `json:"siteName"`
			Version   string  `json:"version"`
			UpdatedAt *string `json:"updatedAt"`
		}
		e.do(t, req{as: "owner", query: cfgQ, variables: map[string]any{"u": u}}).data(t, "exportPubConfig", &c0)
		e.do(t, req{as: "owner", query: setQ, variables: map[string]any{"u": u, "n": "First", "v": c0.Version}}).data(t, "updatePubConfig", &c1)
		if c1.Version == c0.Version || c1.UpdatedAt == nil || c1.SiteName != "First" {
			t.Fatalf("first write %+v (from %+v)", c1, c0)
		}
		r := e.do(t, req{as: "owner", query: setQ, variables: map[string]any{"u": u, "n": "Lost", "v": c0.Version}})
		if got := r.conflict(t); got != c1.Version || r.Errors[0].Extensions["updatedAt"] == nil {
			t.Errorf("conflict %s, want version %s and updatedAt", r.raw, c1.Version)
		}
		e.do(t, req{as: "owner", query: cfgQ, variables: map[string]any{"u": u}}).data(t, "exportPubConfig", &c0)
		if c0.SiteName != "First" || c0.Version != c1.Version {
			t.Errorf("after the stale write: %+v", c0)
		}
	})
	t.Run("updateProfile", func(t *testing.T) {
		var me struct {
			ProfileVersion string `json:"profileVersion"`
			Introduction   string `json:"introduction"`
		}
		e.do(t, req{as: "owner", query: `{ me { profileVersion introduction } }`}).data(t, "me", &me)
		const q = `mutation($u: ID!, $i: String!, $v: String) { updateProfile(userId: $u, nickname: "Owner", introduction: $i, ifVersion: $v) { introduction } }`
		v0 := me.ProfileVersion
		if r := e.do(t, req{as: "owner", query: q, variables: map[string]any{"u": e.owner.ID.String(), "i": "Kept", "v": v0}}); r.code() != "" {
			t.Fatal(r.raw)
		}
		e.do(t, req{as: "owner", query: `{ me { profileVersion introduction } }`}).data(t, "me", &me)
		if me.ProfileVersion == v0 || me.Introduction != "Kept" {
			t.Fatalf("after the write: %+v", me)
		}
		r := e.do(t, req{as: "owner", query: q, variables: map[string]any{"u": e.owner.ID.String(), "i": "Lost", "v": v0}})
		if got := r.conflict(t); got != me.ProfileVersion {
			t.Errorf("currentVersion %s, want %s", got, me.ProfileVersion)
		}
		e.do(t, req{as: "owner", query: `{ me { profileVersion introduction } }`}).data(t, "me", &me)
		if me.Introduction != "Kept" {
			t.Errorf("stale write stored: %+v", me)
		}
		// login's me carries the same version as me.
		var login struct {
			Me struct {
				ProfileVersion string `json:"profileVersion"`
			} `json:"me"`
		}
		e.do(t, req{query: `mutation($p: String!) { login(loginName: "owner", password: $p) { me { profileVersion } } }`, variables: map[string]any{"p": password}}).data(t, "login", &login)
		if login.Me.ProfileVersion != me.ProfileVersion {
			t.Errorf("login's profileVersion %q, me's %q", login.Me.ProfileVersion, me.ProfileVersion)
		}
	})
}

// TestConcurrentUpdatePostOneWins: saves sent at once from one version:
// exactly one is stored, the others are CONFLICT naming its version.
func TestConcurrentUpdatePostOneWins(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	var p versioned
	e.do(t, req{as: "owner", query: `mutation { createPost(input: {content: "# Start"}) { id version } }`}).data(t, "createPost", &p)
	const n = 6
	res := make([]*resp, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			res[i] = e.do(t, req{as: "owner", query: `mutation($id: ID!, $c: String!, $v: String) { updatePost(id: $id, input: {content: $c}, ifVersion: $v) { version content } }`,
				variables: map[string]any{"id": p.ID, "c": fmt.Sprintf("# Tab %d", i), "v": p.Version}})
		})
	}
	wg.Wait()
	var won versioned
	wins := 0
	for _, r := range res {
		if r.code() == "" {
			wins++
			_ = json.Unmarshal(r.Data["updatePost"], &won)
		}
	}
	if wins != 1 {
		t.Fatalf("%d saves succeeded, want 1", wins)
	}
	for _, r := range res {
		if r.code() != "" && r.conflict(t) != won.Version {
			t.Errorf("loser names %s, winner is %s", r.conflict(t), won.Version)
		}
	}
	var got versioned
	e.do(t, req{as: "owner", query: `query($id: ID!) { myPost(id: $id) { content version } }`, variables: map[string]any{"id": p.ID}}).data(t, "myPost", &got)
	if got.Content != won.Content || got.Version != won.Version {
		t.Errorf("stored %+v, winner %+v", got, won)
	}
}
