package staticcopy

import (
	"reflect"
	"strings"
	"testing"
)

func TestMapSrcset(t *testing.T) {
	up := func(u string) string { return "<" + strings.ToUpper(u) + ">" }
	for _, tc := range []struct {
		name, in, want string
		urls           []string
	}{
		{"one", "/a.png", "</A.PNG>", []string{"/a.png"}},
		{"densities", "/a.png 1x, /b.png 2x", "</A.PNG> 1x, </B.PNG> 2x", []string{"/a.png", "/b.png"}},
		{"widths, odd spacing", "  a.png 640w,\n b.png  1280w ", "  <A.PNG> 640w,\n <B.PNG>  1280w ", []string{"a.png", "b.png"}},
		{"trailing comma ends a candidate", "a.png, b.png 2x", "<A.PNG>, <B.PNG> 2x", []string{"a.png", "b.png"}},
		{"comma inside a URL", "/x,y.png 1x", "</X,Y.PNG> 1x", []string{"/x,y.png"}},
		{"parenthesised descriptor", "a.png (a, b) 1x, b.png", "<A.PNG> (a, b) 1x, <B.PNG>", []string{"a.png", "b.png"}},
		{"empty", "", "", nil},
		{"commas only", " , ,", " , ,", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := mapSrcset(tc.in, up); got != tc.want {
				t.Errorf("mapSrcset(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if got := srcsetURLs(tc.in); !reflect.DeepEqual(got, tc.urls) {
				t.Errorf("srcsetURLs(%q) = %q, want %q", tc.in, got, tc.urls)
			}
		})
	}
}

func FuzzMapSrcset(f *testing.F) {
	f.Add("/a.png 1x, /b.png 2x")
	f.Add("a,,b (,) c")
	f.Fuzz(func(t *testing.T, v string) {
		if got := mapSrcset(v, func(u string) string { return u }); got != v {
			t.Fatalf("identity changed %q to %q", v, got)
		}
	})
}
