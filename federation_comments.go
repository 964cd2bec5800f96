package stgypub

import "errors"

// RemoteOrigin is the fediverse Note a comment was made from
// (docs/FEDERATION.md "Replies"): NoteID is the Note's ActivityPub ID and
// Actor the ID of the actor who sent it, the only one whose Update and
// Delete change the comment. Both are absolute URLs of at most 2048
// bytes. They are kept as long as the comment (removed with it) and are
// not part of the site archive.
type RemoteOrigin struct {
	NoteID string
	Actor  string
}

// RemoteComment is a stored comment made from a remote Note.
type RemoteComment struct {
	CommentID ID
	PostID    ID
	RemoteOrigin
}

// ErrNoteStored is in the chain of the error of CommentStore.InsertComment
// when NewComment.Remote names a Note that is already a comment (a
// redelivered Create): nothing is stored.
var ErrNoteStored = errors.New("note already stored as a comment")
