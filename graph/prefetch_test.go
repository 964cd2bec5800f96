package graph_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

// TestPrefetchPrimesTheLoaders: the resolver that returns posts or a site
// reads what its selection asks of them (view counts, prev/next, owners
// with their settings) itself, once, and the fields below find it: no
// read comes from a Post or Site field's loader (which would wait for
// its batch window, field after field, as those objects resolve on one
// goroutine). Selections through fragments and inline fragments count.
func TestPrefetchPrimesTheLoaders(t *testing.T) {
	cases := []struct{ name, selection, fragments string }{
		{"fields", `id title viewCount prev { id } next { id } owner { nickname } site { name author }`, ""},
		{"fragments", `id ...P ... on Post { owner { nickname } site { ...S } }`,
			`fragment P on Post { title viewCount next { id } prev { id } } fragment S on Site { name }`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeAPI(t)
			alice, pub := seedPopular(f)
			ids := pub[:4]
			r := f.do(t, nil, `query($ids: [ID!]!) { publishedPostsByIds(ids: $ids) { `+tc.selection+` } } `+tc.fragments,
				map[string]any{"ids": strings.Split(idList(ids...), ",")})
			var posts []struct {
				ID, Title string
				ViewCount int
				Owner     struct{ Nickname string }
				Site      struct{ Name string }
			}
			r.decode(t, "publishedPostsByIds", &posts)
			if len(posts) != len(ids) {
				t.Fatalf("%d posts, want %d", len(posts), len(ids))
			}
			pv := map[string]int{}
			for _, e := range f.counter.ranking {
				pv[e.ID.String()] = int(e.PV)
			}
			for _, p := range posts {
				if p.Title != "Post "+p.ID || p.ViewCount != pv[p.ID] || p.Owner.Nickname != alice.Nickname || p.Site.Name == "" {
					t.Errorf("post %+v (want PV %d)", p, pv[p.ID])
				}
			}
			root := []string{"Query.publishedPostsByIds"}
			for _, c := range []struct {
				method string
				got    []string
			}{
				{"ViewCounts", f.counter.calls.of("ViewCounts")},
				{"AdjacentPublishedMany", f.store.calls.of("AdjacentPublishedMany")},
				{"SiteIdentities", f.store.calls.of("SiteIdentities")},
			} {
				if !slices.Equal(c.got, root) {
					t.Errorf("%s called from %q, want once from %q", c.method, c.got, root)
				}
			}
		})
	}
}

// TestPrefetchSite: site(userId) reads the owner with their settings once
// for the site's fields, and a missing user (null, no error) is read once
// too, not again by the loader; two posts' prefetches of one owner read
// it once.
func TestPrefetchSite(t *testing.T) {
	f := newFakeAPI(t)
	alice, _ := seedPopular(f)
	missing := stgypub.ID(0x7000000000000001)
	r := f.do(t, nil, `query($u: ID!, $m: ID!) {
		site(userId: $u) { name author config { siteName } recent: popular(limit: 2) { title owner { nickname } } }
		gone: site(userId: $m) { name } }`,
		map[string]any{"u": alice.ID.String(), "m": missing.String()})
	var site struct {
		Name, Author string
		Recent       []struct{ Title string }
	}
	r.decode(t, "site", &site)
	if site.Author != alice.Nickname || len(site.Recent) != 2 {
		t.Errorf("site %+v", site)
	}
	if string(r.Data["gone"]) != "null" {
		t.Errorf("missing user's site %s, want null", r.Data["gone"])
	}
	got := f.store.calls.of("SiteIdentities")
	slices.Sort(got)
	if want := []string{"Query.site", "Query.site"}; !slices.Equal(got, want) {
		t.Errorf("SiteIdentities called from %q, want %q (one per site field, none from a loader)", got, want)
	}
}
