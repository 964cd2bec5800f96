package store_test

import (
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/markdown"
	"github.com/stgy/stgypub/store/storetest"
)

func TestPostTitles(t *testing.T) {
	st := storetest.New(t)
	ctx := t.Context()
	u := &stgypub.User{ID: 0x1000000000000A01, LoginName: "titles", Nickname: "T"}
	if err := st.Users.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	mk := func(id stgypub.ID, md string, pub *time.Time) {
		p := &stgypub.Post{ID: id, OwnedBy: u.ID, Content: md, Snippet: markdown.Convert(md, markdown.Options{}).Snippet, PlainText: markdown.PlainText(md)}
		if err := st.Posts.CreatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
		if pub != nil {
			if err := st.Posts.SetPublication(ctx, id, pub); err != nil {
				t.Fatal(err)
			}
		}
	}
	past := time.Now().Add(-time.Hour)
	mk(0x2000000000000A01, "# Published title\n\nbody", &past)
	mk(0x2000000000000A02, "Draft first line\n\nmore", nil)
	mk(0x2000000000000A03, "# 日本語のタイトル", nil)
	got, err := st.Posts.PostTitles(ctx, []stgypub.ID{0x2000000000000A01, 0x2000000000000A02, 0x2000000000000A03, 0x2000000000000AFF})
	if err != nil {
		t.Fatal(err)
	}
	want := map[stgypub.ID]string{0x2000000000000A01: "Published title", 0x2000000000000A02: "Draft first line", 0x2000000000000A03: "日本語のタイトル"}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s: %q, want %q", id, got[id], w)
		}
	}
	// Untitled posts (no text to take a title from) get the root rule's
	// date in the owner's site time zone: the publication date, else the
	// creation date (from the ID).
	c := stgypub.DefaultPubConfig(u.ID)
	ext, err := stgypub.ParseExtensions(`{"timeZone":"Asia/Tokyo"}`)
	if err != nil {
		t.Fatal(err)
	}
	c.Extensions = ext
	if err := st.Users.UpdatePubConfig(ctx, c); err != nil {
		t.Fatal(err)
	}
	lateUTC := time.Date(2026, 3, 4, 20, 30, 0, 0, time.UTC) // 2026-03-05 in Tokyo
	mk(0x2000000000000B01, "![only an image](https://e.org/a.png)\n", &lateUTC)
	mk(0x2000000000000B02, "", nil)
	tokyo, _ := time.LoadLocation("Asia/Tokyo")
	got, err = st.Posts.PostTitles(ctx, []stgypub.ID{0x2000000000000B01, 0x2000000000000B02, 0x2000000000000A01})
	if err != nil {
		t.Fatal(err)
	}
	want = map[stgypub.ID]string{
		0x2000000000000B01: "2026-03-05",
		0x2000000000000B02: stgypub.ID(0x2000000000000B02).Time().In(tokyo).Format(stgypub.UntitledDateLayout),
		0x2000000000000A01: "Published title",
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s: %q, want %q", id, got[id], w)
		}
	}
	// An edited post shows its new title at once (titles are remembered
	// by snippet, not by post).
	md := "# Edited title\n\nbody"
	edited := &stgypub.Post{ID: 0x2000000000000A01, OwnedBy: u.ID, Content: md, Snippet: markdown.Convert(md, markdown.Options{}).Snippet, PlainText: markdown.PlainText(md)}
	if err := st.Posts.UpdatePost(ctx, edited); err != nil {
		t.Fatal(err)
	}
	for range 2 { // decoded, then remembered
		if got, err = st.Posts.PostTitles(ctx, []stgypub.ID{0x2000000000000A01}); err != nil || got[0x2000000000000A01] != "Edited title" {
			t.Fatalf("after the edit: %v %v", got, err)
		}
	}
	if m, err := st.Posts.PostTitles(ctx, nil); err != nil || len(m) != 0 {
		t.Errorf("empty ids: %v %v", m, err)
	}
}
