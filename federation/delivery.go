package federation

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/stgy/stgypub"
)

// leaseFor is how long a claimed delivery is held before another process
// may claim it again: longer than the client's timeout.
const leaseFor = 2 * time.Minute

// backoff is the wait before attempt n+1 after n failed attempts:
// 30 s, 2 min, 4.5 min, ... (30 s × n²), at most 6 h.
func backoff(n int) time.Duration {
	d := time.Duration(n*n) * 30 * time.Second
	return min(d, 6*time.Hour)
}

// DeliverDue claims up to limit due deliveries and attempts each, at
// most concurrency at once, recording every outcome (2xx delivered,
// otherwise retried with backoff until RetryFor after it was queued). It
// returns how many it attempted.
func (s *Service) DeliverDue(ctx context.Context, limit, concurrency int) (int, error) {
	now := s.cfg.Now()
	ds, err := s.st.Federation.ClaimFederationDeliveries(ctx, now, now.Add(leaseFor), limit)
	if err != nil {
		return 0, err
	}
	sem := make(chan struct{}, max(concurrency, 1))
	var wg sync.WaitGroup
	for _, d := range ds {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			s.attempt(ctx, d)
		}()
	}
	wg.Wait()
	return len(ds), nil
}

func (s *Service) attempt(ctx context.Context, d *stgypub.FederationDelivery) {
	now := s.cfg.Now()
	if d.Body == nil && d.Activity != "" {
		body, skip, err := s.postActivity(ctx, d)
		switch {
		case skip:
			d.LastStatus, d.LastError, d.FailedAt = 0, "post no longer published: not sent", &now
			s.record(ctx, d)
			return
		case err != nil:
			d.Settle(now, 0, err, backoff(d.Attempts), d.CreatedAt.Add(s.cfg.RetryFor))
			s.record(ctx, d)
			return
		}
		d.Body = body
	}
	status, tried, err := s.send(ctx, d)
	now = s.cfg.Now()
	if tried {
		s.recordHost(ctx, d.Inbox, err == nil, now)
	}
	d.Settle(now, status, err, backoff(d.Attempts), d.CreatedAt.Add(s.cfg.RetryFor))
	if err != nil {
		s.log.WarnContext(ctx, "federation: delivery failed", "delivery", d.ID, "inbox", d.Inbox, "attempts", d.Attempts, "err", err)
	}
	s.record(ctx, d)
}

func (s *Service) record(ctx context.Context, d *stgypub.FederationDelivery) {
	if err := s.st.Federation.RecordFederationAttempt(context.WithoutCancel(ctx), d); err != nil {
		s.log.ErrorContext(ctx, "federation: record attempt", "delivery", d.ID, "err", err)
	}
}

// send POSTs d.Body to d.Inbox signed with the site's key. tried is
// false when the request was never sent (the key or URL failed here),
// so the remote server is not to blame.
func (s *Service) send(ctx context.Context, d *stgypub.FederationDelivery) (status int, tried bool, err error) {
	k, err := s.key(ctx, d.UserID)
	if err != nil {
		return 0, false, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.Inbox, bytes.NewReader(d.Body))
	if err != nil {
		return 0, false, fmt.Errorf("request: %w", err)
	}
	req.Header.Set("Content-Type", `application/activity+json`)
	req.Header.Set("User-Agent", "STGY-Pub-Federation/1 (+"+s.base+")")
	if err := SignRequest(req, d.Body, k.private, s.ActorID(d.UserID)+"#main-key", s.cfg.Now()); err != nil {
		return 0, false, err
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, true, err
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.StatusCode, true, fmt.Errorf("status %d", resp.StatusCode)
	}
	return resp.StatusCode, true, nil
}

// recordHost notes whether a delivery to inbox's server succeeded: a
// server failing for 7 days gets no new post activities
// (Store.FederationHostFailed).
func (s *Service) recordHost(ctx context.Context, inbox string, ok bool, now time.Time) {
	u, err := url.Parse(inbox)
	if err != nil || u.Host == "" {
		return
	}
	host := strings.ToLower(u.Host)
	ctx = context.WithoutCancel(ctx)
	if ok {
		err = s.st.Federation.FederationHostOK(ctx, host)
	} else {
		err = s.st.Federation.FederationHostFailed(ctx, host, now)
	}
	if err != nil {
		s.log.ErrorContext(ctx, "federation: record host", "host", host, "err", err)
	}
}

// Run delivers the queue every poll until ctx ends, concurrency
// deliveries at once.
func (s *Service) Run(ctx context.Context, poll time.Duration, concurrency int) {
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		for {
			n, err := s.DeliverDue(ctx, 4*max(concurrency, 1), concurrency)
			if err != nil && ctx.Err() == nil {
				s.log.ErrorContext(ctx, "federation: claim deliveries", "err", err)
			}
			if n == 0 || err != nil {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
