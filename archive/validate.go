package archive

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/markdown"
)

// maxViewCount is the largest count a view row may hold (the checkpoint
// column is a 32-bit INTEGER).
const maxViewCount = 1<<31 - 1

// parseSite decodes and validates the files of an archive (manifest
// first, readTar checked the names).
func parseSite(files []file, now time.Time) (*Site, error) {
	site := &Site{}
	m := &site.Manifest
	var probe struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(files[0].data, &probe); err != nil || probe.Format != Format {
		return nil, refuse("not a STGY Pub site archive (manifest.json has no format %q)", Format)
	}
	if probe.Version != Version {
		return nil, refuse("manifest version %d is not supported (this stgy-pub reads version %d)", probe.Version, Version)
	}
	if err := decodeJSON("manifest.json", files[0].data, m); err != nil {
		return nil, err
	}
	var hasOwner, hasDaily, hasCheckpoints bool
	posts := map[stgypub.ID]*stgypub.Post{}
	commentIDs := map[stgypub.ID]bool{}
	var commentFiles []file
	for _, f := range files[1:] {
		var err error
		switch {
		case f.name == "owner.json":
			hasOwner = true
			err = parseProfile(f, &site.Profile)
		case f.name == "settings.json":
			site.Settings = &Settings{}
			err = parseSettings(f, site.Settings)
		case f.name == "views/daily.csv":
			hasDaily = true
			site.DailyViews, err = parseViews(f)
		case f.name == "views/checkpoints.csv":
			hasCheckpoints = true
			site.Checkpoints, err = parseViews(f)
		case strings.HasPrefix(f.name, "posts/"):
			var p *stgypub.Post
			if p, err = parsePost(f); err == nil {
				posts[p.ID] = p
				site.Posts = append(site.Posts, p)
			}
		default: // comments/, after the posts are known
			commentFiles = append(commentFiles, f)
		}
		if err != nil {
			return nil, err
		}
	}
	if !hasOwner || !hasDaily || !hasCheckpoints {
		return nil, refuse("owner.json, views/daily.csv and views/checkpoints.csv are required")
	}
	if site.Profile.ID != m.OwnerID || site.Profile.LoginName != m.LoginName {
		return nil, refuse("owner.json does not match the manifest's owner")
	}
	for _, p := range site.Posts {
		p.OwnedBy = site.Profile.ID
	}
	if err := checkReplies(site.Posts, posts); err != nil {
		return nil, err
	}
	for _, f := range commentFiles {
		cs, err := parseComments(f, posts, commentIDs, now)
		if err != nil {
			return nil, err
		}
		site.Comments = append(site.Comments, cs...)
	}
	for name, rows := range map[string][]ViewCount{"views/daily.csv": site.DailyViews, "views/checkpoints.csv": site.Checkpoints} {
		for _, r := range rows {
			if posts[r.PostID] == nil {
				return nil, refuse("%s: post %s is not in the archive", name, r.PostID)
			}
		}
	}
	got := [4]int{len(site.Posts), len(site.Comments), len(site.DailyViews), len(site.Checkpoints)}
	if want := [4]int{m.Posts, m.Comments, m.DailyViews, m.Checkpoints}; got != want {
		return nil, refuse("incomplete: the manifest lists %d posts, %d comments, %d daily and %d checkpoint rows; the archive holds %d, %d, %d and %d",
			want[0], want[1], want[2], want[3], got[0], got[1], got[2], got[3])
	}
	site.Sort()
	return site, nil
}

func parseProfile(f file, p *Profile) error {
	if err := decodeJSON(f.name, f.data, p); err != nil {
		return err
	}
	if p.ID <= 0 || stgypub.CheckLoginName(p.LoginName) != nil {
		return refuse("owner.json: an ID and a login name of 1-50 [A-Za-z0-9_.-] are required")
	}
	if err := stgypub.CheckText("nickname", p.Nickname, 50); err != nil {
		return refuse("owner.json: %s", stgypub.ErrorMessage(err))
	}
	if err := stgypub.CheckText("introduction", p.Introduction, 2000); err != nil {
		return refuse("owner.json: %s", stgypub.ErrorMessage(err))
	}
	return nil
}

func parseSettings(f file, s *Settings) error {
	if err := decodeJSON(f.name, f.data, s); err != nil {
		return err
	}
	if err := s.PubConfig(0).Validate(); err != nil {
		return refuse("settings.json: %s", stgypub.ErrorMessage(err))
	}
	return nil
}

// parsePost decodes a posts/ file and derives what a write stores
// (snippet, plain text, featured image, reading time) the way the owners'
// API does, so a restored post reads like one written there.
func parsePost(f file) (*stgypub.Post, error) {
	p, err := decodePost(f.data)
	if err != nil {
		return nil, refuse("%s: %v", f.name, err)
	}
	if want := "posts/" + p.ID.String() + ".md"; f.name != want {
		return nil, refuse("%s: front matter id %s does not match the file name", f.name, p.ID)
	}
	if err := stgypub.CheckText("content", p.Content, stgypub.PostContentMaxChars); err != nil {
		return nil, refuse("%s: %s", f.name, stgypub.ErrorMessage(err))
	}
	if loc, err := stgypub.CanonicalLocale(p.Locale); err != nil || loc != p.Locale {
		return nil, refuse("%s: locale %q is not a canonical BCP 47 tag", f.name, clip(p.Locale))
	}
	if p.Tags == nil {
		p.Tags = []string{}
	}
	if tags, err := stgypub.NormalizeTags(p.Tags); err != nil || !equalStrings(tags, p.Tags) {
		return nil, refuse("%s: tags are not normalized (docs/SPEC.md#tags)", f.name)
	}
	doc, err := markdown.ConvertWithin(p.Content, markdown.Options{}, markdown.RenderBudget)
	if err != nil {
		return nil, refuse("%s: the body does not render within the limits (docs/API.md \"Limits\")", f.name)
	}
	p.Snippet = doc.Snippet
	p.PlainText = markdown.PlainText(p.Content)
	p.Derived = doc.Derived(p.PlainText)
	return p, nil
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// parseComments decodes a comments/ file: the post must be in the
// archive, every ID unique across the archive and dated from 2000 to a
// day after now, text within the database limits (comment.Import's rules).
func parseComments(f file, posts map[stgypub.ID]*stgypub.Post, ids map[stgypub.ID]bool, now time.Time) ([]*stgypub.Comment, error) {
	postID, _ := stgypub.ParseID(strings.TrimSuffix(strings.TrimPrefix(f.name, "comments/"), ".json"))
	if posts[postID] == nil {
		return nil, refuse("%s: post %s is not in the archive", f.name, postID)
	}
	var in []Comment
	if err := decodeJSON(f.name, f.data, &in); err != nil {
		return nil, err
	}
	out := make([]*stgypub.Comment, len(in))
	for i, c := range in {
		where := fmt.Sprintf("%s: comment %s", f.name, c.ID)
		if c.ID <= 0 || ids[c.ID] {
			return nil, refuse("%s: comment IDs must be positive and unique", f.name)
		}
		ids[c.ID] = true
		if c.PostID != postID {
			return nil, refuse("%s: postId %s is not the file's post", where, c.PostID)
		}
		if !comment.ImportIDTimeOK(c.ID, now) {
			return nil, refuse("%s: the ID dates it %s; want 2000 to a day from now", where, c.ID.Time().Format(time.RFC3339))
		}
		status, err := stgypub.ParseCommentStatus(c.Status)
		if err != nil {
			return nil, refuse("%s: status must be PENDING or PUBLISHED", where)
		}
		nick, err := stgypub.CheckNickname(c.Nickname, stgypub.CommentNicknameDBMaxChars)
		if err != nil {
			return nil, refuse("%s: %s", where, stgypub.ErrorMessage(err))
		}
		body, err := stgypub.CheckBody(c.Body, stgypub.CommentBodyDBMaxChars-1)
		if err != nil {
			return nil, refuse("%s: %s", where, stgypub.ErrorMessage(err))
		}
		out[i] = &stgypub.Comment{ID: c.ID, PostID: postID, Nickname: nick, Body: body, Status: status, IsAuthor: c.IsAuthor}
	}
	return out, nil
}

// parseViews reads a views CSV: the header, then postId,date,count rows,
// one per (post, date), counts from 1 to 2^31-1.
func parseViews(f file) ([]ViewCount, error) {
	r := csv.NewReader(bytes.NewReader(f.data))
	r.FieldsPerRecord = 3
	head, err := r.Read()
	if err != nil || strings.Join(head, ",") != viewsHeader {
		return nil, refuse("%s: want the header %s", f.name, viewsHeader)
	}
	type key struct {
		post stgypub.ID
		date string
	}
	seen := map[key]bool{}
	var out []ViewCount
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		line, _ := r.FieldPos(0)
		if err != nil {
			return nil, refuse("%s: %v", f.name, err)
		}
		id, err := stgypub.ParseID(rec[0])
		if err != nil {
			return nil, refuse("%s line %d: %s", f.name, line, stgypub.ErrorMessage(err))
		}
		d, err := time.Parse(time.DateOnly, rec[1])
		if err != nil {
			return nil, refuse("%s line %d: date %q: want YYYY-MM-DD", f.name, line, clip(rec[1]))
		}
		n, err := strconv.ParseInt(rec[2], 10, 64)
		if err != nil || n < 1 || n > maxViewCount {
			return nil, refuse("%s line %d: count %q: want 1 to %d", f.name, line, clip(rec[2]), maxViewCount)
		}
		k := key{id, rec[1]}
		if seen[k] {
			return nil, refuse("%s line %d: post %s on %s appears twice", f.name, line, id, rec[1])
		}
		seen[k] = true
		out = append(out, ViewCount{PostID: id, Date: d, Count: n})
	}
}

// checkReplies refuses a post whose reply_to names itself, or a chain of
// reply_to among the archive's posts that comes back to where it started
// (a reply is to another conversation, never a loop). A reply_to naming a
// post outside the archive is kept as it is. Each post is walked once.
func checkReplies(list []*stgypub.Post, posts map[stgypub.ID]*stgypub.Post) error {
	const walking, done = 1, 2
	state := make(map[stgypub.ID]int, len(list))
	for _, p := range list {
		if p.ReplyTo != nil && *p.ReplyTo == p.ID {
			return refuse("posts/%s.md: reply_to names the post itself", p.ID)
		}
		var path []stgypub.ID
		for q := p; q != nil && state[q.ID] != done; {
			if state[q.ID] == walking {
				return refuse("posts/%s.md: reply_to leads back to post %s (a loop of replies)", p.ID, q.ID)
			}
			state[q.ID] = walking
			path = append(path, q.ID)
			if q.ReplyTo == nil {
				break
			}
			q = posts[*q.ReplyTo]
		}
		for _, id := range path {
			state[id] = done
		}
	}
	return nil
}
