package archive

import (
	"time"

	"github.com/stgy/stgypub"
)

// Format is manifest.json's "format": what tells an archive from any other
// gzip'd tar.
const Format = "stgy-pub-site-archive"

// Version is the layout version this package writes and reads
// (docs/ARCHIVE.md "Versions"); an archive of another version is refused.
const Version = 1

// DefaultMaxBytes is the default size limit of an archive: the bytes read
// from the file and, separately, the bytes its files hold unpacked
// (STGY_ARCHIVE_MAX_BYTES).
const DefaultMaxBytes int64 = 256 << 20

// Manifest is manifest.json. The counts are checked against the files on
// reading, so a truncated or edited archive is refused.
type Manifest struct {
	Format    string     `json:"format"`
	Version   int        `json:"version"`
	CreatedAt time.Time  `json:"createdAt"`
	OwnerID   stgypub.ID `json:"ownerId"`
	LoginName string     `json:"loginName"`
	// Posts, Comments, DailyViews and Checkpoints count the posts/ files,
	// the comments of all comments/ files, and the rows of the two CSVs.
	Posts       int `json:"posts"`
	Comments    int `json:"comments"`
	DailyViews  int `json:"dailyViews"`
	Checkpoints int `json:"checkpoints"`
}

// Profile is owner.json: the account fields a site shows. No password
// hash, session, token or admin flag is ever archived.
type Profile struct {
	ID           stgypub.ID `json:"id"`
	LoginName    string     `json:"loginName"`
	Nickname     string     `json:"nickname"`
	Introduction string     `json:"introduction"`
}

// Settings is settings.json: every user_pub_configs column but the
// version (a write counter of the database it came from).
type Settings struct {
	SiteName          string             `json:"siteName"`
	Subtitle          string             `json:"subtitle"`
	Author            string             `json:"author"`
	Introduction      string             `json:"introduction"`
	DesignTheme       string             `json:"designTheme"`
	ShowServiceHeader bool               `json:"showServiceHeader"`
	ShowSiteName      bool               `json:"showSiteName"`
	ShowPagination    bool               `json:"showPagination"`
	ShowSideProfile   bool               `json:"showSideProfile"`
	ShowSideRecent    int                `json:"showSideRecent"`
	ShowSidePopular   int                `json:"showSidePopular"`
	Extensions        stgypub.Extensions `json:"extensions"`
	UpdatedAt         *time.Time         `json:"updatedAt,omitempty"`
}

// Comment is one comment as exportPubComments gives it (docs/API.md).
type Comment struct {
	ID        stgypub.ID `json:"id"`
	PostID    stgypub.ID `json:"postId"`
	Nickname  string     `json:"nickname"`
	Body      string     `json:"body"`
	Status    string     `json:"status"` // PENDING or PUBLISHED
	IsAuthor  bool       `json:"isAuthor"`
	CreatedAt time.Time  `json:"createdAt"`
}

// ViewCount is one row of views/daily.csv or views/checkpoints.csv: a
// post's page views on a UTC day (Date is midnight UTC).
type ViewCount struct {
	PostID stgypub.ID
	Date   time.Time
	Count  int64
}

// Site is a whole archive. Posts carry OwnedBy = Profile.ID, every field
// a post row stores (Content as written; Snippet, PlainText and Derived
// derived from it by Read), Tags never nil; they are ordered by ID, as are
// Comments; view rows by post then date.
type Site struct {
	Manifest    Manifest
	Profile     Profile
	Settings    *Settings // nil: the site has no settings row
	Posts       []*stgypub.Post
	Comments    []*stgypub.Comment
	DailyViews  []ViewCount
	Checkpoints []ViewCount
}

// SettingsOf converts a stored settings row to its archived form.
func SettingsOf(c *stgypub.PubConfig) *Settings {
	return &Settings{
		SiteName: c.SiteName, Subtitle: c.Subtitle, Author: c.Author, Introduction: c.Introduction,
		DesignTheme: c.DesignTheme, ShowServiceHeader: c.ShowServiceHeader, ShowSiteName: c.ShowSiteName,
		ShowPagination: c.ShowPagination, ShowSideProfile: c.ShowSideProfile,
		ShowSideRecent: c.ShowSideRecent, ShowSidePopular: c.ShowSidePopular,
		Extensions: c.Extensions, UpdatedAt: c.UpdatedAt,
	}
}

// PubConfig is s as the settings of user (Version and Language unset).
func (s *Settings) PubConfig(user stgypub.ID) *stgypub.PubConfig {
	return &stgypub.PubConfig{
		UserID: user, SiteName: s.SiteName, Subtitle: s.Subtitle, Author: s.Author, Introduction: s.Introduction,
		DesignTheme: s.DesignTheme, ShowServiceHeader: s.ShowServiceHeader, ShowSiteName: s.ShowSiteName,
		ShowPagination: s.ShowPagination, ShowSideProfile: s.ShowSideProfile,
		ShowSideRecent: s.ShowSideRecent, ShowSidePopular: s.ShowSidePopular,
		Extensions: s.Extensions, UpdatedAt: s.UpdatedAt,
	}
}
