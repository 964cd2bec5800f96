// Command loadgen is STGY Pub's small HTTP load generator and baseline
// servers for scripts/load.sh (used when wrk is not installed, and for
// the parts wrk cannot do):
//
//	loadgen run -c 16 -d 10s -n 200000 -xff 1000 [-raw] URL...
//	    GETs each URL in turn from -c workers for at most -d and -n
//	    requests in all, and prints one line per URL: requests, req/s,
//	    p50 and p99 latency, non-200 answers. -xff N sends X-Forwarded-For
//	    from N distinct 10.x.y.z addresses so every view is new to the
//	    counter's 150-entry LRU (the server must trust the loopback proxy).
//	    -raw asks for uncompressed bodies, as the bare servers send them.
//	loadgen burst -n 1000 -first 0 URL
//	    sends n GETs of URL at once, each from its own X-Forwarded-For
//	    address on its own connection, and prints "sent ok non200 errors
//	    p50-ms p99-ms" (first-time readers arriving together).
//	loadgen views -redis URL -prefix P
//	    prints the sum of every daily page-view hash under prefix P.
//	loadgen bare-static -listen ADDR -from URL
//	    serves the bytes of URL (fetched once) with net/http.
//	loadgen bare-views -listen ADDR -redis URL -prefix P [-from URL]
//	    records one view per request with one EVALSHA of a script
//	    equivalent to the counter's and answers "ok" (or the bytes of URL).
//
// Only loopback addresses are accepted for -listen and targets.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: loadgen run|burst|views|bare-static|bare-views [flags]")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cmds := map[string]func(context.Context, []string) error{
		"run":         runLoad,
		"burst":       runBurst,
		"views":       runViews,
		"bare-static": runBareStatic,
		"bare-views":  runBareViews,
	}
	cmd, ok := cmds[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "loadgen: unknown command %q\n", os.Args[1])
		os.Exit(2)
	}
	if err := cmd(ctx, os.Args[2:]); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}
