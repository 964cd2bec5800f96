// Package cputime reads the process's CPU time (user + system, every
// thread), for benchmarks that report CPU per operation beside wall time
// on a machine other processes load.
package cputime

import (
	"syscall"
	"testing"
	"time"
)

// Process returns the CPU time the process has used so far (getrusage
// RUSAGE_SELF: user + system); 0 where it cannot be read.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Report runs b's loop body f once per iteration (b.Loop) and reports the
// process's CPU time per iteration as "cpu-ns/op" beside the wall time
// (Redis and PostgreSQL, separate processes, are not in it).
func Report(b *testing.B, f func()) {
	start := Process()
	n := 0
	for b.Loop() {
		f()
		n++
	}
	if n > 0 {
		b.ReportMetric(float64(Process()-start)/float64(n), "cpu-ns/op")
	}
}
