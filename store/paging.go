package store

import "github.com/stgy/stgypub"

// MaxPageLimit bounds PostQuery.Limit on every list read, so a mistaken
// client value cannot make PostgreSQL return a whole site at once.
const MaxPageLimit = 1000

// MaxIDsPerRequest is the most IDs PublishedByIDs accepts
// (docs/SPEC.md#published-posts: pub-by-ids takes at most 20).
const MaxIDsPerRequest = 20

// checkPage validates q: Offset < 0, Limit outside 1..MaxPageLimit and
// orders other than OrderNewest (or ""), OrderOldest are BAD_USER_INPUT.
func checkPage(q stgypub.PostQuery) error {
	if q.Offset < 0 {
		return stgypub.Errorf(stgypub.CodeBadUserInput, "offset must be 0 or more")
	}
	if q.Limit < 1 || q.Limit > MaxPageLimit {
		return stgypub.Errorf(stgypub.CodeBadUserInput, "limit must be between 1 and %d", MaxPageLimit)
	}
	switch q.Order {
	case stgypub.OrderNewest, "", stgypub.OrderOldest:
		return nil
	}
	return stgypub.Errorf(stgypub.CodeBadUserInput, "order must be newest or oldest")
}

// byOrder validates q and picks the statement of its order, (published_at,
// id) descending for OrderNewest ("" too) or ascending for OrderOldest.
func byOrder(q stgypub.PostQuery, newest, oldest *statement) (*statement, error) {
	if err := checkPage(q); err != nil {
		return nil, err
	}
	if q.Order == stgypub.OrderOldest {
		return oldest, nil
	}
	return newest, nil
}
