package redistest

import (
	"context"
	"net"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Server is a private redis-server started by Start: the test's own, so it
// may be stopped or reconfigured without touching the shared Redis.
type Server struct {
	Addr   string // 127.0.0.1:port
	Client *redis.Client
	cmd    *exec.Cmd
	args   []string
	tb     testing.TB
}

// Start runs redis-server on a free loopback port with no persistence,
// plus args (e.g. "--maxmemory", "1mb"), and waits until it answers. The
// process is killed (by its pid) when the test ends. It fails the test
// when redis-server is not installed or does not come up in 5 s.
func Start(tb testing.TB, args ...string) *Server {
	tb.Helper()
	path, err := exec.LookPath("redis-server")
	if err != nil {
		tb.Fatalf("redistest: redis-server is needed: %v", err)
	}
	port := freePort(tb)
	dir := tb.TempDir()
	s := &Server{Addr: "127.0.0.1:" + strconv.Itoa(port), tb: tb}
	s.args = append([]string{path, "--port", strconv.Itoa(port), "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "no", "--dir", dir}, args...)
	tb.Cleanup(s.Stop)
	s.Client = redis.NewClient(&redis.Options{Addr: s.Addr})
	tb.Cleanup(func() { s.Client.Close() })
	s.start()
	return s
}

func (s *Server) start() {
	s.tb.Helper()
	s.cmd = exec.Command(s.args[0], s.args[1:]...)
	if err := s.cmd.Start(); err != nil {
		s.tb.Fatalf("redistest: start redis-server: %v", err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for s.Client.Ping(context.Background()).Err() != nil {
		if time.Now().After(deadline) {
			s.tb.Fatalf("redistest: private redis-server on %s did not answer", s.Addr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Freeze stops the server's process with SIGSTOP: connections stay open
// and nothing answers, as with a Redis stalled by the machine or a long
// fork. Thaw resumes it.
func (s *Server) Freeze() { _ = s.cmd.Process.Signal(syscall.SIGSTOP) }

// Thaw resumes a frozen server (SIGCONT).
func (s *Server) Thaw() { _ = s.cmd.Process.Signal(syscall.SIGCONT) }

// Restart kills the server and starts a new, empty one on the same port
// (no persistence): a Redis restart that lost its data.
func (s *Server) Restart() {
	s.tb.Helper()
	s.Stop()
	s.start()
}

// Stop kills the server's process; later commands fail with a connection
// error. Stopping twice is harmless.
func (s *Server) Stop() {
	if s.cmd == nil || s.cmd.ProcessState != nil {
		return
	}
	_ = s.cmd.Process.Kill() // SIGKILL also ends a frozen process
	_ = s.cmd.Wait()
}

// freePort asks the kernel for an unused loopback port.
func freePort(tb testing.TB) int {
	tb.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("redistest: free port: %v", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
