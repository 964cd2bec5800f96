package obs

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the flusher goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestLogBufferKeepsEveryLineWhole(t *testing.T) {
	var out syncBuffer
	b := NewLogBuffer(&out, time.Hour) // no periodic flush in this test
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 500 {
				fmt.Fprintf(b, "g=%d i=%d %s\n", g, i, strings.Repeat("x", 100))
			}
		})
	}
	wg.Wait()
	if got := strings.Count(out.String(), "\n"); got >= 4000 {
		t.Fatalf("all %d lines were written before Flush: nothing buffered", got)
	}
	b.Close()
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 4000 {
		t.Fatalf("%d lines after Close, want 4000", len(lines))
	}
	seen := map[string]bool{}
	for _, l := range lines {
		var g, i int
		var x string
		if n, err := fmt.Sscanf(l, "g=%d i=%d %s", &g, &i, &x); n != 3 || err != nil || len(x) != 100 {
			t.Fatalf("line not whole: %q", l)
		}
		seen[fmt.Sprint(g, i)] = true
	}
	if len(seen) != 4000 {
		t.Errorf("%d distinct lines, want 4000", len(seen))
	}
}

func TestLogBufferFlushesOnItsInterval(t *testing.T) {
	var out syncBuffer
	b := NewLogBuffer(&out, 10*time.Millisecond)
	defer b.Close()
	fmt.Fprintln(b, "one line")
	for out.String() == "" { // the flusher writes it without any Flush call
		time.Sleep(time.Millisecond)
	}
	if out.String() != "one line\n" {
		t.Errorf("got %q", out.String())
	}
}

func TestLogBufferCloseTwice(t *testing.T) {
	var out syncBuffer
	b := NewLogBuffer(&out, 0)
	fmt.Fprint(b, "a\n")
	b.Close()
	fmt.Fprint(b, "b\n")
	b.Close()
	if out.String() != "a\nb\n" {
		t.Errorf("got %q", out.String())
	}
}
