package api_test

import (
	"encoding/hex"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/visitor"
)

// TestStatsTitles: pubStats rows carry the post's title (first heading,
// else first line), also for a post unpublished after it was viewed.
func TestStatsTitles(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	a := e.post(t, e.owner, "# First title\n\nbody", ago(time.Hour))
	b := e.post(t, e.owner, "Line title\n\nbody", ago(2*time.Hour))
	rec := `mutation($p: ID!, $f: String!, $s: String!) { recordPubView(postId: $p, fingerprint: $f, signature: $s) { recorded } }`
	for i, p := range []*stgypub.Post{a, b, b} {
		fp := [4]byte{9, 9, 9, byte(i)}
		r := e.do(t, req{query: rec, variables: map[string]any{"p": p.ID.String(), "f": hex.EncodeToString(fp[:]), "s": visitor.Sign(viewSecret, p.ID, fp)}})
		if len(r.Errors) != 0 {
			t.Fatalf("record: %s", r.raw)
		}
	}
	// b is unpublished after its views: Stats still names it.
	if r := e.do(t, req{as: "owner", query: `mutation($id: ID!) { setPostPublication(id: $id, publishedAt: null) { id } }`, variables: map[string]any{"id": b.ID.String()}}); len(r.Errors) != 0 {
		t.Fatal(string(r.raw))
	}
	var st struct {
		Posts []struct {
			ID    string
			Title string
			PV    int
		}
	}
	e.do(t, req{as: "owner", query: `query($u: ID!) { pubStats(userId: $u) { posts { id title pv } } }`, variables: map[string]any{"u": e.owner.ID.String()}}).data(t, "pubStats", &st)
	got := map[string]string{}
	for _, p := range st.Posts {
		got[p.ID] = p.Title
	}
	if got[a.ID.String()] != "First title" || got[b.ID.String()] != "Line title" {
		t.Errorf("titles = %v", got)
	}
}
