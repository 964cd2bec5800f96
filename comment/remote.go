package comment

import (
	"context"

	"github.com/stgy/stgypub"
)

// RemoteInput is a comment made from a fediverse reply (a Note whose
// inReplyTo is the post), as the federation inbox passes it once the
// activity's HTTP signature is verified.
type RemoteInput struct {
	PostID stgypub.ID
	// Nickname is the remote author's display name; Body the Note's
	// text. Both are normalized and limited as a reader's are.
	Nickname, Body string
	// Origin is the Note and its actor, stored with the comment.
	Origin stgypub.RemoteOrigin
}

// PostRemote stores a comment from the fediverse by the rules of Post for
// an anonymous reader, the CAPTCHA excepted (the signature is the proof):
// nickname and body normalized and limited (BAD_USER_INPUT), the post
// published (NOT_FOUND), the section open (FORBIDDEN: mode none or
// replies off), the per-post cap (CONFLICT); pending in moderated mode,
// published in open mode; the owner notified, the public cache
// invalidated and the live subscriptions told. A Note already stored is
// an error wrapping stgypub.ErrNoteStored and stores nothing. No client
// address or user agent is involved.
func (s *Service) PostRemote(ctx context.Context, in RemoteInput) (*stgypub.Comment, error) {
	now := s.cfg.Now()
	nick, body, err := checkText(in.Nickname, in.Body)
	if err != nil {
		return nil, err
	}
	t, err := s.admit(ctx, nil, in.PostID, now)
	if err != nil {
		return nil, err
	}
	c := &stgypub.Comment{PostID: in.PostID, Nickname: nick, Body: body}
	nc := s.newComment(nil, t, c, false, now)
	origin := in.Origin
	nc.Remote = &origin
	if err := s.store.InsertComment(ctx, nc); err != nil {
		return nil, s.insertError(err)
	}
	s.inserted(ctx, t, nc)
	return c, nil
}

// EditRemote replaces the nickname and body of comment id when its Note
// was updated, normalized and limited as when posting (BAD_USER_INPUT).
// A change takes the status a new reader's comment would get: in
// moderated mode a published comment returns to pending (the owner
// approved another text); otherwise its status is kept. NOT_FOUND when
// the comment is gone. The caller checked the Update's actor is the
// Note's. The public cache is invalidated.
func (s *Service) EditRemote(ctx context.Context, id stgypub.ID, nickname, body string) (*stgypub.Comment, error) {
	nick, b, err := checkText(nickname, body)
	if err != nil {
		return nil, err
	}
	old, t, err := s.store.Comment(ctx, id)
	if err != nil {
		return nil, err
	}
	if old.Nickname == nick && old.Body == b {
		return old, nil
	}
	pending := stgypub.NewCommentStatus(t.Mode, false) == stgypub.CommentPending
	c, err := s.store.EditRemoteComment(ctx, id, nick, b, pending)
	if err != nil {
		return nil, err
	}
	s.invalidate(ctx, c.PostID)
	return c, nil
}

// DeleteRemote deletes comment id when its Note was deleted (its
// notification and Note row go with it); NOT_FOUND when it is gone
// already. The caller checked the Delete's actor is the Note's. The
// public cache is invalidated.
func (s *Service) DeleteRemote(ctx context.Context, id stgypub.ID) error {
	c, _, err := s.store.Comment(ctx, id)
	if err != nil {
		return err
	}
	if err := s.store.DeleteComment(ctx, id); err != nil {
		return err
	}
	s.invalidate(ctx, c.PostID)
	return nil
}
