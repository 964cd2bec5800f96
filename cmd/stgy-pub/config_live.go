package main

import (
	"time"

	"github.com/stgy/stgypub/server/api"
)

// loadLiveConfig reads the subscription limits (api.LiveLimits; README
// "Configuration", docs/API.md "Subscriptions").
func loadLiveConfig() (api.LiveLimits, error) {
	var l api.LiveLimits
	var err error
	if l.PerAddress, err = envInt("STGY_PUB_LIVE_PER_ADDRESS", 16, 1, 10000); err != nil {
		return l, err
	}
	if l.PerConnection, err = envInt("STGY_PUB_LIVE_PER_CONNECTION", 8, 1, 100); err != nil {
		return l, err
	}
	if l.Total, err = envInt("STGY_PUB_LIVE_TOTAL", 10000, 1, 1000000); err != nil {
		return l, err
	}
	l.KeepAlive, err = envDuration("STGY_PUB_LIVE_KEEPALIVE", 15*time.Second, time.Second, 5*time.Minute)
	return l, err
}
