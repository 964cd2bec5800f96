package store_test

import (
	"context"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestSearchCanonicalEquivalence (issue 9 #4): composed (NFC) and
// decomposed (NFD) spellings find each other both ways, the stored
// Markdown stays as written and plain text from before the NFC migration
// is normalized by it.
func TestSearchCanonicalEquivalence(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	nfd := "J-\u30DB\u309A\u30C3\u30D5\u309A の歴史" // ポップ decomposed
	nfc := "J-ポップ の歴史"
	mustPost(t, s, alice, 1, ptr(now.Add(-time.Hour)), nfd)
	mustPost(t, s, alice, 2, ptr(now.Add(-2*time.Hour)), "Cafe\u0301 culture") // é decomposed
	mustPost(t, s, alice, 3, ptr(now.Add(-3*time.Hour)), "\ud55c\uae00 문서")    // Hangul syllables
	for _, tc := range []struct {
		query string
		want  []stgypub.ID
	}{
		{"ポップ", []stgypub.ID{1}},
		{"\u30DB\u309A\u30C3\u30D5\u309A", []stgypub.ID{1}},
		{"café", []stgypub.ID{2}},
		{"cafe\u0301", []stgypub.ID{2}},
		{"CAFÉ", []stgypub.ID{2}},
		{"\u1112\u1161\u11ab\u1100\u1173\u11af", []stgypub.ID{3}}, // jamo
		{"\uFEFFポップ", []stgypub.ID{1}},                            // a pasted BOM
		{"cafe", []stgypub.ID{}},                                  // not canonically equivalent
	} {
		got, total, err := s.Posts.SearchPublished(ctx, alice, tc.query, stgypub.PostQuery{Limit: 10})
		if err != nil || !slices.Equal(ids(got), tc.want) || total != len(tc.want) {
			t.Errorf("search %q = %v (total %d), %v; want %v", tc.query, ids(got), total, err, tc.want)
		}
	}
	p, err := s.Posts.Post(ctx, 1)
	if err != nil || p.Content != nfd || p.PlainText != nfc {
		t.Errorf("stored content %q plain %q, %v; want content as written, plain text NFC", p.Content, p.PlainText, err)
	}
	// A row written before the migration (NFD plain text) is not found;
	// the migration's statement fixes it.
	if _, err := s.DB.ExecContext(ctx, `UPDATE post_details SET plain_text = ? WHERE post_id = 1`, nfd); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := s.Posts.SearchPublished(ctx, alice, "ポップ", stgypub.PostQuery{Limit: 10}); len(got) != 0 {
		t.Fatalf("NFD row found before the migration: the test does not test it")
	}
	up, err := os.ReadFile("migrations/20261202000001_plain_text_nfc.up.sql")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB.ExecContext(ctx, string(up)); err != nil {
		t.Fatal(err)
	}
	got, _, err := s.Posts.SearchPublished(ctx, alice, "ポップ", stgypub.PostQuery{Limit: 10})
	if err != nil || !slices.Equal(ids(got), []stgypub.ID{1}) {
		t.Errorf("after the migration's statement: %v, %v", ids(got), err)
	}
}
