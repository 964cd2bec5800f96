package federation

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
)

// What the inbox does with replies (docs/FEDERATION.md "Replies").
const (
	HandledComment       Handled = "comment"        // Create Note: comment stored
	HandledCommentEdit   Handled = "comment-edit"   // Update Note: comment text replaced
	HandledCommentDelete Handled = "comment-delete" // Delete Note (or its actor): comment(s) removed
)

// maxOriginBytes bounds a Note ID and an actor ID kept with a comment
// (federation_comments' CHECK).
const maxOriginBytes = 2048

// maxProfileBytes bounds the profile URL written into a reply's body;
// a longer one is left out.
const maxProfileBytes = 512

// note is the part of a Note the inbox reads.
type note struct {
	ID           string            `json:"id"`
	Type         string            `json:"type"`
	AttributedTo json.RawMessage   `json:"attributedTo"`
	InReplyTo    json.RawMessage   `json:"inReplyTo"`
	Content      string            `json:"content"`
	ContentMap   map[string]string `json:"contentMap"`
	To           json.RawMessage   `json:"to"`
	Cc           json.RawMessage   `json:"cc"`
}

// public reports whether the Note is addressed to the public collection
// (in to or cc; Mastodon's public and unlisted posts): a direct or
// followers-only reply never becomes a public comment.
func (n *note) public() bool {
	for _, raw := range []json.RawMessage{n.To, n.Cc} {
		var list []string
		if json.Unmarshal(raw, &list) != nil {
			var one string
			if json.Unmarshal(raw, &one) != nil {
				continue
			}
			list = []string{one}
		}
		for _, a := range list {
			if a == publicCollection || a == "as:Public" || a == "Public" {
				return true
			}
		}
	}
	return false
}

// publicCollection is ActivityStreams' special public collection.
const publicCollection = "https://www.w3.org/ns/activitystreams#Public"

// embeddedNote reads an activity's object as an embedded Note: ok is
// false when the object is something else (an ID, another type), err
// (400) when it does not parse or lacks an ID, or is attributed to
// someone other than actor (403).
func embeddedNote(raw json.RawMessage, actor string) (n *note, ok bool, err error) {
	if _, typ := objectID(raw); typ != "Note" {
		return nil, false, nil
	}
	n = &note{}
	if err := json.Unmarshal(raw, n); err != nil {
		return nil, false, badInbox(http.StatusBadRequest, "object is not a Note: %v", err)
	}
	if n.ID == "" || len(n.ID) > maxOriginBytes {
		return nil, false, badInbox(http.StatusBadRequest, "Note has no id, or one over %d bytes", maxOriginBytes)
	}
	if !sameHost(n.ID, actor) {
		return nil, false, badInbox(http.StatusBadRequest, "Note %s is not on the server of its actor %s", n.ID, actor)
	}
	if by := attributedTo(n.AttributedTo); by != "" && by != actor {
		return nil, false, badInbox(http.StatusForbidden, "Note %s is attributed to %s, not to the activity's actor %s", n.ID, by, actor)
	}
	return n, true, nil
}

// text is the Note's plain text (NoteText of content, else of one
// contentMap entry, the lowest language tag first).
func (n *note) text() string {
	if n.Content != "" || len(n.ContentMap) == 0 {
		return NoteText(n.Content)
	}
	best := ""
	for lang := range n.ContentMap {
		if best == "" || lang < best {
			best = lang
		}
	}
	return NoteText(n.ContentMap[best])
}

// attributedTo is a Note's author: a string, an object's id, or the
// first of an array.
func attributedTo(raw json.RawMessage) string {
	id, _ := objectID(firstOf(raw))
	return id
}

// firstOf is raw itself, or the first member when raw is a JSON array
// (nil for an empty one): ActivityStreams lets most properties hold one
// value or several.
func firstOf(raw json.RawMessage) json.RawMessage {
	var arr []json.RawMessage
	if json.Unmarshal(raw, &arr) == nil {
		if len(arr) == 0 {
			return nil
		}
		return arr[0]
	}
	return raw
}

func sameHost(a, b string) bool {
	ua, err1 := url.Parse(a)
	ub, err2 := url.Parse(b)
	return err1 == nil && err2 == nil && ua.Host != "" && strings.EqualFold(ua.Host, ub.Host)
}

// replyTarget is the post a Note's inReplyTo names when it is one of
// this server's Article IDs ({base}/pub/{postId}).
func (s *Service) replyTarget(raw json.RawMessage) (stgypub.ID, bool) {
	id, _ := objectID(raw)
	rest, ok := strings.CutPrefix(id, s.base+"/pub/")
	if !ok {
		return 0, false
	}
	postID, err := stgypub.ParseID(rest)
	return postID, err == nil
}

// author returns the nickname and profile URL of a reply's actor: its
// name, else preferredUsername, else its host, normalized and cut to
// the nickname limit; its url (an http(s) URL), else its ID.
func (s *Service) author(ctx context.Context, actor string, signer *remoteActor) (nickname, profile string, err error) {
	doc := signer
	if signer.ID != actor {
		if doc, _, err = s.remoteDoc(ctx, actor, false); err != nil {
			return "", "", badInbox(http.StatusBadRequest, "actor %s could not be fetched: %v", actor, err)
		}
	}
	for _, n := range []string{doc.Name, doc.PreferredUsername, keyHost(actor)} {
		if nickname = stgypub.NormalizeNickname(n); stgypub.HasVisible(nickname) {
			break
		}
	}
	if r := []rune(nickname); len(r) > stgypub.CommentNicknameMaxChars {
		nickname = strings.TrimSpace(string(r[:stgypub.CommentNicknameMaxChars-1])) + "…"
	}
	profile = profileURL(doc.URL)
	if profile == "" {
		profile = actor
	}
	return nickname, profile, nil
}

// profileURL reads an actor's url: a string, a Link's href, or the
// first of an array of them; "" unless an http(s) URL.
func profileURL(raw json.RawMessage) string {
	raw = firstOf(raw)
	var s string
	if json.Unmarshal(raw, &s) != nil {
		var l struct {
			Href string `json:"href"`
		}
		_ = json.Unmarshal(raw, &l)
		s = l.Href
	}
	if u, err := url.Parse(s); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return ""
	}
	return s
}

// replyBody is a reply's comment body: the Note's text, cut with "…" so
// that the last line, "— " and the author's profile URL, fits the
// comment limit. "" when the text has nothing visible.
func replyBody(text, profile string) string {
	text = strings.TrimSuffix(stgypub.NormalizeBody(text), "\n")
	if !stgypub.HasVisible(text) {
		return ""
	}
	suffix := ""
	if profile != "" && len(profile) <= maxProfileBytes {
		suffix = "\n\n— " + profile
	}
	room := stgypub.CommentBodyMaxChars - utf8.RuneCountInString(suffix)
	if r := []rune(text); len(r) > room {
		text = strings.TrimSpace(string(r[:room-1])) + "…"
	}
	return text + suffix
}

// create makes a Create of a public Note replying to one of the site's
// published posts a comment; anything else (a direct or followers-only
// Note included) is ignored.
func (s *Service) create(ctx context.Context, userID stgypub.ID, act *activity, signer *remoteActor) (Handled, error) {
	n, ok, err := embeddedNote(act.Object, act.Actor)
	if err != nil || !ok || s.cfg.Comments == nil {
		return HandledIgnored, err
	}
	postID, ok := s.replyTarget(n.InReplyTo)
	if !ok || !n.public() {
		return HandledIgnored, nil
	}
	post, err := s.st.Posts.PublishedPost(ctx, postID)
	if stgypub.IsNotFound(err) || (err == nil && post.OwnedBy != userID) {
		return HandledIgnored, nil
	}
	if err != nil {
		return "", err
	}
	if len(act.Actor) > maxOriginBytes {
		return "", badInbox(http.StatusBadRequest, "actor ID over %d bytes", maxOriginBytes)
	}
	nick, profile, err := s.author(ctx, act.Actor, signer)
	if err != nil {
		return "", err
	}
	body := replyBody(n.text(), profile)
	if body == "" {
		return "", badInbox(http.StatusBadRequest, "Note %s has no text", n.ID)
	}
	_, err = s.cfg.Comments.PostRemote(ctx, comment.RemoteInput{PostID: postID, Nickname: nick, Body: body,
		Origin: stgypub.RemoteOrigin{NoteID: n.ID, Actor: act.Actor}})
	return commentOutcome(HandledComment, err)
}

// commentOutcome maps the comment service's answer: refusals by the
// comment rules (closed section, cap, post gone, a Note stored already)
// are 202 and nothing stored; bad text is 400 with the rule's message.
func commentOutcome(done Handled, err error) (Handled, error) {
	var e *stgypub.Error
	switch {
	case err == nil:
		return done, nil
	case errors.Is(err, stgypub.ErrNoteStored):
		return HandledIgnored, nil
	}
	switch stgypub.ErrorCode(err) {
	case stgypub.CodeForbidden, stgypub.CodeConflict, stgypub.CodeNotFound:
		return HandledIgnored, nil
	case stgypub.CodeBadUserInput:
		msg := "reply refused"
		if errors.As(err, &e) {
			msg = e.Message
		}
		return "", badInbox(http.StatusBadRequest, "%s", msg)
	}
	return "", err
}

// update replaces the text (and author name) of the comment a Note
// became, when the Update's actor sent the Note; another actor is 403.
// An Update of anything else is ignored.
func (s *Service) update(ctx context.Context, act *activity, signer *remoteActor) (Handled, error) {
	n, ok, err := embeddedNote(act.Object, act.Actor)
	if err != nil || !ok || s.cfg.Comments == nil {
		return HandledIgnored, err
	}
	rc, err := s.ownComment(ctx, n.ID, act.Actor)
	if err != nil || rc == nil {
		return HandledIgnored, err
	}
	nick, profile, err := s.author(ctx, act.Actor, signer)
	if err != nil {
		return "", err
	}
	body := replyBody(n.text(), profile)
	if body == "" {
		return "", badInbox(http.StatusBadRequest, "Note %s has no text", n.ID)
	}
	_, err = s.cfg.Comments.EditRemote(ctx, rc.CommentID, nick, body)
	return commentOutcome(HandledCommentEdit, err)
}

// ownComment returns the comment Note noteID became, nil when none did;
// 403 when another actor than actor sent it.
func (s *Service) ownComment(ctx context.Context, noteID, actor string) (*stgypub.RemoteComment, error) {
	rc, err := s.st.Federation.RemoteComment(ctx, noteID)
	if stgypub.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if rc.Actor != actor {
		return nil, badInbox(http.StatusForbidden, "Note %s was sent by another actor than %s", noteID, actor)
	}
	return rc, nil
}

// deleteNote removes the comment a Note became (object an ID or a
// Tombstone) when the Delete's actor sent it (another actor: 403); a
// Delete of the actor itself removes every comment its Notes became.
// Anything else is ignored.
func (s *Service) deleteNote(ctx context.Context, act *activity) (Handled, error) {
	id, _ := objectID(act.Object)
	if id == "" || s.cfg.Comments == nil {
		return HandledIgnored, nil
	}
	var rcs []*stgypub.RemoteComment
	if id == act.Actor {
		var err error
		if rcs, err = s.st.Federation.RemoteCommentsBy(ctx, act.Actor); err != nil {
			return "", err
		}
	} else {
		rc, err := s.ownComment(ctx, id, act.Actor)
		if err != nil || rc == nil {
			return HandledIgnored, err
		}
		rcs = append(rcs, rc)
	}
	if len(rcs) == 0 {
		return HandledIgnored, nil
	}
	for _, rc := range rcs {
		if err := s.cfg.Comments.DeleteRemote(ctx, rc.CommentID); err != nil && !stgypub.IsNotFound(err) {
			return "", err
		}
	}
	return HandledCommentDelete, nil
}
