package server

import "github.com/stgy/stgypub/archive"

// restoreAnswer is POST /publications/archive/restore's JSON answer
// (docs/ARCHIVE.md "Restore over HTTP"): what the restore did, the same
// line `archive import` prints in message.
type restoreAnswer struct {
	Changed         bool   `json:"changed"`
	Message         string `json:"message"`
	OwnerID         string `json:"ownerId"`
	LoginName       string `json:"loginName"`
	SiteURL         string `json:"siteUrl"`
	OwnerCreated    bool   `json:"ownerCreated"`
	ProfileChanged  bool   `json:"profileChanged"`
	SettingsChanged bool   `json:"settingsChanged"`
	Posts           counts `json:"posts"`
	Comments        counts `json:"comments"`
	// Views are the checkpoint rows (post, day) raised or unchanged.
	Views struct {
		Raised    int `json:"raised"`
		Unchanged int `json:"unchanged"`
	} `json:"views"`
	// DailyCounters is nil when Redis could not be raised (Warning says
	// so; the checkpoints are committed).
	DailyCounters *archive.CountersRaised `json:"dailyCounters"`
	Warning       string                  `json:"warning,omitempty"`
}

// counts are rows created, updated and left as they were.
type counts struct {
	Created   int `json:"created"`
	Updated   int `json:"updated"`
	Unchanged int `json:"unchanged"`
}

// newRestoreAnswer converts an import's result; base is the server's base
// URL without a trailing slash.
func newRestoreAnswer(done *archive.Imported, base string) *restoreAnswer {
	s := done.Summary
	a := &restoreAnswer{
		Changed: s.Changed(), Message: done.Line(),
		OwnerID: s.OwnerID.String(), LoginName: done.Login, SiteURL: base + "/sites/" + s.OwnerID.String(),
		OwnerCreated: s.OwnerCreated, ProfileChanged: s.ProfileChanged, SettingsChanged: s.SettingsChanged,
		Posts:         counts{s.PostsCreated, s.PostsUpdated, s.PostsUnchanged},
		Comments:      counts{s.CommentsCreated, s.CommentsUpdated, s.CommentsUnchanged},
		DailyCounters: done.Counters,
	}
	a.Views.Raised, a.Views.Unchanged = s.ViewsRaised, s.ViewsUnchanged
	if done.Counters == nil {
		a.Warning = "views restored as checkpoints only: Stats show them, rankings count them once a later restore reaches Redis"
	}
	return a
}
