package archive

import (
	"time"

	"github.com/stgy/stgypub"
)

// Restore is site as a stgypub.SiteRestore into the account login
// (existing: an account that must exist, stgy-pub archive import -user;
// else created or recognized, -as or the archived login). The view rows
// are the daily counters and the checkpoints merged by max per (post,
// day): a restore raises to the larger of the two, never adds them.
func (s *Site) Restore(login string, existing bool) *stgypub.SiteRestore {
	in := &stgypub.SiteRestore{
		ArchiveOwner: s.Profile.ID, LoginName: login, Existing: existing,
		Nickname: s.Profile.Nickname, Introduction: s.Profile.Introduction,
		Posts: s.Posts, Comments: s.Comments,
	}
	if s.Settings != nil {
		in.Config = s.Settings.PubConfig(0)
	}
	type key struct {
		post stgypub.ID
		day  time.Time
	}
	at := map[key]int{}
	for _, v := range append(append([]ViewCount(nil), s.DailyViews...), s.Checkpoints...) {
		k := key{v.PostID, v.Date}
		if i, ok := at[k]; ok {
			in.Views[i].Count = max(in.Views[i].Count, v.Count)
			continue
		}
		at[k] = len(in.Views)
		in.Views = append(in.Views, stgypub.Checkpoint{PostID: v.PostID, Date: v.Date, Count: v.Count})
	}
	return in
}
