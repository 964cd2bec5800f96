package redisguard

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/sony/gobreaker/v2"
)

// Register adds stgy_redis_breaker_state to reg: 0 closed (calls go to
// Redis), 1 half-open (a probe is in flight), 2 open (calls fail at once).
func (g *Guard) Register(reg prometheus.Registerer) error {
	return reg.Register(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "stgy_redis_breaker_state",
		Help: "Redis circuit breaker: 0 closed, 1 half-open, 2 open.",
	}, func() float64 {
		switch g.cb.State() {
		case gobreaker.StateHalfOpen:
			return 1
		case gobreaker.StateOpen:
			return 2
		}
		return 0
	}))
}
