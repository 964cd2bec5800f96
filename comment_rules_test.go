package stgypub

import (
	"testing"
	"time"
)

func TestCommentSectionOpen(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	past, future := now.Add(-time.Hour), now.Add(time.Hour)
	for _, tc := range []struct {
		name    string
		pub     *time.Time
		replies bool
		mode    string
		want    bool
	}{
		{"published open", &past, true, CommentsOpen, true},
		{"published moderated", &past, true, CommentsModerated, true},
		{"published at now", &now, true, CommentsOpen, true},
		{"mode none", &past, true, CommentsNone, false},
		{"mode unset", &past, true, "", false},
		{"replies off", &past, false, CommentsOpen, false},
		{"scheduled", &future, true, CommentsOpen, false},
		{"unpublished", nil, true, CommentsModerated, false},
	} {
		p := &Post{ID: 1, OwnedBy: 2, PublishedAt: tc.pub, AllowReplies: tc.replies}
		if got := CommentSectionOpen(p, tc.mode, now); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestCommentPermissionMatrix(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	past := now.Add(-time.Hour)
	post := &Post{ID: 10, OwnedBy: 1, PublishedAt: &past, AllowReplies: true}
	viewers := map[string]*User{
		"anonymous":      nil,
		"reader":         {ID: 2},
		"owner":          {ID: 1},
		"admin":          {ID: 3, IsAdmin: true},
		"admin as owner": {ID: 1, IsAdmin: true},
	}
	authored := &Comment{ID: 100, PostID: 10, IsAuthor: true}
	reader := &Comment{ID: 101, PostID: 10}
	for name, want := range map[string]struct{ moderate, editAuthored, editReader bool }{
		"anonymous":      {false, false, false},
		"reader":         {false, false, false},
		"owner":          {true, true, false},
		"admin":          {true, true, true},
		"admin as owner": {true, true, true},
	} {
		v := viewers[name]
		if got := CanModerateComments(v, post); got != want.moderate {
			t.Errorf("%s: moderate %v, want %v", name, got, want.moderate)
		}
		if got := CanEditComment(v, post, authored); got != want.editAuthored {
			t.Errorf("%s: edit is_author comment %v, want %v", name, got, want.editAuthored)
		}
		if got := CanEditComment(v, post, reader); got != want.editReader {
			t.Errorf("%s: edit reader's comment %v, want %v", name, got, want.editReader)
		}
	}
	// The owner of another post moderates nothing here.
	if CanModerateComments(&User{ID: 1}, &Post{OwnedBy: 9}) || CanEditComment(&User{ID: 1}, &Post{OwnedBy: 9}, authored) {
		t.Error("an owner moderates another owner's post")
	}
}

func TestNewCommentStatusAndAsOwner(t *testing.T) {
	for _, tc := range []struct {
		mode string
		mod  bool
		want CommentStatus
	}{
		{CommentsModerated, false, CommentPending},
		{CommentsModerated, true, CommentPublished},
		{CommentsOpen, false, CommentPublished},
		{CommentsOpen, true, CommentPublished},
	} {
		if got := NewCommentStatus(tc.mode, tc.mod); got != tc.want {
			t.Errorf("NewCommentStatus(%s, %v) = %s, want %s", tc.mode, tc.mod, got, tc.want)
		}
	}
	post := &Post{ID: 10, OwnedBy: 1}
	owner, admin, reader := &User{ID: 1}, &User{ID: 3, IsAdmin: true}, &User{ID: 2}
	yes, no := true, false
	for _, tc := range []struct {
		name             string
		viewer           *User
		requested, saved *bool
		want             bool
	}{
		{"owner default on", owner, nil, nil, true},
		{"admin default off", admin, nil, nil, false},
		{"owner saved off", owner, nil, &no, false},
		{"admin saved on", admin, nil, &yes, true},
		{"request wins over saved", owner, &yes, &no, true},
		{"reader never", reader, &yes, &yes, false},
		{"anonymous never", nil, &yes, nil, false},
	} {
		if got := AsOwnerChoice(tc.viewer, post, tc.requested, tc.saved); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestCommentListVisibility(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	past := now.Add(-time.Hour)
	open := &CommentTarget{Post: &Post{OwnedBy: 1, PublishedAt: &past, AllowReplies: true}, Mode: CommentsOpen}
	closed := &CommentTarget{Post: &Post{OwnedBy: 1, PublishedAt: &past, AllowReplies: true}, Mode: CommentsNone}
	draft := &CommentTarget{Post: &Post{OwnedBy: 1, AllowReplies: true}, Mode: CommentsOpen}
	for _, tc := range []struct {
		name   string
		viewer *User
		t      *CommentTarget
		want   CommentVisibility
	}{
		{"reader open", nil, open, CommentsPublishedOnly},
		{"reader closed", &User{ID: 2}, closed, CommentsClosed},
		{"reader draft", nil, draft, CommentsHidden},
		{"owner closed", &User{ID: 1}, closed, CommentsAll},
		{"owner draft", &User{ID: 1}, draft, CommentsAll},
		{"admin open", &User{ID: 5, IsAdmin: true}, open, CommentsAll},
	} {
		if got := CommentListVisibility(tc.viewer, tc.t, now); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
