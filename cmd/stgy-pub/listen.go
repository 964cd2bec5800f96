package main

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"
)

// defaultAdminListen is where /metrics and pprof are served unless
// STGY_ADMIN_LISTEN says otherwise: loopback only.
const defaultAdminListen = "127.0.0.1:9090"

// shutdownTimeout bounds a graceful shutdown (SIGTERM): requests in flight
// get this long to finish.
const shutdownTimeout = 10 * time.Second

// listenAdmin takes the admin address (nil, nil when it is "off"). A
// busy port fails serve with a way out; the demo (fallback) takes a free
// loopback port instead and says which, so `make run` starts whatever
// else runs on the machine.
func listenAdmin(cfg *config, fallback bool) (net.Listener, error) {
	if cfg.AdminListen == "off" {
		return nil, nil
	}
	ln, err := net.Listen("tcp", cfg.AdminListen)
	if err == nil {
		return ln, nil
	}
	if fallback {
		if ln, err2 := net.Listen("tcp", "127.0.0.1:0"); err2 == nil {
			slog.Warn("admin address taken; serving /metrics and pprof on a free loopback port instead", "wanted", cfg.AdminListen, "addr", ln.Addr().String())
			return ln, nil
		}
	}
	return nil, fmt.Errorf("%w\n  the admin address %s is taken; choose another (STGY_ADMIN_LISTEN=127.0.0.1:9091) or turn it off (STGY_ADMIN_LISTEN=off)", err, cfg.AdminListen)
}

// connGuard counts open connections and, while three quarters of max or
// more are open, closes keep-alive connections as soon as they go idle,
// so the slots of netutil.LimitListener go to clients with requests.
type connGuard struct {
	open atomic.Int64
	high int64
}

func newConnGuard(max int) *connGuard { return &connGuard{high: int64(max) * 3 / 4} }

// state is the http.Server's ConnState hook.
func (g *connGuard) state(c net.Conn, st http.ConnState) {
	switch st {
	case http.StateNew:
		g.open.Add(1)
	case http.StateClosed, http.StateHijacked:
		g.open.Add(-1)
	case http.StateIdle:
		if g.open.Load() >= g.high {
			_ = c.Close()
		}
	}
}
