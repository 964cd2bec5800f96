package server_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
)

// post sends body to path on node i as a browser; length < 0 sends it
// without a Content-Length (chunked).
func (c *cluster) post(i int, path string, body []byte, length int64, hdr ...string) *httptest.ResponseRecorder {
	c.t.Helper()
	var r io.Reader = bytes.NewReader(body)
	if length < 0 {
		r = io.MultiReader(r) // hides the length from NewRequest
	}
	req := httptest.NewRequest(http.MethodPost, path, r)
	req.ContentLength = length
	req.RemoteAddr = "203.0.113.7:5555"
	for j := 0; j+1 < len(hdr); j += 2 {
		req.Header.Set(hdr[j], hdr[j+1])
	}
	rec := httptest.NewRecorder()
	c.nodes[i].srv.ServeHTTP(rec, req)
	return rec
}

// adminSession creates an administrator "root" on c and returns its
// session cookie.
func adminSession(t *testing.T, c *cluster) string {
	t.Helper()
	ctx := context.Background()
	if _, err := auth.CreateUser(ctx, c.st.Users, "root", "Root", "correct horse battery"); err != nil {
		t.Fatal(err)
	}
	if err := auth.MakeAdmin(ctx, c.st.Users, "root", true); err != nil {
		t.Fatal(err)
	}
	sess, err := auth.New(c.st.Users, c.st.Users, auth.Config{}).Login(ctx, "root", "correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	return auth.CookieName + "=" + sess.Token
}

// bigArchive is a gzip'd tar whose manifest comes first and whose one
// post is incompressible and over testArchiveMax packed: it passes every
// check Read makes before the size limit.
func bigArchive(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	gz := gzip.NewWriter(&b)
	tw := tar.NewWriter(gz)
	noise := make([]byte, testArchiveMax+testArchiveMax/2)
	rand.Read(noise)
	for _, f := range []struct {
		name string
		data []byte
	}{{"manifest.json", []byte(`{"format":"stgy-pub-site-archive","version":1}`)}, {"posts/0000000000000ABC.md", noise}} {
		if err := tw.WriteHeader(&tar.Header{Name: f.name, Mode: 0o644, Size: int64(len(f.data)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		tw.Write(f.data)
	}
	tw.Close()
	gz.Close()
	return b.Bytes()
}

// restoreAnswer is the endpoint's JSON, as far as the tests read it.
type restoreAnswer struct {
	Changed       bool   `json:"changed"`
	Message       string `json:"message"`
	OwnerID       string `json:"ownerId"`
	LoginName     string `json:"loginName"`
	OwnerCreated  bool   `json:"ownerCreated"`
	Posts         struct{ Created, Updated, Unchanged int }
	Views         struct{ Raised, Unchanged int }
	DailyCounters *struct{ Raised, Unchanged, Skipped int } `json:"dailyCounters"`
	Error         *struct{ Code, Message, Field string }    `json:"error"`
}

func decodeRestore(t *testing.T, rec *httptest.ResponseRecorder) restoreAnswer {
	t.Helper()
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type %q: %.300s", ct, rec.Body.String())
	}
	var a restoreAnswer
	if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
		t.Fatalf("answer %q: %v", rec.Body.String(), err)
	}
	return a
}

// TestArchiveRestoreHTTP: an administrator's upload restores a site
// archive downloaded from another server (a new account by as, every
// post, the views raised in PostgreSQL and Redis), a second upload
// changes nothing, and every refusal (anonymous 401, an owner 403,
// another Content-Type 415, over STGY_ARCHIVE_MAX_BYTES 413 by
// Content-Length or while reading, corrupt, truncated or foreign 400, a
// bad as 400, a login or post ID held by another account 409) is JSON
// naming what was refused, with nothing written.
func TestArchiveRestoreHTTP(t *testing.T) {
	src := newStatsFixture(t)
	rec := src.c.get(0, "/publications/archive?userId="+src.c.owner.String(), "Cookie", src.alice)
	if rec.Code != 200 {
		t.Fatalf("download: %d %.300s", rec.Code, rec.Body.String())
	}
	good := rec.Body.Bytes()
	corrupt := bytes.Clone(good)
	corrupt[len(corrupt)/2] ^= 0xff

	dst := newCluster(t, 1, nil, "")
	admin := adminSession(t, dst)
	owner := auth.CookieName + "=" + dst.token // dst's alice, not an admin
	const path = "/publications/archive/restore?as=alice-moved"
	gzipType := []string{"Content-Type", "application/gzip"}
	big := bigArchive(t)
	refusals := []struct {
		name    string
		cluster *cluster
		path    string
		body    []byte
		length  int64 // -1: chunked
		hdr     []string
		status  int
		code    string
		has     string
	}{
		{"anonymous", dst, path, good, int64(len(good)), gzipType, 401, "UNAUTHENTICATED", "Log in at /publications as an administrator"},
		{"stale cookie", dst, path, good, int64(len(good)), append([]string{"Cookie", auth.CookieName + "=nope"}, gzipType...), 401, "UNAUTHENTICATED", "Log in"},
		{"owner, not admin", dst, path, good, int64(len(good)), append([]string{"Cookie", owner}, gzipType...), 403, "FORBIDDEN", "only an administrator"},
		{"form post", dst, path, good, int64(len(good)), []string{"Cookie", admin, "Content-Type", "multipart/form-data; boundary=x"}, 415, "UNSUPPORTED_MEDIA_TYPE", "application/gzip"},
		{"over the limit by length", dst, path, big, int64(len(big)), append([]string{"Cookie", admin}, gzipType...), 413, "PAYLOAD_TOO_LARGE", "larger than 1048576 bytes"},
		{"over the limit while reading", dst, path, big, -1, append([]string{"Cookie", admin}, gzipType...), 413, "PAYLOAD_TOO_LARGE", "larger than 1048576 bytes"},
		{"corrupt", dst, path, corrupt, int64(len(corrupt)), append([]string{"Cookie", admin}, gzipType...), 400, "BAD_USER_INPUT", "archive refused"},
		{"truncated", dst, path, good[:len(good)-100], -1, append([]string{"Cookie", admin}, gzipType...), 400, "BAD_USER_INPUT", "archive refused"},
		{"foreign", dst, path, []byte("id,title\n1,hello\n"), 17, append([]string{"Cookie", admin}, gzipType...), 400, "BAD_USER_INPUT", "not a gzip file"},
		{"empty", dst, path, nil, 0, append([]string{"Cookie", admin}, gzipType...), 400, "BAD_USER_INPUT", "not a gzip file"},
		{"bad as", dst, "/publications/archive/restore?as=no%20spaces", good, int64(len(good)), append([]string{"Cookie", admin}, gzipType...), 400, "BAD_USER_INPUT", "as must be a login name"},
		{"login taken", dst, "/publications/archive/restore", good, int64(len(good)), append([]string{"Cookie", admin}, gzipType...), 409, "CONFLICT", `login name "alice" is taken by another account`},
		{"posts of another account", src.c, "/publications/archive/restore?as=alice2", good, int64(len(good)), append([]string{"Cookie", src.admin}, gzipType...), 409, "CONFLICT", "belongs to another account"},
	}
	for _, tt := range refusals {
		t.Run(tt.name, func(t *testing.T) {
			rec := tt.cluster.post(0, tt.path, tt.body, tt.length, tt.hdr...)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %.300s", rec.Code, tt.status, rec.Body.String())
			}
			a := decodeRestore(t, rec)
			if a.Error == nil || a.Error.Code != tt.code || !strings.Contains(a.Error.Message, tt.has) {
				t.Fatalf("error %+v, want %s with %q", a.Error, tt.code, tt.has)
			}
		})
	}
	// Nothing was written by any refusal.
	ctx := context.Background()
	for _, c := range []struct {
		c     *cluster
		login string
	}{{dst, "alice-moved"}, {dst, "alice"}, {src.c, "alice2"}} {
		u, err := c.c.st.Users.UserByLogin(ctx, c.login)
		if c.login == "alice" {
			if err != nil || u.ID != dst.owner {
				t.Fatalf("dst's alice: %v, %v", u, err)
			}
			if n, err := c.c.st.Posts.PostsByOwner(ctx, dst.owner, 0, 10); err != nil || len(n) != 0 {
				t.Fatalf("dst's alice got posts: %d, %v", len(n), err)
			}
			continue
		}
		if stgypub.ErrorCode(err) != stgypub.CodeNotFound {
			t.Fatalf("%s after the refusals: %v, %v", c.login, u, err)
		}
	}

	// The restore, then the same upload again.
	hdr := append([]string{"Cookie", admin}, gzipType...)
	rec = dst.post(0, path, good, int64(len(good)), hdr...)
	if rec.Code != 200 {
		t.Fatalf("restore: %d %.500s", rec.Code, rec.Body.String())
	}
	a := decodeRestore(t, rec)
	if !a.Changed || !a.OwnerCreated || a.OwnerID != src.c.owner.String() || a.LoginName != "alice-moved" ||
		a.Posts.Created != len(src.wantTitles) || a.Views.Raised != 2*len(src.wantTitles) || a.DailyCounters == nil || a.DailyCounters.Raised == 0 {
		t.Fatalf("restore answered %s", rec.Body.String())
	}
	site := dst.get(0, "/sites/"+src.c.owner.String())
	if site.Code != 200 || !strings.Contains(site.Body.String(), "Plain") {
		t.Fatalf("restored site: %d %.300s", site.Code, site.Body.String())
	}
	before, err := dst.st.Posts.SiteChangedAt(ctx, src.c.owner)
	if err != nil {
		t.Fatal(err)
	}
	rec = dst.post(0, path, good, -1, hdr...)
	if rec.Code != 200 {
		t.Fatalf("second restore: %d %.500s", rec.Code, rec.Body.String())
	}
	a = decodeRestore(t, rec)
	if a.Changed || a.Message != "nothing changed (already imported)" || a.Posts.Unchanged != len(src.wantTitles) ||
		a.Views.Raised != 0 || a.DailyCounters == nil || a.DailyCounters.Raised != 0 {
		t.Fatalf("second restore answered %s", rec.Body.String())
	}
	if after, _ := dst.st.Posts.SiteChangedAt(ctx, src.c.owner); !after.Equal(before) {
		t.Errorf("second restore moved the site change time %v -> %v", before, after)
	}
}
