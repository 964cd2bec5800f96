package obs

import (
	"bufio"
	"io"
	"log/slog"
	"sync"
	"time"
)

// DefaultLogFlush is how long a log line may wait in a LogBuffer before it
// is written: the access log's cost per request is then a copy into
// memory, and one write(2) carries every line of the interval.
const DefaultLogFlush = 200 * time.Millisecond

// logBufferSize is the buffer a LogBuffer writes through when full.
const logBufferSize = 64 << 10

// LogBuffer is an io.Writer for the process log: lines are kept in a
// 64 KiB buffer and written to the underlying writer when it fills, every
// interval, and on Flush (the process calls it before it exits, so a
// normal exit loses no line; a crash of the process loses at most one
// interval of lines). Safe for concurrent use; slog handlers write one
// record per Write call, so records are never interleaved. Write errors of
// the underlying writer are dropped, as an unbuffered log's are.
type LogBuffer struct {
	mu   sync.Mutex
	w    *bufio.Writer
	stop chan struct{}
	done chan struct{}
}

// NewLogBuffer starts a LogBuffer over w flushed every interval (<= 0:
// DefaultLogFlush). Close stops its flusher and flushes.
func NewLogBuffer(w io.Writer, interval time.Duration) *LogBuffer {
	if interval <= 0 {
		interval = DefaultLogFlush
	}
	b := &LogBuffer{w: bufio.NewWriterSize(w, logBufferSize), stop: make(chan struct{}), done: make(chan struct{})}
	go b.flushEvery(interval)
	return b
}

// Write copies p into the buffer (a record larger than the buffer is
// written through at once). It always reports len(p), nil.
func (b *LogBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	_, _ = b.w.Write(p)
	b.mu.Unlock()
	return len(p), nil
}

// Flush writes every buffered line to the underlying writer now.
func (b *LogBuffer) Flush() {
	b.mu.Lock()
	_ = b.w.Flush()
	b.mu.Unlock()
}

// Close stops the periodic flush and flushes what is buffered; Writes
// after Close are still buffered and written by the next Flush.
func (b *LogBuffer) Close() {
	select {
	case <-b.stop:
	default:
		close(b.stop)
		<-b.done
	}
	b.Flush()
}

func (b *LogBuffer) flushEvery(interval time.Duration) {
	defer close(b.done)
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-b.stop:
			return
		case <-t.C:
			b.mu.Lock()
			if b.w.Buffered() > 0 {
				_ = b.w.Flush()
			}
			b.mu.Unlock()
		}
	}
}

// NewProcessLogger is the process log of `stgy-pub`: text records at INFO
// and above, WARN and above rate-limited per message (Sampled, onDrop
// counting the dropped), written through a LogBuffer over w, which the
// caller closes before the process exits. The benchmarks log through it
// too, so their figures include the access log as serve writes it.
func NewProcessLogger(w io.Writer, onDrop func()) (*slog.Logger, *LogBuffer) {
	buf := NewLogBuffer(w, 0)
	return slog.New(NewSampled(slog.NewTextHandler(buf, &slog.HandlerOptions{Level: slog.LevelInfo}), 0, 0, onDrop)), buf
}
