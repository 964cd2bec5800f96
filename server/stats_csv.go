package server

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
)

// StatsExport serves an owner's Stats as CSV (GET /publications/stats.csv,
// docs/API.md "Stats as CSV"). Every field is required; auth.Service,
// counter.Counter and store.Store implement them.
type StatsExport struct {
	// Auth reads the request's session cookie or bearer token.
	Auth   *auth.Service
	Stats  stgypub.CountReader
	Titles stgypub.PostStore
}

// errStatsLogin answers an export request without credentials.
var errStatsLogin = &stgypub.Error{Code: stgypub.CodeUnauthenticated, Message: "Log in at /publications (or send Authorization: Bearer <token>) to export your Stats."}

// statsCSVSorts are the sort parameter's values and the direction each
// takes when dir is absent (the owners' app's defaults).
var statsCSVSorts = map[string]bool{ // key → descending by default
	string(stgypub.StatsSortViews): true, string(stgypub.StatsSortPublished): true,
	string(stgypub.StatsSortTitle): false, string(stgypub.StatsSortID): false,
}

// statsCSV serves GET /publications/stats.csv?userId=…[&days=N][&sort=
// views|title|published|id][&dir=asc|desc]: every row of the owner's
// Stats (the rows Stats.postsPage pages, with the same figures) over the
// last days UTC days (default: the whole window), in that order, as
// stgypub.WriteStatsCSV writes them, streamed. Owner or admin only, with
// the API's credentials: none is 401, another owner's Stats 403; a bad
// parameter is 400 with its reason. "private, no-store". When Redis is
// down the figures come from the checkpoints alone and the response says
// so in X-Stats-Partial: true.
func (s *ownerHandlers) statsCSV(w http.ResponseWriter, r *http.Request) error {
	h := w.Header()
	h.Set("Cache-Control", previewCacheControl)
	h.Set("X-Robots-Tag", "noindex")
	ex := s.stats
	if ex == nil {
		return errNotFound
	}
	q := r.URL.Query()
	userID, err := stgypub.ParseID(q.Get("userId"))
	if err != nil {
		return stgypub.FieldErrorf("userId", "userId must be a user ID (16 hexadecimal digits)")
	}
	key := q.Get("sort")
	if key == "" {
		key = string(stgypub.StatsSortViews)
	}
	desc, ok := statsCSVSorts[key]
	if !ok {
		return stgypub.FieldErrorf("sort", "sort must be views, title, published or id")
	}
	switch q.Get("dir") {
	case "":
	case "asc":
		desc = false
	case "desc":
		desc = true
	default:
		return stgypub.FieldErrorf("dir", "dir must be asc or desc")
	}
	days := 0
	if v := q.Get("days"); v != "" {
		if days, err = strconv.Atoi(v); err != nil || days == 0 {
			return stgypub.FieldErrorf("days", "days must be a number of days (1 to the retention window)")
		}
	}
	ctx, err := ownerDownload(r, ex.Auth, userID, errStatsLogin, "stats export")
	if err != nil {
		return err
	}
	st, err := ex.Stats.Stats(ctx, userID)
	if err != nil {
		if st == nil || !stgypub.IsUnavailable(err) {
			return fmt.Errorf("server: stats export of %s: %w", userID, err)
		}
		h.Set("X-Stats-Partial", "true") // the checkpoints alone
	}
	if days, err = stgypub.StatsPeriod(st, days, "days"); err != nil {
		return err
	}
	ids := make([]stgypub.ID, len(st.Posts))
	for i := range st.Posts {
		ids[i] = st.Posts[i].ID
	}
	titles, err := ex.Titles.PostTitles(ctx, ids)
	if err != nil {
		return fmt.Errorf("server: stats export titles of %s: %w", userID, err)
	}
	rows := stgypub.StatsRows(st, days, titles)
	stgypub.SortStatsRows(rows, stgypub.StatsOrder{Key: stgypub.StatsSortKey(key), Desc: desc})
	name := fmt.Sprintf("stats-%s-%dd-%s.csv", userID, days, time.Now().UTC().Format("2006-01-02"))
	h.Set("Content-Type", "text/csv; charset=utf-8; header=present")
	h.Set("Content-Disposition", `attachment; filename="`+name+`"`)
	h.Set("X-Content-Type-Options", "nosniff")
	// A byte order mark so spreadsheets read the titles as UTF-8.
	if _, err := w.Write([]byte("\ufeff")); err != nil {
		return nil // the client left
	}
	if err := stgypub.WriteStatsCSV(w, st.Daily[max(0, len(st.Daily)-days):], rows); err != nil {
		s.log.Warn("server: stats export cut short", "owner", userID, "err", err)
	}
	return nil
}
