// Package model holds the GraphQL types that have no domain counterpart
// (gqlgen generates models_gen.go; domain types are autobound from the
// root package).
package model

import "github.com/stgy/stgypub"

// Site is the public site of one user; its fields are resolved lazily
// (schema.graphqls type Site).
type Site struct {
	ID stgypub.ID
}
