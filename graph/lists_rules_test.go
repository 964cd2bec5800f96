package graph

import (
	"slices"
	"testing"
)

// TestFieldLoadsCoverTheSchema: fieldLoads names exactly the fields of
// each of its types (and __typename), so a field added to one of them is
// a decision (does it wait?) and not silently a "waits" that takes its
// lists off the in-order path; each rule's type below exists.
func TestFieldLoadsCoverTheSchema(t *testing.T) {
	schema := NewExecutableSchema(Config{}).Schema()
	for typ, rules := range fieldLoads {
		def := schema.Types[typ]
		if def == nil {
			t.Errorf("fieldLoads: no type %s in the schema", typ)
			continue
		}
		want := []string{"__typename"}
		for _, f := range def.Fields {
			want = append(want, f.Name)
		}
		var got []string
		for name, rule := range rules {
			got = append(got, name)
			if rule.below != "" && fieldLoads[rule.below] == nil {
				t.Errorf("fieldLoads[%s][%s]: below %s has no rules", typ, name, rule.below)
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("fieldLoads[%s] names %q; the schema's fields are %q", typ, got, want)
		}
	}
}
