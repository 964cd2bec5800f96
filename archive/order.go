package archive

import (
	"cmp"
	"slices"

	"github.com/stgy/stgypub"
)

// Sort puts site's lists in the archive's order: posts and comments by ID,
// view rows by post then date (Collect and Read give sorted sites).
func (s *Site) Sort() {
	slices.SortFunc(s.Posts, func(a, b *stgypub.Post) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortFunc(s.Comments, func(a, b *stgypub.Comment) int { return cmp.Compare(a.ID, b.ID) })
	for _, v := range [][]ViewCount{s.DailyViews, s.Checkpoints} {
		slices.SortFunc(v, func(a, b ViewCount) int {
			return cmp.Or(cmp.Compare(a.PostID, b.PostID), a.Date.Compare(b.Date))
		})
	}
}

func sortGroups(groups [][]*stgypub.Comment) {
	slices.SortFunc(groups, func(a, b []*stgypub.Comment) int { return cmp.Compare(a[0].PostID, b[0].PostID) })
}
