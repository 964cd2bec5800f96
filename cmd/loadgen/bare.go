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

	"github.com/stgy/stgypub/internal/baseline"
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
	body, ctype, err := fetchBody(*from)
	if err != nil {
		return err
	}
	return serve(ctx, *listen, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", ctype)
		_, _ = w.Write(body)
	}))
}

// runBareViews records one view per request with one EVALSHA; the
// fingerprint is the X-Forwarded-For (or peer) address's last 4 bytes.
func runBareViews(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bare-views", flag.ContinueOnError)
	listen := fs.String("listen", "127.0.0.1:0", "loopback listen address")
	redisURL := fs.String("redis", "redis://127.0.0.1:6379/0", "Redis URL")
	prefix := fs.String("prefix", "", "key prefix (required)")
	from := fs.String("from", "", "URL whose body (fetched once) to answer instead of \"ok\"")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *prefix == "" {
		return errors.New("bare-views: -prefix is required")
	}
	body, ctype := []byte("ok"), "text/plain; charset=utf-8"
	if *from != "" {
		var err error
		if body, ctype, err = fetchBody(*from); err != nil {
			return err
		}
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
		if err := baseline.ViewScript.Run(r.Context(), rdb, keys, string(ip), `{"digest":""}`, "1").Err(); err != nil {
			http.Error(w, "redis: "+err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", ctype)
		_, _ = w.Write(body)
	}))
}

// fetchBody fetches a loopback URL's body (uncompressed) and content type.
func fetchBody(u string) ([]byte, string, error) {
	if err := checkLoopbackURL(u); err != nil {
		return nil, "", err
	}
	resp, err := http.Get(u)
	if err != nil {
		return nil, "", err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK {
		return nil, "", fmt.Errorf("fetch %s: status %d, %v", u, resp.StatusCode, err)
	}
	return body, resp.Header.Get("Content-Type"), nil
}
