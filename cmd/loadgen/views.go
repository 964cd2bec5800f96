package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"

	"github.com/redis/go-redis/v9"
)

// runViews prints the total of every daily page-view hash
// (stgy:pub-views:daily:{OWNER}:YYYYMMDD, docs/ARCHITECTURE.md "Redis key
// layout") under the prefix: the views recorded so far.
func runViews(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("views", flag.ContinueOnError)
	redisURL := fs.String("redis", "redis://127.0.0.1:6379/0", "Redis URL")
	prefix := fs.String("prefix", "", "key prefix of the server under test (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *prefix == "" {
		return errors.New("views: -prefix is required (never sum a shared Redis)")
	}
	rdb, err := openRedis(*redisURL)
	if err != nil {
		return err
	}
	defer rdb.Close()
	var total int64
	iter := rdb.Scan(ctx, 0, *prefix+"stgy:pub-views:daily:*", 1000).Iterator()
	for iter.Next(ctx) {
		vals, err := rdb.HVals(ctx, iter.Val()).Result()
		if err != nil {
			return fmt.Errorf("views: %w", err)
		}
		for _, v := range vals {
			n, _ := strconv.ParseInt(v, 10, 64)
			total += n
		}
	}
	if err := iter.Err(); err != nil {
		return fmt.Errorf("views: %w", err)
	}
	fmt.Println(total)
	return nil
}

// openRedis connects to a loopback Redis only.
func openRedis(raw string) (*redis.Client, error) {
	opt, err := redis.ParseURL(raw)
	if err != nil {
		return nil, fmt.Errorf("redis URL: %w", err)
	}
	host := opt.Addr
	if h, _, err := splitHostPort(host); err == nil {
		host = h
	}
	if err := checkLoopbackHost(host); err != nil {
		return nil, err
	}
	return redis.NewClient(opt), nil
}
