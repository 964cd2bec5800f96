package archive

import (
	"bytes"
	"testing"

	"github.com/stgy/stgypub"
)

// FuzzRead: any input is accepted as a valid site or refused with
// BAD_USER_INPUT, never a panic or another error; an accepted site writes
// and reads back to the same site.
func FuzzRead(f *testing.F) {
	t := &testing.T{}
	good := encode(t, testSite(t))
	f.Add(good)
	f.Add(good[:len(good)/3])
	f.Add([]byte{0x1f, 0x8b})
	f.Add(gzipOf(t, "---\nid: x\n---\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		site, err := Read(bytes.NewReader(b), 1<<20, testNow)
		if err != nil {
			if c := stgypub.ErrorCode(err); c != stgypub.CodeBadUserInput && c != stgypub.CodePayloadTooLarge {
				t.Fatalf("err = %v (code %s)", err, stgypub.ErrorCode(err))
			}
			return
		}
		var out bytes.Buffer
		if err := Write(&out, site, nil); err != nil {
			t.Fatal(err)
		}
		again, err := Read(bytes.NewReader(out.Bytes()), 1<<21, testNow)
		if err != nil {
			t.Fatalf("rewritten archive refused: %v", err)
		}
		if len(again.Posts) != len(site.Posts) || len(again.Comments) != len(site.Comments) {
			t.Fatalf("rewritten archive differs: %d/%d posts, %d/%d comments", len(again.Posts), len(site.Posts), len(again.Comments), len(site.Comments))
		}
	})
}
