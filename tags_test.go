package stgypub_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

func TestNormalizeTags(t *testing.T) {
	got, err := stgypub.NormalizeTags([]string{"  Go  Modules ", "go modules", "ＧＯ　ｍｏｄｕｌｅｓ", "日本語", "ｶﾞﾍﾞｰｼﾞ", "ガベージ", "Straße", "STRASSE"})
	want := []string{"Go Modules", "日本語", "ｶﾞﾍﾞｰｼﾞ", "Straße"}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("NormalizeTags = %q, %v; want %q", got, err, want)
	}
	if got, err := stgypub.NormalizeTags(nil); err != nil || got == nil || len(got) != 0 {
		t.Errorf("nil: %q %v", got, err)
	}
	for name, in := range map[string][]string{
		"empty":         {"ok", "  "},
		"41 characters": {strings.Repeat("字", 41)},
		"control":       {"a\x07b"},
		"format":        {"a\u200bb"},
		"eleven":        {"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"},
	} {
		if _, err := stgypub.NormalizeTags(in); stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
			t.Errorf("%s: %v, want BAD_USER_INPUT", name, err)
		}
	}
	if _, err := stgypub.NormalizeTags([]string{strings.Repeat("字", 40), "1", "2", "3", "4", "5", "6", "7", "8", "9", "9"}); err != nil {
		t.Errorf("40 characters and ten distinct tags: %v", err)
	}
	if got := stgypub.ImportTags([]string{"go, modules", "Go"}, []string{"", strings.Repeat("x", 41), "ブログ"}); !reflect.DeepEqual(got, []string{"go", "modules", "ブログ"}) {
		t.Errorf("ImportTags = %q", got)
	}
}
