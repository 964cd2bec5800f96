package api_test

import (
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/stgy/stgypub"
)

// TestExtensionsMergePatch: updatePubConfig's extensions is a JSON Merge
// Patch (RFC 7396) on the stored object; replaceExtensions: true replaces
// it whole; the merged result is validated.
func TestExtensionsMergePatch(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	u := e.owner.ID.String()
	const setQ = `mutation($u: ID!, $x: JSON, $r: Boolean) { updatePubConfig(userId: $u, input: {extensions: $x, replaceExtensions: $r}) { extensions version } }`
	set := func(t *testing.T, x map[string]any, replace bool) *resp {
		t.Helper()
		return e.do(t, req{as: "owner", query: setQ, variables: map[string]any{"u": u, "x": x, "r": replace}})
	}
	stored := func(t *testing.T) map[string]any {
		t.Helper()
		var c struct {
			Extensions map[string]any `json:"extensions"`
		}
		e.do(t, req{as: "owner", query: `query($u: ID!) { exportPubConfig(userId: $u) { extensions } }`, variables: map[string]any{"u": u}}).data(t, "exportPubConfig", &c)
		return c.Extensions
	}
	base := map[string]any{
		"comments":     map[string]any{"mode": "open"},
		"shareButtons": []any{"x", "line"},
		"timeZone":     "Asia/Tokyo",
		"custom":       map[string]any{"a": 1.0, "b": map[string]any{"c": "d", "e": "f"}},
	}
	steps := []struct {
		name    string
		patch   map[string]any
		replace bool
		want    map[string]any
	}{
		{"replace whole", base, true, base},
		{"add a nested key, the rest kept (the issue's GA case)",
			map[string]any{"analytics": map[string]any{"googleAnalytics": map[string]any{"measurementId": "G-ABCD1234"}}}, false,
			map[string]any{"comments": map[string]any{"mode": "open"}, "shareButtons": []any{"x", "line"}, "timeZone": "Asia/Tokyo",
				"custom": base["custom"], "analytics": map[string]any{"googleAnalytics": map[string]any{"measurementId": "G-ABCD1234"}}}},
		{"replace a value", map[string]any{"timeZone": "Europe/London"}, false,
			map[string]any{"comments": map[string]any{"mode": "open"}, "shareButtons": []any{"x", "line"}, "timeZone": "Europe/London",
				"custom": base["custom"], "analytics": map[string]any{"googleAnalytics": map[string]any{"measurementId": "G-ABCD1234"}}}},
		{"null deletes, nested objects merge", map[string]any{"timeZone": nil, "analytics": nil, "custom": map[string]any{"b": map[string]any{"c": nil, "g": "h"}}}, false,
			map[string]any{"comments": map[string]any{"mode": "open"}, "shareButtons": []any{"x", "line"},
				"custom": map[string]any{"a": 1.0, "b": map[string]any{"e": "f", "g": "h"}}}},
		{"arrays replaced whole", map[string]any{"shareButtons": []any{"hatena"}}, false,
			map[string]any{"comments": map[string]any{"mode": "open"}, "shareButtons": []any{"hatena"},
				"custom": map[string]any{"a": 1.0, "b": map[string]any{"e": "f", "g": "h"}}}},
		{"null for an absent key is nothing", map[string]any{"missing": nil}, false,
			map[string]any{"comments": map[string]any{"mode": "open"}, "shareButtons": []any{"hatena"},
				"custom": map[string]any{"a": 1.0, "b": map[string]any{"e": "f", "g": "h"}}}},
		{"empty patch keeps all", map[string]any{}, false,
			map[string]any{"comments": map[string]any{"mode": "open"}, "shareButtons": []any{"hatena"},
				"custom": map[string]any{"a": 1.0, "b": map[string]any{"e": "f", "g": "h"}}}},
		{"an object replaces a scalar", map[string]any{"custom": map[string]any{"a": map[string]any{"z": true}}}, false,
			map[string]any{"comments": map[string]any{"mode": "open"}, "shareButtons": []any{"hatena"},
				"custom": map[string]any{"a": map[string]any{"z": true}, "b": map[string]any{"e": "f", "g": "h"}}}},
		{"replaceExtensions with a small object", map[string]any{"comments": map[string]any{"mode": "moderated"}}, true,
			map[string]any{"comments": map[string]any{"mode": "moderated"}}},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			var got struct {
				Extensions map[string]any `json:"extensions"`
			}
			set(t, s.patch, s.replace).data(t, "updatePubConfig", &got)
			if !reflect.DeepEqual(got.Extensions, s.want) {
				t.Errorf("returned %v\nwant     %v", got.Extensions, s.want)
			}
			if st := stored(t); !reflect.DeepEqual(st, s.want) {
				t.Errorf("stored %v\nwant   %v", st, s.want)
			}
		})
	}
	t.Run("omitted extensions keeps them", func(t *testing.T) {
		before := stored(t)
		if r := e.do(t, req{as: "owner", query: `mutation($u: ID!) { updatePubConfig(userId: $u, input: {siteName: "Named"}) { siteName } }`, variables: map[string]any{"u": u}}); r.code() != "" {
			t.Fatal(r.raw)
		}
		if !reflect.DeepEqual(stored(t), before) {
			t.Errorf("a siteName update changed extensions: %v", stored(t))
		}
	})
	t.Run("invalid merged result refused with the path, nothing stored", func(t *testing.T) {
		set(t, map[string]any{"shareButtons": []any{"x"}, "comments": map[string]any{"mode": "open"}}, true)
		before := stored(t)
		cases := []struct {
			name  string
			patch map[string]any
			field string
		}{
			{"bad nested mode", map[string]any{"comments": map[string]any{"mode": "all"}}, "extensions.comments.mode"},
			{"bad time zone", map[string]any{"timeZone": "JST"}, "extensions.timeZone"},
			{"bad GA id deep inside", map[string]any{"analytics": map[string]any{"googleAnalytics": map[string]any{"measurementId": "UA-1"}}}, "extensions.analytics.googleAnalytics.measurementId"},
			{"duplicate share buttons", map[string]any{"shareButtons": []any{"x", "x"}}, "extensions.shareButtons"},
			// Alone each part is valid; merged the whole is over 4096.
			{"merged whole over the size limit", map[string]any{"big": longText(4090)}, "extensions"},
		}
		for _, c := range cases {
			r := set(t, c.patch, false)
			if r.code() != stgypub.CodeBadUserInput || r.Errors[0].Extensions["field"] != c.field {
				t.Errorf("%s: %s, want BAD_USER_INPUT at %s", c.name, r.raw, c.field)
			}
		}
		if after := stored(t); !reflect.DeepEqual(after, before) {
			t.Errorf("refused patches changed %v to %v", before, after)
		}
	})
}

func longText(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = 'a'
	}
	return string(b)
}

// TestConcurrentPatchesBothHold: patches of different keys sent at once
// without ifVersion are each applied to the settings as stored when
// written: none undoes another.
func TestConcurrentPatchesBothHold(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	u := e.owner.ID.String()
	const n = 6
	var wg sync.WaitGroup
	res := make([]*resp, n)
	for i := range n {
		wg.Go(func() {
			res[i] = e.do(t, req{as: "owner", query: `mutation($u: ID!, $x: JSON) { updatePubConfig(userId: $u, input: {extensions: $x}) { version } }`,
				variables: map[string]any{"u": u, "x": map[string]any{fmt.Sprintf("k%d", i): i}}})
		})
	}
	wg.Wait()
	for i, r := range res {
		if r.code() != "" {
			t.Errorf("patch %d: %s", i, r.raw)
		}
	}
	var c struct {
		Extensions map[string]any `json:"extensions"`
	}
	e.do(t, req{as: "owner", query: `query($u: ID!) { exportPubConfig(userId: $u) { extensions } }`, variables: map[string]any{"u": u}}).data(t, "exportPubConfig", &c)
	for i := range n {
		if c.Extensions[fmt.Sprintf("k%d", i)] != float64(i) {
			t.Errorf("k%d lost: %v", i, c.Extensions)
		}
	}
}
