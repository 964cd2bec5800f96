package main

import (
	"time"

	"github.com/stgy/stgypub/counter"
)

// rankingConfig is the site-wide ranking's part of the configuration
// (counter.Config.SiteBuckets and SiteFlushInterval; docs/RANKING.md).
type rankingConfig struct {
	Buckets       int           // STGY_PUB_SITE_BUCKETS, 1 to counter.MaxSiteBuckets
	FlushInterval time.Duration // STGY_PUB_SITE_FLUSH_INTERVAL, 10ms to 1m
}

// loadRankingConfig reads and checks the site-wide ranking's variables.
func loadRankingConfig() (rankingConfig, error) {
	var c rankingConfig
	var err error
	if c.Buckets, err = envInt("STGY_PUB_SITE_BUCKETS", counter.DefaultSiteBuckets, 1, counter.MaxSiteBuckets); err != nil {
		return c, err
	}
	c.FlushInterval, err = envDuration("STGY_PUB_SITE_FLUSH_INTERVAL", counter.DefaultSiteFlushInterval, 10*time.Millisecond, time.Minute)
	return c, err
}
