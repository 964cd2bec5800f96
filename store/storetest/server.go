package storetest

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/uptrace/bun/driver/pgdriver"
)

// Server is a private PostgreSQL started by StartServer: the test's own,
// so it may be stopped, restarted or frozen without touching the shared
// one. Its data directory is a temporary folder; the process is stopped
// by its pid when the test ends.
type Server struct {
	Port int
	dir  string
	bin  string
	cmd  *exec.Cmd
	cred *syscall.Credential
	tb   testing.TB
}

// StartServer runs initdb and postgres (the newest
// /usr/lib/postgresql/*/bin) on a free loopback port with trust
// authentication, as the postgres user when the test runs as root, and
// waits until it answers. It fails the test when PostgreSQL is not
// installed.
func StartServer(tb testing.TB) *Server {
	tb.Helper()
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/postgres")
	if len(bins) == 0 {
		tb.Fatal("storetest: PostgreSQL server binaries are needed (/usr/lib/postgresql/*/bin)")
	}
	sort.Strings(bins)
	s := &Server{bin: filepath.Dir(bins[len(bins)-1]), tb: tb}
	dir, err := os.MkdirTemp("", "stgy-pg-")
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { os.RemoveAll(dir) })
	s.dir = filepath.Join(dir, "data")
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			tb.Fatalf("storetest: running as root needs a postgres user: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		s.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			tb.Fatal(err)
		}
	}
	initdb := s.command("initdb", "-D", s.dir, "-U", "postgres", "-A", "trust", "--no-sync")
	if out, err := initdb.CombinedOutput(); err != nil {
		tb.Fatalf("storetest: initdb: %v\n%s", err, out)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	s.Port = l.Addr().(*net.TCPAddr).Port
	l.Close()
	tb.Cleanup(s.Stop)
	s.Start()
	return s
}

func (s *Server) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(filepath.Join(s.bin, name), args...)
	// Its own process group: Freeze stops the postmaster and every
	// backend at once.
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: s.cred, Setpgid: true}
	return cmd
}

// Freeze stops every process of the server (SIGSTOP to its process
// group) and waits until each is stopped: connections stay open and
// nothing answers, as with a hung host. Thaw (or Stop) resumes it.
// A stopped group is also checked from outside: a new connection's ping
// must get no answer (once, on a busy machine, every process read as
// stopped while the server still answered); until it does, the group is
// signalled again.
func (s *Server) Freeze() {
	s.tb.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.signalGroup(syscall.SIGSTOP)
		for !s.groupStopped() {
			if time.Now().After(deadline) {
				s.tb.Fatalf("storetest: postgres on port %d did not stop", s.Port)
			}
			time.Sleep(5 * time.Millisecond)
		}
		if !s.answers(300 * time.Millisecond) {
			return
		}
		if time.Now().After(deadline) {
			s.tb.Fatalf("storetest: postgres on port %d still answers after SIGSTOP", s.Port)
		}
	}
}

// answers reports whether a new connection to the server gets a ping
// answered within d.
func (s *Server) answers(d time.Duration) bool {
	db := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(s.URL("postgres")),
		pgdriver.WithDialTimeout(d), pgdriver.WithReadTimeout(d), pgdriver.WithWriteTimeout(d)))
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return db.PingContext(ctx) == nil
}

// groupStopped reports whether every process of the server's process
// group is in the stopped state (/proc/PID/stat).
func (s *Server) groupStopped() bool {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	pgid := strconv.Itoa(s.cmd.Process.Pid)
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...: comm may hold spaces.
		i := strings.LastIndexByte(string(b), ')')
		if i < 0 {
			continue
		}
		fields := strings.Fields(string(b[i+1:]))
		if len(fields) < 3 || fields[2] != pgid {
			continue
		}
		if fields[0] != "T" && fields[0] != "t" {
			return false
		}
	}
	return true
}

// Thaw resumes a frozen server (SIGCONT).
func (s *Server) Thaw() { s.signalGroup(syscall.SIGCONT) }

func (s *Server) signalGroup(sig syscall.Signal) {
	if s.cmd == nil || s.cmd.Process == nil || s.cmd.ProcessState != nil {
		return
	}
	_ = syscall.Kill(-s.cmd.Process.Pid, sig)
}

// URL is the connection URL of database db on the server.
func (s *Server) URL(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", s.Port, db)
}

// Start starts the (stopped) server and waits until it accepts queries.
func (s *Server) Start() {
	s.tb.Helper()
	s.cmd = s.command("postgres", "-D", s.dir, "-p", strconv.Itoa(s.Port), "-k", s.dir,
		"-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "max_connections=200")
	if err := s.cmd.Start(); err != nil {
		s.tb.Fatalf("storetest: start postgres: %v", err)
	}
	db := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(s.URL("postgres")), pgdriver.WithDialTimeout(time.Second)))
	defer db.Close()
	deadline := time.Now().Add(15 * time.Second)
	for db.PingContext(context.Background()) != nil {
		if time.Now().After(deadline) {
			s.tb.Fatalf("storetest: private postgres on port %d did not answer", s.Port)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Stop shuts the server down (SIGINT, PostgreSQL's fast shutdown: open
// connections are terminated) and waits for it; stopping twice is
// harmless.
func (s *Server) Stop() {
	if s.cmd == nil || s.cmd.ProcessState != nil {
		return
	}
	s.Thaw()
	_ = s.cmd.Process.Signal(syscall.SIGINT)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
}
