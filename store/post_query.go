package store

import "github.com/stgy/stgypub"

// MaxPageLimit bounds PostQuery.Limit on every list read, so a mistaken
// client value cannot make PostgreSQL return a whole site at once.
const MaxPageLimit = 1000

// MaxIDsPerRequest is the most IDs PublishedByIDs accepts (seed 001 "APIs
// for Retrieving Published Posts": pub-by-ids takes at most 20).
const MaxIDsPerRequest = 20

// orderClause validates q and returns its ORDER BY expression over
// (published_at, id): descending for OrderNewest ("" too), ascending for
// OrderOldest. Offset < 0, Limit outside 1..MaxPageLimit and unknown
// orders are BAD_USER_INPUT.
func orderClause(q stgypub.PostQuery) (string, error) {
	if q.Offset < 0 {
		return "", stgypub.Errorf(stgypub.CodeBadUserInput, "offset must be 0 or more")
	}
	if q.Limit < 1 || q.Limit > MaxPageLimit {
		return "", stgypub.Errorf(stgypub.CodeBadUserInput, "limit must be between 1 and %d", MaxPageLimit)
	}
	switch q.Order {
	case stgypub.OrderNewest, "":
		return "p.published_at DESC, p.id DESC", nil
	case stgypub.OrderOldest:
		return "p.published_at ASC, p.id ASC", nil
	}
	return "", stgypub.Errorf(stgypub.CodeBadUserInput, "order must be newest or oldest")
}
