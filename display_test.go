package stgypub

import (
	"slices"
	"testing"
)

// TestDisplayNames: the names and introduction the pages and the API show
// (Site.name, Site.author, Site.introduction).
func TestDisplayNames(t *testing.T) {
	owner := &User{Nickname: "Nick", Introduction: "Profile intro"}
	cases := []struct {
		cfg                 PubConfig
		owner               *User
		name, author, intro string
	}{
		{PubConfig{}, owner, "Nick", "Nick", "Profile intro"},
		{PubConfig{Author: "Pen"}, owner, "Pen", "Pen", "Profile intro"},
		{PubConfig{SiteName: "Notes", Introduction: "Site intro"}, owner, "Notes", "Nick", "Site intro"},
		{PubConfig{SiteName: "Notes", Author: "Pen", Introduction: "Site intro"}, owner, "Notes", "Pen", "Site intro"},
		{PubConfig{}, nil, "", "", ""},
	}
	for i, c := range cases {
		if n, a, in := c.cfg.DisplaySiteName(c.owner), c.cfg.DisplayAuthor(c.owner), c.cfg.DisplayIntroduction(c.owner); n != c.name || a != c.author || in != c.intro {
			t.Errorf("%d: %q %q %q, want %q %q %q", i, n, a, in, c.name, c.author, c.intro)
		}
	}
}

func TestRecentPosts(t *testing.T) {
	posts := []*Post{{ID: 5}, {ID: 4}, {ID: 3}, {ID: 2}}
	ids := func(ps []*Post) []ID {
		out := []ID{}
		for _, p := range ps {
			out = append(out, p.ID)
		}
		return out
	}
	for _, c := range []struct {
		exclude ID
		limit   int
		want    []ID
	}{
		{0, 3, []ID{5, 4, 3}},
		{4, 3, []ID{5, 3, 2}},
		{5, 2, []ID{4, 3}},
		{9, 2, []ID{5, 4}},
		{0, 0, []ID{}},
		{0, -1, []ID{}},
		{3, 10, []ID{5, 4, 2}},
	} {
		if got := ids(RecentPosts(posts, c.exclude, c.limit)); !slices.Equal(got, c.want) {
			t.Errorf("exclude %d limit %d: %v, want %v", c.exclude, c.limit, got, c.want)
		}
	}
}
