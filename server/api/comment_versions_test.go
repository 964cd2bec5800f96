package api_test

import (
	"fmt"
	"testing"

	"github.com/stgy/stgypub"
)

// readerComments posts n pending comments from readers (each its own
// address and CAPTCHA pass) and returns their IDs.
func (e *commentEnv) readerComments(t *testing.T, n int) []string {
	t.Helper()
	ids := make([]string, n)
	for i := range n {
		b := newBrowser(fmt.Sprintf("198.51.100.%d", 10+i))
		e.solve(t, b)
		var c pubComment
		e.postComment(t, b, map[string]any{"nickname": fmt.Sprintf("Reader %d", i), "body": fmt.Sprintf("Comment %d", i)}).data(t, "postPubComment", &c)
		ids[i] = c.ID.String()
	}
	return ids
}

type versionedComment struct {
	ID      string `json:"id"`
	Status  string `json:"status"`
	Body    string `json:"body"`
	Version string `json:"version"`
}

func (e *commentEnv) ownerQueue(t *testing.T, owner *browser) map[string]versionedComment {
	t.Helper()
	var l struct {
		Items []versionedComment `json:"items"`
	}
	e.call(t, owner, nil, `query($u: ID!) { ownerPubComments(userId: $u, limit: 100) { items { id status body version } } }`,
		map[string]any{"u": e.owner.ID.String()}).data(t, "ownerPubComments", &l)
	out := map[string]versionedComment{}
	for _, c := range l.Items {
		out[c.ID] = c
	}
	return out
}

// TestCommentIfVersion: approve, edit and delete with a stale ifVersion
// are CONFLICT with the current version and change nothing.
func TestCommentIfVersion(t *testing.T) {
	t.Parallel()
	e := newCommentEnv(t, "moderated", nil)
	admin := newBrowser("192.0.2.60")
	admin.as = "admin"
	id := e.readerComments(t, 1)[0]
	v0 := e.ownerQueue(t, admin)[id]
	var edited versionedComment
	e.call(t, admin, nil, `mutation($id: ID!, $v: String) { editPubComment(id: $id, body: "Edited", ifVersion: $v) { id status body version } }`,
		map[string]any{"id": id, "v": v0.Version}).data(t, "editPubComment", &edited)
	if edited.Version == v0.Version || edited.Body != "Edited\n" {
		t.Fatalf("edit at the current version: %+v (was %+v)", edited, v0)
	}
	for _, m := range []struct{ name, q string }{
		{"approve", `mutation($id: ID!, $v: String) { approvePubComment(id: $id, ifVersion: $v) { id } }`},
		{"edit", `mutation($id: ID!, $v: String) { editPubComment(id: $id, body: "Lost", ifVersion: $v) { id } }`},
		{"delete", `mutation($id: ID!, $v: String) { deletePubComment(id: $id, ifVersion: $v) }`},
	} {
		r := e.call(t, admin, nil, m.q, map[string]any{"id": id, "v": v0.Version})
		if got := r.conflict(t); got != edited.Version {
			t.Errorf("%s: currentVersion %s, want %s", m.name, got, edited.Version)
		}
		if now := e.ownerQueue(t, admin)[id]; now != edited {
			t.Errorf("after a stale %s: %+v, want %+v", m.name, now, edited)
		}
	}
	var ok versionedComment
	e.call(t, admin, nil, `mutation($id: ID!, $v: String) { approvePubComment(id: $id, ifVersion: $v) { id status body version } }`,
		map[string]any{"id": id, "v": edited.Version}).data(t, "approvePubComment", &ok)
	if ok.Status != "PUBLISHED" || ok.Version == edited.Version {
		t.Errorf("approve at the current version: %+v", ok)
	}
}

type bulkResult struct {
	ID             string            `json:"id"`
	OK             bool              `json:"ok"`
	Code           *string           `json:"code"`
	CurrentVersion *string           `json:"currentVersion"`
	Comment        *versionedComment `json:"comment"`
}

// TestBulkModeration: approvePubComments and deletePubComments act on
// each item on its own; a stale or foreign item is refused alone; a
// deleted comment's unread notification goes with it.
func TestBulkModeration(t *testing.T) {
	t.Parallel()
	e := newCommentEnv(t, "moderated", nil)
	owner := newBrowser("192.0.2.50")
	owner.as = "owner"
	ids := e.readerComments(t, 5)
	q := e.ownerQueue(t, owner)
	// Comment 2 changes elsewhere after the owner read the queue.
	admin := newBrowser("192.0.2.60")
	admin.as = "admin"
	e.call(t, admin, nil, `mutation($id: ID!) { editPubComment(id: $id, body: "Changed by admin") { id } }`, map[string]any{"id": ids[2]})

	items := []map[string]any{}
	for _, id := range ids[:3] {
		items = append(items, map[string]any{"id": id, "ifVersion": q[id].Version})
	}
	items = append(items, map[string]any{"id": "AAAAAAAAAAAAAAAA"}) // no such comment
	var res []bulkResult
	e.call(t, owner, nil, `mutation($i: [PubCommentRef!]!) { approvePubComments(items: $i) { id ok code message currentVersion comment { id status version } } }`,
		map[string]any{"i": items}).data(t, "approvePubComments", &res)
	if len(res) != 4 {
		t.Fatalf("results %+v", res)
	}
	for i := range 2 {
		if !res[i].OK || res[i].Comment == nil || res[i].Comment.Status != "PUBLISHED" || res[i].ID != ids[i] {
			t.Errorf("item %d: %+v", i, res[i])
		}
	}
	if res[2].OK || res[2].Code == nil || *res[2].Code != stgypub.CodeConflict || res[2].CurrentVersion == nil || *res[2].CurrentVersion == q[ids[2]].Version {
		t.Errorf("stale item: %+v", res[2])
	}
	if res[3].OK || res[3].Code == nil || *res[3].Code != stgypub.CodeNotFound {
		t.Errorf("missing item: %+v", res[3])
	}
	after := e.ownerQueue(t, owner)
	if after[ids[2]].Status != "PENDING" || after[ids[3]].Status != "PENDING" {
		t.Errorf("stale or unlisted items changed: %+v", after)
	}

	// Another user's bulk is refused item by item (FORBIDDEN), nothing changes.
	other := newBrowser("192.0.2.70")
	other.as = "other"
	e.call(t, other, nil, `mutation($i: [PubCommentRef!]!) { deletePubComments(items: $i) { id ok code } }`,
		map[string]any{"i": []map[string]any{{"id": ids[3]}}}).data(t, "deletePubComments", &res)
	if len(res) != 1 || res[0].OK || *res[0].Code != stgypub.CodeForbidden {
		t.Errorf("other's delete: %+v", res)
	}

	// Bulk delete with the versions just read; notifications of the
	// deleted comments go, the others stay.
	notes := func() map[string]bool {
		var n struct {
			Items []struct {
				CommentID string `json:"commentId"`
			} `json:"items"`
		}
		e.call(t, owner, nil, `{ pubCommentNotifications(unreadOnly: true) { items { commentId } } }`, nil).data(t, "pubCommentNotifications", &n)
		out := map[string]bool{}
		for _, it := range n.Items {
			out[it.CommentID] = true
		}
		return out
	}
	if before := notes(); len(before) != 5 {
		t.Fatalf("unread notifications before: %v", before)
	}
	del := []map[string]any{{"id": ids[3], "ifVersion": after[ids[3]].Version}, {"id": ids[4], "ifVersion": after[ids[4]].Version}, {"id": ids[0], "ifVersion": q[ids[0]].Version}}
	e.call(t, owner, nil, `mutation($i: [PubCommentRef!]!) { deletePubComments(items: $i) { id ok code currentVersion } }`,
		map[string]any{"i": del}).data(t, "deletePubComments", &res)
	if !res[0].OK || !res[1].OK || res[2].OK || *res[2].Code != stgypub.CodeConflict {
		t.Errorf("bulk delete: %+v (item 0 was approved since it was read)", res)
	}
	left := notes()
	if left[ids[3]] || left[ids[4]] || !left[ids[0]] || !left[ids[1]] || !left[ids[2]] {
		t.Errorf("unread notifications after deleting 3 and 4: %v", left)
	}
	if q := e.ownerQueue(t, owner); len(q) != 3 {
		t.Errorf("queue after delete: %+v", q)
	}

	t.Run("limits", func(t *testing.T) {
		many := make([]map[string]any, 101)
		for i := range many {
			many[i] = map[string]any{"id": ids[1]}
		}
		r := e.call(t, owner, nil, `mutation($i: [PubCommentRef!]!) { approvePubComments(items: $i) { id } }`, map[string]any{"i": many})
		if r.code() != stgypub.CodeBadUserInput {
			t.Errorf("101 items: %s", r.raw)
		}
		r = e.call(t, owner, nil, `mutation($i: [PubCommentRef!]!) { approvePubComments(items: $i) { id } }`, map[string]any{"i": []map[string]any{{"id": ids[1], "ifVersion": "x"}}})
		if r.code() != stgypub.CodeBadUserInput || r.Errors[0].Extensions["field"] != "items.0.ifVersion" {
			t.Errorf("bad ifVersion: %s", r.raw)
		}
		anon := newBrowser("192.0.2.80")
		if r := e.call(t, anon, nil, `mutation($i: [PubCommentRef!]!) { deletePubComments(items: $i) { id } }`, map[string]any{"i": []map[string]any{{"id": ids[1]}}}); r.code() != stgypub.CodeUnauthenticated {
			t.Errorf("anonymous: %s", r.raw)
		}
	})
}
