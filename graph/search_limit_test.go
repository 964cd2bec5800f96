package graph_test

import (
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

// TestSearchQueryLimit: site.search takes at most stgypub.MaxSearchQuery
// code points (the page's ?q= limit too): one more, in any script, is
// BAD_USER_INPUT naming the query argument, before any store read.
func TestSearchQueryLimit(t *testing.T) {
	f := newFakeAPI(t)
	alice, _ := seedPopular(f)
	for _, q := range []string{strings.Repeat("a", stgypub.MaxSearchQuery+1), strings.Repeat("検", stgypub.MaxSearchQuery+1)} {
		r := f.do(t, nil, `query($u: ID!, $q: String!) { site(userId: $u) { search(query: $q) { totalCount } } }`,
			map[string]any{"u": alice.ID.String(), "q": q})
		if r.code() != stgypub.CodeBadUserInput || !strings.Contains(r.Errors[0].Message, "the limit is 200") {
			t.Errorf("%d code points: %+v", len([]rune(q)), r.Errors)
		}
	}
}
