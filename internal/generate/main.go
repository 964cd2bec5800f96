// Command generate is `make generate`: gqlgen's code generation from
// gqlgen.yml with one plugin added, synchronousObjects (below), and one
// rewrite of its output, listsInOrder (below). Run it from the
// repository root: go run ./internal/generate.
package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/99designs/gqlgen/api"
	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/config"
)

// synchronousObjects are the GraphQL objects whose fields gqlgen resolves
// on their parent's goroutine, one after another, as it resolves
// Mutation's, instead of one goroutine per resolver field. Their resolver
// fields either compute from the object (title, url, description) or
// read a dataloader that the resolver returning the object primed
// (graph/prefetch.go): a goroutine each would cost more than the field
// (docs/API.md "Benchmarks"). A list of them marshals its items
// concurrently unless graph.marshalSlice finds them primed
// (listsInOrder), so loads that were not primed still batch across a
// list.
var synchronousObjects = []string{
	"Post", "PostConnection", "PostEdge", "Site", "PubConfig",
	"PubCommentPage", "PubComment", "SearchConnection", "SiteRankingEntry",
}

// syncPlugin sets codegen.Object.DisableConcurrency on
// synchronousObjects; unknown names are an error.
type syncPlugin struct{}

func (syncPlugin) Name() string { return "synchronous-objects" }

func (syncPlugin) GenerateCode(data *codegen.Data) error {
	for _, name := range synchronousObjects {
		o := data.Objects.ByName(name)
		if o == nil {
			return fmt.Errorf("synchronousObjects: no object %q in the schema", name)
		}
		o.DisableConcurrency = true
	}
	return nil
}

// listsInOrder makes the generated executable schema marshal lists of
// objects through graph's marshalSlice, which has the signature of
// gqlgen's graphql.MarshalSliceConcurrently and calls it unless the
// list's items may be marshaled in order (graph/lists.go). gqlgen has
// no option for it; a generated file without that call is an error
// (gqlgen changed its output: see whether the rewrite still applies).
func listsInOrder(exec string) error {
	const call, ours = "graphql.MarshalSliceConcurrently(", "marshalSlice("
	b, err := os.ReadFile(exec)
	if err != nil {
		return err
	}
	if !bytes.Contains(b, []byte(call)) {
		return fmt.Errorf("listsInOrder: %s calls no %s", exec, call)
	}
	return os.WriteFile(exec, bytes.ReplaceAll(b, []byte(call), []byte(ours)), 0o644)
}

func main() {
	cfg, err := config.LoadConfigFromDefaultLocations()
	if err == nil {
		err = api.Generate(cfg, api.AddPlugin(syncPlugin{}))
	}
	if err == nil {
		err = listsInOrder(cfg.Exec.Filename)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "generate:", err)
		os.Exit(1)
	}
}
