package ui

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestIframeSizesKept (issue 21 #7): no rule of base.css that selects
// every iframe sets its height, so an embed's height attribute (the
// Facebook share button's 20 px) is not replaced by the default 150 px;
// the share button's own rule sizes it 102×20.
func TestIframeSizesKept(t *testing.T) {
	css, err := os.ReadFile("static/base.css")
	if err != nil {
		t.Fatal(err)
	}
	rule := regexp.MustCompile(`([^{}]+)\{([^{}]*)\}`)
	fb := false
	for _, m := range rule.FindAllStringSubmatch(string(css), -1) {
		decl := strings.ReplaceAll(m[2], " ", "")
		for _, sel := range strings.Split(m[1], ",") {
			sel = strings.TrimSpace(sel)
			if sel == "iframe" && strings.Contains(decl, "height:") {
				t.Errorf("rule %q sets every iframe's height: %s", strings.TrimSpace(m[1]), m[2])
			}
			if sel == ".share iframe.facebook-share" && strings.Contains(decl, "width:102px") && strings.Contains(decl, "height:20px") {
				fb = true
			}
		}
	}
	if !fb {
		t.Error("no 102×20 rule for the Facebook share button")
	}
}
