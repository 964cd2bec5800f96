package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"
)

func splitHostPort(addr string) (string, string, error) { return net.SplitHostPort(addr) }

// serve runs h on a loopback listen address until ctx ends.
func serve(ctx context.Context, listen string, h http.Handler) error {
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		return err
	}
	if err := checkLoopbackHost(host); err != nil {
		return err
	}
	srv := &http.Server{Addr: listen, Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// runBareStatic serves the bytes of -from, fetched once: net/http alone.
func runBareStatic(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bare-static", flag.ContinueOnError)
	listen := fs.String("listen", "127.0.0.1:0", "loopback listen address")
	from := fs.String("from", "", "URL whose body to serve")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := checkLoopbackURL(*from); err != nil {
		return err
	}
	resp, err := http.Get(*from)
	if err != nil {
		return err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK {
		return fmt.Errorf("bare-static: fetch %s: status %d, %v", *from, resp.StatusCode, err)
	}
	ctype := resp.Header.Get("Content-Type")
	return serve(ctx, *listen, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", ctype)
		_, _ = w.Write(body)
	}))
}

// viewScript is the counter's view script (seed 001 "Atomic Updates with
// Lua"): LRU check and rewrite, meta refresh, HINCRBY, EXPIRE.
var viewScript = redis.NewScript(`
local lru = redis.call('GET', KEYS[1]) or ''
local fp = ARGV[1]
local seen = false
for i = 1, #lru, 4 do
  if string.sub(lru, i, i + 3) == fp then
    lru = string.sub(lru, 1, i - 1) .. string.sub(lru, i + 4)
    seen = true
    break
  end
end
lru = lru .. fp
if #lru > 600 then lru = string.sub(lru, #lru - 599) end
redis.call('SET', KEYS[1], lru, 'EX', 1296000)
redis.call('SET', KEYS[2], ARGV[2], 'EX', 1296000)
if seen then return 0 end
local n = redis.call('HINCRBY', KEYS[3], ARGV[3], 1)
redis.call('EXPIRE', KEYS[3], 1296000)
return n
`)

// runBareViews records one view per request with one EVALSHA; the
// fingerprint is the X-Forwarded-For (or peer) address's last 4 bytes.
func runBareViews(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bare-views", flag.ContinueOnError)
	listen := fs.String("listen", "127.0.0.1:0", "loopback listen address")
	redisURL := fs.String("redis", "redis://127.0.0.1:6379/0", "Redis URL")
	prefix := fs.String("prefix", "", "key prefix (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *prefix == "" {
		return errors.New("bare-views: -prefix is required")
	}
	rdb, err := openRedis(*redisURL)
	if err != nil {
		return err
	}
	defer rdb.Close()
	keys := []string{*prefix + "bare:lru:{1}", *prefix + "bare:meta:{1}", *prefix + "stgy:pub-views:daily:{1}:bare"}
	return serve(ctx, *listen, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		addr := r.Header.Get("X-Forwarded-For")
		if addr == "" {
			addr, _, _ = net.SplitHostPort(r.RemoteAddr)
		}
		ip := net.ParseIP(addr).To4()
		if ip == nil {
			http.Error(w, "need an IPv4 client address", http.StatusBadRequest)
			return
		}
		if err := viewScript.Run(r.Context(), rdb, keys, string(ip), `{"digest":""}`, "1").Err(); err != nil {
			http.Error(w, "redis: "+err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok"))
	}))
}
