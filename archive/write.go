package archive

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/stgy/stgypub"
)

// Write writes site as a gzip'd tar to w in the layout of docs/ARCHIVE.md,
// manifest first (its format, version and counts are set from site), and
// streams: each file goes to w as it is encoded. The posts' front matter
// tells their state at site.Manifest.CreatedAt; untitled posts are named
// by their date in loc (the site's time zone; nil is UTC). The same site
// gives the same bytes.
func Write(w io.Writer, site *Site, loc *time.Location) error {
	m := site.Manifest
	m.Format, m.Version = Format, Version
	m.OwnerID, m.LoginName = site.Profile.ID, site.Profile.LoginName
	m.Posts, m.Comments = len(site.Posts), len(site.Comments)
	m.DailyViews, m.Checkpoints = len(site.DailyViews), len(site.Checkpoints)
	m.CreatedAt = m.CreatedAt.UTC()
	gz := gzip.NewWriter(w)
	tw := &tarWriter{tw: tar.NewWriter(gz), mtime: m.CreatedAt}
	tw.json("manifest.json", m)
	tw.json("owner.json", site.Profile)
	if site.Settings != nil {
		tw.json("settings.json", site.Settings)
	}
	for _, p := range site.Posts {
		b, err := encodePost(p, m.CreatedAt, loc)
		if err != nil {
			return err
		}
		tw.file("posts/"+p.ID.String()+".md", b)
	}
	for _, group := range commentsByPost(site.Comments) {
		out := make([]Comment, len(group))
		for i, c := range group {
			out[i] = Comment{ID: c.ID, PostID: c.PostID, Nickname: c.Nickname, Body: c.Body,
				Status: statusName(c.Status), IsAuthor: c.IsAuthor, CreatedAt: c.CreatedAt()}
		}
		tw.json("comments/"+group[0].PostID.String()+".json", out)
	}
	tw.file("views/daily.csv", viewsCSV(site.DailyViews))
	tw.file("views/checkpoints.csv", viewsCSV(site.Checkpoints))
	if tw.err != nil {
		return tw.err
	}
	if err := tw.tw.Close(); err != nil {
		return fmt.Errorf("archive: %w", err)
	}
	if err := gz.Close(); err != nil {
		return fmt.Errorf("archive: %w", err)
	}
	return nil
}

// tarWriter keeps the first error, so Write checks once.
type tarWriter struct {
	tw    *tar.Writer
	mtime time.Time
	err   error
}

func (t *tarWriter) json(name string, v any) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil && t.err == nil {
		t.err = fmt.Errorf("archive: %s: %w", name, err)
	}
	t.file(name, append(b, '\n'))
}

func (t *tarWriter) file(name string, b []byte) {
	if t.err != nil {
		return
	}
	h := &tar.Header{Typeflag: tar.TypeReg, Name: name, Size: int64(len(b)), Mode: 0o644, ModTime: t.mtime, Format: tar.FormatPAX}
	if err := t.tw.WriteHeader(h); err != nil {
		t.err = fmt.Errorf("archive: %s: %w", name, err)
		return
	}
	if _, err := t.tw.Write(b); err != nil {
		t.err = fmt.Errorf("archive: %s: %w", name, err)
	}
}

// commentsByPost groups cs by post, each group in cs's order, the groups
// by post ID (a stable layout).
func commentsByPost(cs []*stgypub.Comment) [][]*stgypub.Comment {
	idx := map[stgypub.ID]int{}
	var groups [][]*stgypub.Comment
	for _, c := range cs {
		i, ok := idx[c.PostID]
		if !ok {
			i = len(groups)
			idx[c.PostID] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], c)
	}
	sortGroups(groups)
	return groups
}

func statusName(s stgypub.CommentStatus) string {
	if s == stgypub.CommentPending {
		return "PENDING"
	}
	return "PUBLISHED"
}

const viewsHeader = "postId,date,count"

func viewsCSV(rows []ViewCount) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write([]string{"postId", "date", "count"})
	for _, r := range rows {
		_ = w.Write([]string{r.PostID.String(), r.Date.UTC().Format(time.DateOnly), strconv.FormatInt(r.Count, 10)})
	}
	w.Flush()
	return b.Bytes()
}
