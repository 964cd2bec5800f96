package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestPublishedByIDs(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	bob := mustUser(t, s, "bob")
	at := ptr(now.Add(-time.Hour))
	mustPost(t, s, alice, 1, at, "a1")
	mustPost(t, s, alice, 2, ptr(now.Add(-2*time.Hour)), "a2")
	mustPost(t, s, bob, 3, at, "b3")
	mustPost(t, s, bob, 4, nil, "draft")
	many := make([]stgypub.ID, 21)
	for i := range many {
		many[i] = stgypub.ID(i + 1)
	}
	cases := []struct {
		name string
		in   []stgypub.ID
		want []stgypub.ID
		code string
	}{
		{"input order kept across owners", []stgypub.ID{3, 1, 2}, []stgypub.ID{3, 1, 2}, ""},
		{"reverse order", []stgypub.ID{2, 1}, []stgypub.ID{2, 1}, ""},
		{"duplicates keep first place", []stgypub.ID{2, 1, 2, 1, 3}, []stgypub.ID{2, 1, 3}, ""},
		{"unknown and unpublished dropped", []stgypub.ID{999, 4, 1, 0}, []stgypub.ID{1}, ""},
		{"empty", nil, []stgypub.ID{}, ""},
		{"20 is allowed", many[:20], []stgypub.ID{1, 2, 3}, ""},
		{"21 is too many", many, nil, stgypub.CodeBadUserInput},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.Posts.PublishedByIDs(ctx, tc.in)
			if tc.code != "" {
				wantCode(t, err, tc.code)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(ids(got), tc.want) {
				t.Errorf("got %v, want %v", ids(got), tc.want)
			}
		})
	}
}
