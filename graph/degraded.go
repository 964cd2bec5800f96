package graph

import (
	"context"
	"errors"
	"time"

	"github.com/99designs/gqlgen/graphql"

	"github.com/stgy/stgypub"
)

// DegradedError is the error of one field whose backing feature (the
// page-view counter in Redis: viewCount, popular, pubRanking, siteRanking,
// pubStats) is unavailable. The rule (docs/API.md "Errors"): a failing
// dependency degrades the feature it serves, not the response. The field
// alone gets an error at its path with extensions.code UNAVAILABLE; the
// rest of the data is answered and the HTTP status stays 200. A nullable
// field (Post.viewCount) is null; a non-null list is [] and pubStats holds
// the figures from the PostgreSQL checkpoints alone.
type DegradedError struct {
	// Feature names what is missing, as the message says it ("view counts").
	Feature string
	Err     error
}

func (e *DegradedError) Error() string {
	return e.Feature + " temporarily unavailable: " + e.Err.Error()
}
func (e *DegradedError) Unwrap() error { return e.Err }

// Message is what clients read.
func (e *DegradedError) Message() string {
	return e.Feature + " temporarily unavailable; the rest of the response is complete"
}

// degrade wraps err as a *DegradedError when it means the counter is
// unavailable (stgypub.IsUnavailable); any other error is returned as is.
func degrade(feature string, err error) error {
	if err == nil || !stgypub.IsUnavailable(err) {
		return err
	}
	var d *DegradedError
	if errors.As(err, &d) {
		return err
	}
	return &DegradedError{Feature: feature, Err: err}
}

// degradedList answers a non-null list field whose counter read failed:
// a *DegradedError becomes an error at the field's path and the list
// falls back to empty; other errors fail the field.
func degradedList[T any](ctx context.Context, out []T, err error) ([]T, error) {
	var d *DegradedError
	if errors.As(err, &d) {
		graphql.AddError(ctx, err)
		return []T{}, nil
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// degradingRanker marks the counter's ranking errors as degraded, so a
// ranking that also reads PostgreSQL (PopularEntries) tells the two apart.
type degradingRanker struct {
	stgypub.Ranker
	feature string
}

func (r degradingRanker) Ranking(ctx context.Context, owner stgypub.ID, limit int) ([]stgypub.RankingEntry, error) {
	out, err := r.Ranker.Ranking(ctx, owner, limit)
	return out, degrade(r.feature, err)
}

func (r degradingRanker) RankingUntil(ctx context.Context, owner stgypub.ID, limit int) ([]stgypub.RankingEntry, time.Time, error) {
	out, until, err := r.Ranker.RankingUntil(ctx, owner, limit)
	return out, until, degrade(r.feature, err)
}
