package archive

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

var testNow = time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)

func testSite(t *testing.T) *Site {
	t.Helper()
	owner := stgypub.IDFromTime(testNow.AddDate(-1, 0, 0), 1)
	pub := testNow.AddDate(0, 0, -3).Add(123456 * time.Microsecond)
	upd := pub.Add(time.Hour)
	sched := testNow.AddDate(0, 0, 5)
	p1 := &stgypub.Post{ID: stgypub.IDFromTime(pub.Add(-time.Hour), 7), OwnedBy: owner, PublishedAt: &pub, UpdatedAt: &upd,
		Locale: "en", Tags: []string{"Go", "notes"}, AllowReplies: true, AllowLikes: true,
		Content: "# Hello\n\n---\n\nA body with a rule line and\n---\nfront-matter-like lines.\n"}
	p2 := &stgypub.Post{ID: stgypub.IDFromTime(pub, 9), OwnedBy: owner, PublishedAt: &sched, Tags: []string{}, Content: "![](https://example.com/a.png)"}
	p3 := &stgypub.Post{ID: stgypub.IDFromTime(pub.Add(time.Minute), 2), OwnedBy: owner, Locale: "ja", Tags: []string{}, AllowReplies: true, Content: "下書き"}
	ext, err := stgypub.ParseExtensions(`{"comments":{"mode":"moderated"},"showViewCount":true}`)
	if err != nil {
		t.Fatal(err)
	}
	c := func(post *stgypub.Post, d time.Duration, status stgypub.CommentStatus, author bool) *stgypub.Comment {
		return &stgypub.Comment{ID: stgypub.IDFromTime(pub.Add(d), 3), PostID: post.ID, Nickname: "Reader", Body: "Nice.\n", Status: status, IsAuthor: author}
	}
	day := time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)
	site := &Site{
		Manifest:    Manifest{CreatedAt: testNow},
		Profile:     Profile{ID: owner, LoginName: "alice", Nickname: "Alice", Introduction: "Writes."},
		Settings:    &Settings{SiteName: "Alice's", DesignTheme: "mix", ShowSiteName: true, ShowSideRecent: 5, ShowSidePopular: 3, Extensions: ext},
		Posts:       []*stgypub.Post{p1, p2, p3},
		Comments:    []*stgypub.Comment{c(p1, time.Minute, stgypub.CommentPublished, false), c(p1, 2*time.Minute, stgypub.CommentPending, false), c(p3, 3*time.Minute, stgypub.CommentPublished, true)},
		DailyViews:  []ViewCount{{p1.ID, day, 12}, {p1.ID, day.AddDate(0, 0, 1), 3}},
		Checkpoints: []ViewCount{{p1.ID, day, 8}},
	}
	site.Sort()
	return site
}

func encode(t *testing.T, s *Site) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, s, time.UTC); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestWriteReadRoundTrip(t *testing.T) {
	site := testSite(t)
	b := encode(t, site)
	if again := encode(t, testSite(t)); !bytes.Equal(b, again) {
		t.Fatal("the same site gave different bytes")
	}
	got, err := Read(bytes.NewReader(b), 0, testNow)
	if err != nil {
		t.Fatal(err)
	}
	if got.Manifest.Posts != 3 || got.Manifest.Comments != 3 || got.Manifest.Format != Format || got.Manifest.Version != Version {
		t.Fatalf("manifest = %+v", got.Manifest)
	}
	if !reflect.DeepEqual(got.Profile, site.Profile) || !reflect.DeepEqual(got.Settings, site.Settings) {
		t.Fatalf("profile/settings = %+v %+v", got.Profile, got.Settings)
	}
	for i, p := range got.Posts {
		w := site.Posts[i]
		if p.ID != w.ID || p.Content != w.Content || !reflect.DeepEqual(p.PublishedAt, w.PublishedAt) || !reflect.DeepEqual(p.UpdatedAt, w.UpdatedAt) ||
			p.Locale != w.Locale || !reflect.DeepEqual(p.Tags, w.Tags) || p.AllowReplies != w.AllowReplies || p.AllowLikes != w.AllowLikes || p.OwnedBy != w.OwnedBy {
			t.Errorf("post %d = %+v, want %+v", i, p, w)
		}
		if p.Snippet == "" {
			t.Errorf("post %s: no snippet derived", p.ID)
		}
	}
	if !reflect.DeepEqual(got.Comments, site.Comments) {
		t.Errorf("comments = %+v, want %+v", got.Comments, site.Comments)
	}
	if !reflect.DeepEqual(got.DailyViews, site.DailyViews) || !reflect.DeepEqual(got.Checkpoints, site.Checkpoints) {
		t.Errorf("views = %+v %+v", got.DailyViews, got.Checkpoints)
	}
}

// tarGz packs files (name, content) in order.
func tarGz(t *testing.T, files ...[2]string) []byte {
	t.Helper()
	var b bytes.Buffer
	gz := gzip.NewWriter(&b)
	tw := tar.NewWriter(gz)
	for _, f := range files {
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: f[0], Size: int64(len(f[1])), Mode: 0o644}); err != nil {
			t.Fatal(err)
		}
		tw.Write([]byte(f[1]))
	}
	tw.Close()
	gz.Close()
	return b.Bytes()
}

// unpack returns the archive's files in order.
func unpack(t *testing.T, b []byte) [][2]string {
	t.Helper()
	gz, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	var out [][2]string
	for {
		h, err := tr.Next()
		if err != nil {
			return out
		}
		var c bytes.Buffer
		c.ReadFrom(tr)
		out = append(out, [2]string{h.Name, c.String()})
	}
}

// edit returns the archive's files with fn applied.
func edit(t *testing.T, fn func(files [][2]string) [][2]string) []byte {
	t.Helper()
	return tarGz(t, fn(unpack(t, encode(t, testSite(t))))...)
}

func replaceIn(name, old, new string) func([][2]string) [][2]string {
	return func(fs [][2]string) [][2]string {
		for i := range fs {
			if strings.HasPrefix(fs[i][0], name) {
				fs[i][1] = strings.Replace(fs[i][1], old, new, 1)
				break
			}
		}
		return fs
	}
}

// replies makes the i-th posts/ file reply to the to[i]-th (by reply_to
// in its front matter).
func replies(to ...int) func([][2]string) [][2]string {
	return func(fs [][2]string) [][2]string {
		var posts []int
		for i, f := range fs {
			if strings.HasPrefix(f[0], "posts/") {
				posts = append(posts, i)
			}
		}
		id := func(i int) string { return strings.TrimSuffix(strings.TrimPrefix(fs[posts[i]][0], "posts/"), ".md") }
		ids := make([]string, len(to))
		for i, j := range to {
			ids[i] = id(j)
		}
		for i := range to {
			f := &fs[posts[i]]
			f[1] = strings.Replace(f[1], "\nid: "+id(i)+"\n", "\nid: "+id(i)+"\nreply_to: "+ids[i]+"\n", 1)
		}
		return fs
	}
}

func TestReadRefusals(t *testing.T) {
	good := encode(t, testSite(t))

	tests := []struct {
		name, want string
		data       []byte
		max        int64
	}{
		{"not gzip", "not a gzip file", []byte("PK\x03\x04 a zip file"), 0},
		{"empty", "not a gzip file", nil, 0},
		{"gzip of text", "not a tar", gzipOf(t, "hello, world"), 0},
		{"truncated", "corrupt", good[:len(good)/2], 0},
		{"flipped byte", "", flip(good, len(good)-12), 0},
		{"over the limit", "larger than 1000 bytes", good, 1000},
		{"foreign tar", "first file \"README\"", tarGz(t, [2]string{"README", "hi"}), 0},
		{"other format", "no format", tarGz(t, [2]string{"manifest.json", `{"format":"ghost","version":1}`}), 0},
		{"future version", "manifest version 2 is not supported", edit(t, replaceIn("manifest.json", `"version": 1`, `"version": 2`)), 0},
		{"unknown file", "unknown file \"posts/x.txt\"", edit(t, func(fs [][2]string) [][2]string { return append(fs, [2]string{"posts/x.txt", "x"}) }), 0},
		{"duplicate", "appears twice", edit(t, func(fs [][2]string) [][2]string { return append(fs, fs[1]) }), 0},
		{"missing post", "incomplete", edit(t, func(fs [][2]string) [][2]string {
			out := fs[:0]
			for _, f := range fs {
				if !strings.HasPrefix(f[0], "posts/") || !strings.Contains(f[1], "example.com/a.png") {
					out = append(out, f)
				}
			}
			return out
		}), 0},
		{"comment on unknown post", "is not in the archive", edit(t, func(fs [][2]string) [][2]string {
			return append(fs, [2]string{"comments/00000000000000AA.json", "[]"})
		}), 0},
		{"bad status", "status must be PENDING or PUBLISHED", edit(t, replaceIn("comments/", `"PENDING"`, `"SPAM"`)), 0},
		{"blank nickname", "nickname is empty", edit(t, replaceIn("comments/", `"Reader"`, `"  "`)), 0},
		{"bad locale", "locale", edit(t, replaceIn("posts/", "locale: en", "locale: en_us")), 0},
		{"unknown front matter", "front matter", edit(t, replaceIn("posts/", "locale: en", "locale: en\nauthor: bob")), 0},
		{"unclosed front matter", "not closed", edit(t, func(fs [][2]string) [][2]string {
			return append(fs, [2]string{"posts/0000000000000ABC.md", "---\nid: 0000000000000ABC\n"})
		}), 0},
		{"bad settings", "extensions", edit(t, replaceIn("settings.json", `"moderated"`, `"always"`)), 0},
		{"bad view count", "count \"-3\"", edit(t, replaceIn("views/daily.csv", ",3\n", ",-3\n")), 0},
		{"view of unknown post", "is not in the archive", edit(t, replaceIn("views/checkpoints.csv", "\n", "\n00000000000000AB,2026-11-30,4\n")), 0},
		{"owner mismatch", "does not match the manifest", edit(t, replaceIn("owner.json", `"alice"`, `"bob"`)), 0},
		{"reply to itself", "reply_to names the post itself", edit(t, replies(0)), 0},
		{"loop of two replies", "a loop of replies", edit(t, replies(1, 0)), 0},
		{"loop of three replies", "a loop of replies", edit(t, replies(1, 2, 0)), 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(bytes.NewReader(tc.data), tc.max, testNow)
			if err == nil {
				t.Fatal("accepted")
			}
			code := stgypub.CodeBadUserInput
			if tc.max > 0 {
				code = stgypub.CodePayloadTooLarge
			}
			if stgypub.ErrorCode(err) != code || !strings.Contains(err.Error(), "archive refused") || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v (code %s), want %s with %q", err, stgypub.ErrorCode(err), code, tc.want)
			}
		})
	}
}

func gzipOf(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	gz := gzip.NewWriter(&b)
	gz.Write([]byte(s))
	gz.Close()
	return b.Bytes()
}

func flip(b []byte, i int) []byte {
	c := bytes.Clone(b)
	c[i] ^= 0x40
	return c
}

// TestReadLimitsUnpacked: a small gzip that unpacks past the limit (a
// "zip bomb") is refused once the limit is reached.
func TestReadLimitsUnpacked(t *testing.T) {
	big := strings.Repeat("a", 1<<20)
	b := tarGz(t, [2]string{"manifest.json", `{"format":"stgy-pub-site-archive","version":1}`}, [2]string{"posts/0000000000000ABC.md", big})
	if len(b) > 64<<10 {
		t.Fatalf("test archive is %d bytes packed", len(b))
	}
	_, err := Read(bytes.NewReader(b), 64<<10, testNow)
	if err == nil || stgypub.ErrorCode(err) != stgypub.CodePayloadTooLarge || !strings.Contains(err.Error(), "larger than 65536 bytes") {
		t.Fatalf("err = %v", err)
	}
}
