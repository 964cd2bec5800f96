package comment

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

// specRow is one row of the examples table of docs/SPEC.md "Comment
// text": | field | `"input"` | `"stored"` |.
var specRow = regexp.MustCompile("^\\| (body|nickname) \\| `(\"[^`]*\")` \\| `(\"[^`]*\")`")

// The examples of docs/SPEC.md "Comment text" hold verbatim: each row is
// read from the document and run through the normalizer (an empty
// stored value is a refusal by stgypub.CheckNickname / stgypub.CheckBody).
func TestSpecCommentTextExamples(t *testing.T) {
	doc, err := os.ReadFile("../docs/SPEC.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	start := strings.Index(text, `<a id="comment-text"></a>`)
	if start < 0 {
		t.Fatal(`docs/SPEC.md has no <a id="comment-text"> section`)
	}
	end := strings.Index(text[start+1:], "<a id=")
	section := text[start : start+1+end]
	rows := 0
	for _, line := range strings.Split(section, "\n") {
		m := specRow.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		in, err1 := strconv.Unquote(m[2])
		want, err2 := strconv.Unquote(m[3])
		if err1 != nil || err2 != nil {
			t.Fatalf("row %q: %v %v", line, err1, err2)
		}
		rows++
		var got string
		var err error
		if m[1] == "body" {
			got, err = stgypub.CheckBody(in, 1000)
		} else {
			got, err = stgypub.CheckNickname(in, 30)
		}
		if want == "" {
			if err == nil {
				t.Errorf("%s %s: stored %q, want refused", m[1], m[2], got)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("%s %s: %q, %v; SPEC says %s", m[1], m[2], got, err, m[3])
		}
	}
	if rows < 20 {
		t.Errorf("read %d example rows from docs/SPEC.md, want the whole table", rows)
	}
}
