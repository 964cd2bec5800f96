package server_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

// TestPageCacheHeapWithinBound fills a bounded page cache with the demo's
// pages as the server builds them (every article in every theme, the
// list pages, feeds, home, sitemap; identity, gzip and brotli variants)
// and compares the Go heap's growth with the configured bound: the cache
// counts the memory it really keeps (issue 18.4: it kept buildPub's
// 64 KiB buffer while counting only the body), so the growth stays
// within 25 % of the bound.
func TestPageCacheHeapWithinBound(t *testing.T) {
	if inOwnProcess(t) {
		return
	}
	const bound = 6 << 20
	s := newBenchSiteOn(t, newClusterBytes(t, 1, nil, "", bound))
	nd := s.c.nodes[0]
	var paths []string
	for _, p := range s.all {
		paths = append(paths, p)
		if strings.HasPrefix(p, "/pub/") {
			for _, th := range stgypub.Themes {
				paths = append(paths, p+"?design="+th.Name)
			}
		}
	}
	fill := func() {
		for _, p := range paths {
			for _, ae := range []string{"gzip", "br", ""} {
				if rec := s.c.get(0, p, "Accept-Encoding", ae); rec.Code != 200 {
					t.Fatalf("%s: %d", p, rec.Code)
				}
			}
		}
	}
	fill() // warms everything else the server keeps (article and card caches)
	var weight int64
	growth := heapGrowth(func() {
		nd.pages.Settle()
		nd.pages.Flush()
		nd.pages.Bytes() // runs the pending evictions
	}, func() {
		fill()
		nd.pages.Settle() // no compressor still in flight
		weight = nd.pages.Bytes()
	}, func(g int64) bool { return g <= bound*5/4 && g >= bound*3/4 })
	t.Logf("%d pages requested, %d kept; weight %.2f MiB, heap growth %.2f MiB, bound %.2f MiB",
		len(paths), nd.pages.Len(), float64(weight)/(1<<20), float64(growth)/(1<<20), float64(bound)/(1<<20))
	if weight < bound*9/10 {
		t.Fatalf("the cache is not full: weight %d of %d (the test needs more pages)", weight, bound)
	}
	if growth > bound*5/4 || growth < bound*3/4 {
		t.Errorf("heap grew %d bytes for a cache bounded to %d (%.2f×): not within 25 %%", growth, bound, float64(growth)/bound)
	}
	runtime.KeepAlive(nd.pages)
}
