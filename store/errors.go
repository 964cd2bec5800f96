package store

import (
	"errors"

	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/stgy/stgypub"
)

// PostgreSQL SQLSTATE codes the store maps to domain errors.
const (
	sqlstateUniqueViolation     = "23505"
	sqlstateForeignKeyViolation = "23503"
)

// sqlstate returns the SQLSTATE of a PostgreSQL error in err's chain, or "".
func sqlstate(err error) string {
	var pgErr pgdriver.Error
	if errors.As(err, &pgErr) {
		return pgErr.Field('C')
	}
	return ""
}

func notFound(what string) error {
	return stgypub.Errorf(stgypub.CodeNotFound, "%s not found", what)
}

func toInt64s(ids []stgypub.ID) []int64 {
	out := make([]int64, len(ids))
	for i, id := range ids {
		out[i] = int64(id)
	}
	return out
}
