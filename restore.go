package stgypub

// SiteRestore is a whole site restored in one transaction from an archive
// (docs/ARCHIVE.md "Import"; store.RestoreSite). The account is found by
// LoginName (case-insensitively): with Existing, it must exist and takes
// the site whatever its ID; without, an account of that login is the
// site's own only when its ID is ArchiveOwner or it already holds some of
// the archived posts (an earlier import), and a missing one is created
// with the ID ArchiveOwner when free (else a new ID) and no password.
type SiteRestore struct {
	ArchiveOwner ID
	LoginName    string
	Existing     bool
	// Nickname and Introduction are the archived profile, written to the
	// account.
	Nickname, Introduction string
	// Config is the archived settings row (UserID ignored); nil leaves the
	// account's settings as they are.
	Config *PubConfig
	// Posts have every stored field set (OwnedBy ignored: the account);
	// Comments are on those posts; Views are (post, UTC day, count) rows
	// raised with the monotonic checkpoint rule (OwnerID ignored).
	Posts    []*Post
	Comments []*Comment
	Views    []Checkpoint
}

// RestoreSummary is what a restore did. OwnerCreated: the account was
// created, with the archive's profile; ProfileChanged: an existing
// account's profile was rewritten (false when OwnerCreated). A second
// restore of the same archive creates and updates nothing (Changed is
// false).
type RestoreSummary struct {
	OwnerID                                             ID
	OwnerCreated, ProfileChanged, SettingsChanged       bool
	PostsCreated, PostsUpdated, PostsUnchanged          int
	CommentsCreated, CommentsUpdated, CommentsUnchanged int
	// ViewsRaised counts the (post, day) checkpoints inserted or raised;
	// ViewsUnchanged those already at or above the archived count.
	ViewsRaised, ViewsUnchanged int
}

// Changed reports whether the restore wrote anything.
func (s RestoreSummary) Changed() bool {
	return s.OwnerCreated || s.ProfileChanged || s.SettingsChanged || s.PostsCreated+s.PostsUpdated > 0 ||
		s.CommentsCreated+s.CommentsUpdated > 0 || s.ViewsRaised > 0
}
