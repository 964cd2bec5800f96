package stgypub

import (
	"bufio"
	"io"
	"strings"
)

// ByteOrderMark is U+FEFF. Editors on Windows start UTF-8 files with it;
// at the start of a text it is an encoding signature, not content.
const ByteOrderMark = "\uFEFF"

// StripBOM removes a leading byte-order mark (one or more, as repeated
// saves can leave) from text that crosses an input boundary: post
// content, settings and profile text, imported files, CSV files,
// passwords and search queries (docs/API.md "Text input"). A U+FEFF
// inside the text is kept.
func StripBOM(s string) string {
	for strings.HasPrefix(s, ByteOrderMark) {
		s = s[len(ByteOrderMark):]
	}
	return s
}

// SkipBOM returns a reader of r without its leading byte-order marks.
func SkipBOM(r io.Reader) io.Reader {
	br := bufio.NewReader(r)
	for {
		b, err := br.Peek(len(ByteOrderMark))
		if err != nil || string(b) != ByteOrderMark {
			return br
		}
		_, _ = br.Discard(len(ByteOrderMark))
	}
}
