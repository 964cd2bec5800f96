package federation

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/stgy/stgypub"
)

// What the inbox does with Likes and Announces (docs/FEDERATION.md
// "Inbox").
const (
	HandledReaction   Handled = "reaction"   // Like/Announce of a published post: counted once per actor
	HandledUnreaction Handled = "unreaction" // Undo of a Like/Announce: removed
)

// reactionPost is the post an activity's object names, when it is one
// of userID's published posts as this server publishes it (the Article's
// id and url, {base}/pub/{postId}); 0 otherwise.
func (s *Service) reactionPost(ctx context.Context, userID stgypub.ID, object string) (stgypub.ID, error) {
	rest, ok := strings.CutPrefix(object, s.base+"/pub/")
	if !ok {
		return 0, nil
	}
	id, err := stgypub.ParseID(rest)
	if err != nil {
		return 0, nil
	}
	p, err := s.st.Posts.PublishedPost(ctx, id)
	if stgypub.IsNotFound(err) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	if p.OwnedBy != userID {
		return 0, nil
	}
	return id, nil
}

// react handles a Like or an Announce: of one of the site's published
// posts it is stored once per (actor, post, kind), a repeat changing
// nothing; of anything else it is ignored.
func (s *Service) react(ctx context.Context, userID stgypub.ID, act *activity) (Handled, error) {
	obj, _ := objectID(act.Object)
	post, err := s.reactionPost(ctx, userID, obj)
	if err != nil || post == 0 {
		return HandledIgnored, err
	}
	r := &stgypub.Reaction{UserID: userID, PostID: post, Actor: act.Actor, Kind: act.Type, ActivityID: act.ID}
	if _, err := s.st.Federation.PutReaction(ctx, r); err != nil {
		return "", err
	}
	return HandledReaction, nil
}

// undoReaction handles an Undo whose object is a Like or an Announce
// (embedded: that kind on the post it names, or its id) or a bare
// activity ID, always of the Undo's own actor (the signature proved
// who sent it). Nothing removed is ignored.
func (s *Service) undoReaction(ctx context.Context, userID stgypub.ID, act *activity) (Handled, error) {
	id, typ := objectID(act.Object)
	var post stgypub.ID
	if typ != "" {
		var inner activity
		_ = json.Unmarshal(act.Object, &inner)
		if inner.Actor != "" && inner.Actor != act.Actor {
			return HandledIgnored, nil
		}
		obj, _ := objectID(inner.Object)
		var err error
		if post, err = s.reactionPost(ctx, userID, obj); err != nil {
			return "", err
		}
	}
	if post == 0 && id == "" {
		return HandledIgnored, nil
	}
	removed, err := s.st.Federation.DeleteReaction(ctx, userID, act.Actor, typ, post, id)
	if err != nil || !removed {
		return HandledIgnored, err
	}
	return HandledUnreaction, nil
}

// isReaction reports whether an activity type is one the site counts.
func isReaction(typ string) bool {
	return typ == stgypub.ReactionLike || typ == stgypub.ReactionAnnounce
}
