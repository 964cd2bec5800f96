package main

import (
	"fmt"
	"os"
	"time"

	"github.com/stgy/stgypub/counter"
)

// viewsConfig is the view pipeline's part of the configuration
// (counter.Config's queue and batch fields; docs/ARCHITECTURE.md "View
// pipeline").
type viewsConfig struct {
	QueueViews   int           // STGY_PUB_VIEW_QUEUE_VIEWS, 1,000 to 10,000,000
	QueueBytes   int64         // STGY_PUB_VIEW_QUEUE_BYTES, 1MiB to 4GiB
	BatchTimeout time.Duration // STGY_PUB_VIEW_BATCH_TIMEOUT, 100ms to 1m
	RecordWait   time.Duration // STGY_PUB_VIEW_RECORD_WAIT, 10ms to 10s
	DrainTimeout time.Duration // STGY_PUB_VIEW_DRAIN_TIMEOUT, 0 to 1m
}

// loadViewsConfig reads and checks the view pipeline's variables.
func loadViewsConfig() (viewsConfig, error) {
	var c viewsConfig
	var err error
	if c.QueueViews, err = envInt("STGY_PUB_VIEW_QUEUE_VIEWS", counter.DefaultQueueViews, 1000, 10_000_000); err != nil {
		return c, err
	}
	c.QueueBytes = counter.DefaultQueueBytes
	if s := os.Getenv("STGY_PUB_VIEW_QUEUE_BYTES"); s != "" {
		n, err := parseBytes(s)
		if err != nil || n < 1<<20 || n > 4<<30 {
			return c, fmt.Errorf("STGY_PUB_VIEW_QUEUE_BYTES %q: want a size from 1MiB to 4GiB (e.g. 33554432, 32MiB)", s)
		}
		c.QueueBytes = n
	}
	if c.BatchTimeout, err = envDuration("STGY_PUB_VIEW_BATCH_TIMEOUT", counter.DefaultBatchTimeout, 100*time.Millisecond, time.Minute); err != nil {
		return c, err
	}
	if c.RecordWait, err = envDuration("STGY_PUB_VIEW_RECORD_WAIT", counter.DefaultRecordWait, 10*time.Millisecond, 10*time.Second); err != nil {
		return c, err
	}
	c.DrainTimeout, err = envDuration("STGY_PUB_VIEW_DRAIN_TIMEOUT", defaultDrainTimeout, 0, time.Minute)
	return c, err
}

// defaultDrainTimeout is how long SIGTERM waits for the view queue once
// the HTTP server has stopped; with the HTTP shutdown it stays within
// what an orchestrator grants before SIGKILL (commonly 30 s).
const defaultDrainTimeout = 5 * time.Second
