package graph

import (
	"context"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/graph/model"
)

func ptr[T any](v T) *T { return &v }

func TestSideLimit(t *testing.T) {
	cases := []struct {
		name string
		in   *int
		want int
		code string
	}{
		{"default", nil, 5, ""},
		{"zero", ptr(0), 0, ""},
		{"twenty", ptr(20), 20, ""},
		{"clamped", ptr(1000), 20, ""},
		{"negative", ptr(-1), 0, stgypub.CodeBadUserInput},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, err := sideLimit(c.in)
			if n != c.want || stgypub.ErrorCode(err) != c.code {
				t.Errorf("sideLimit = %d, %v; want %d, %q", n, err, c.want, c.code)
			}
		})
	}
}

func TestPageQuery(t *testing.T) {
	oldest := model.PostOrderOldest
	cases := []struct {
		name          string
		order         *model.PostOrder
		offset, limit *int
		want          stgypub.PostQuery
		code          string
	}{
		{"defaults", nil, nil, nil, stgypub.PostQuery{Order: stgypub.OrderNewest, Limit: 20}, ""},
		{"oldest page 3", &oldest, ptr(40), ptr(20), stgypub.PostQuery{Order: stgypub.OrderOldest, Offset: 40, Limit: 20}, ""},
		{"limit clamped", nil, nil, ptr(1000), stgypub.PostQuery{Order: stgypub.OrderNewest, Limit: maxPageLimit}, ""},
		{"zero limit", nil, nil, ptr(0), stgypub.PostQuery{}, stgypub.CodeBadUserInput},
		{"negative offset", nil, ptr(-1), nil, stgypub.PostQuery{}, stgypub.CodeBadUserInput},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q, err := pageQuery(c.order, c.offset, c.limit, maxPageLimit)
			if stgypub.ErrorCode(err) != c.code {
				t.Fatalf("error %v, want %q", err, c.code)
			}
			if err == nil && q != c.want {
				t.Errorf("query = %+v, want %+v", q, c.want)
			}
		})
	}
}

func TestPostHTML(t *testing.T) {
	full, err := (&Resolver{}).postHTML(context.Background(), &stgypub.Post{Content: "# T\n\n<script>x()</script>body"})
	if want := "body"; err != nil || !contains(full, want) || contains(full, "<script") {
		t.Errorf("html = %q, %v", full, err)
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
