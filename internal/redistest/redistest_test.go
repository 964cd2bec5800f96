package redistest

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestPrefixIsDeletedAtCleanup writes more keys than one SCAN page under a
// prefix in a subtest and checks that they are gone when the subtest ends,
// while a key outside the prefix survives.
func TestPrefixIsDeletedAtCleanup(t *testing.T) {
	ctx := context.Background()
	outer := New(t)
	keep := outer.Prefix + "keep"
	if err := outer.Client.Set(ctx, keep, "1", 0).Err(); err != nil {
		t.Fatal(err)
	}
	var inner *Redis
	t.Run("writes", func(t *testing.T) {
		inner = New(t)
		if !strings.HasPrefix(inner.Prefix, "stgytest:") || inner.Prefix == outer.Prefix {
			t.Fatalf("prefix %q (outer %q)", inner.Prefix, outer.Prefix)
		}
		pipe := inner.Client.Pipeline()
		for i := range 2500 {
			pipe.Set(ctx, fmt.Sprintf("%sk{%d}", inner.Prefix, i), i, 0)
		}
		if _, err := pipe.Exec(ctx); err != nil {
			t.Fatal(err)
		}
		keys, err := inner.Keys(ctx)
		if err != nil || len(keys) != 2500 {
			t.Fatalf("Keys = %d keys, %v; want 2500", len(keys), err)
		}
	})
	probe := &Redis{Client: outer.Client, Prefix: inner.Prefix}
	if keys, err := probe.Keys(ctx); err != nil || len(keys) != 0 {
		t.Errorf("after cleanup %d keys left under %s (err %v)", len(keys), inner.Prefix, err)
	}
	if n, err := outer.Client.Exists(ctx, keep).Result(); err != nil || n != 1 {
		t.Errorf("key outside the prefix: exists=%d err=%v", n, err)
	}
}

func TestStartAndStop(t *testing.T) {
	ctx := context.Background()
	s := Start(t, "--maxmemory", "2mb")
	if err := s.Client.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatal(err)
	}
	cfg, err := s.Client.ConfigGet(ctx, "maxmemory").Result()
	if err != nil || cfg["maxmemory"] != "2097152" {
		t.Errorf("maxmemory = %v (err %v), want 2097152", cfg, err)
	}
	s.Stop()
	if err := s.Client.Get(ctx, "k").Err(); err == nil {
		t.Error("a stopped server still answers")
	}
	s.Stop() // twice is harmless
}
