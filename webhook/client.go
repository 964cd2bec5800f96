package webhook

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/stgy/stgypub"
)

// ClientConfig configures a Client; zero values take the defaults noted.
type ClientConfig struct {
	// AllowLoopback allows http:// URLs and loopback addresses
	// (STGY_WEBHOOK_ALLOW_LOOPBACK, development and tests only); an http
	// URL may then reach loopback addresses only.
	AllowLoopback bool
	// Timeout bounds a whole attempt, connection to the end of the
	// answer (STGY_WEBHOOK_TIMEOUT); 10 s.
	Timeout time.Duration
	// MaxResponseBytes is how much of an answer's body is read (and
	// discarded) before the connection is dropped; 64 KiB.
	MaxResponseBytes int64
}

// Client sends deliveries: POST only, no proxy from the environment,
// redirects not followed (a 3xx is a failed attempt), every connection's
// resolved address checked by the dialer (Refusal) and the URL by
// stgypub.CheckWebhookURL. It is safe for concurrent use.
type Client struct {
	cfg   ClientConfig
	https *http.Client
	plain *http.Client // nil unless AllowLoopback: http:// to loopback only
}

// NewClient returns a Client.
func NewClient(cfg ClientConfig) *Client {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.MaxResponseBytes <= 0 {
		cfg.MaxResponseBytes = 64 << 10
	}
	c := &Client{cfg: cfg, https: newHTTPClient(cfg, cfg.AllowLoopback)}
	if cfg.AllowLoopback {
		c.plain = newHTTPClient(cfg, true)
		c.plain.Transport.(*http.Transport).DialContext = (&net.Dialer{
			Timeout: cfg.Timeout, Control: loopbackOnly,
		}).DialContext
	}
	return c
}

func newHTTPClient(cfg ClientConfig, allowLoopback bool) *http.Client {
	dialer := &net.Dialer{Timeout: cfg.Timeout, Control: control(allowLoopback)}
	return &http.Client{
		Timeout: cfg.Timeout,
		Transport: &http.Transport{
			Proxy:                  nil,
			DialContext:            dialer.DialContext,
			TLSHandshakeTimeout:    cfg.Timeout,
			ResponseHeaderTimeout:  cfg.Timeout,
			MaxIdleConnsPerHost:    2,
			IdleConnTimeout:        30 * time.Second,
			MaxResponseHeaderBytes: 16 << 10,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// Attempt is one delivery to one URL.
type Attempt struct {
	URL, Secret, DeliveryID string
	Event                   stgypub.WebhookEvent
	Body                    []byte
}

// Send POSTs a.Body to a.URL with the signature, delivery and event
// headers. It returns the answer's status (0 when there was none) and an
// error unless the status is 2xx: a refused URL or address
// (*RefusedError, or the CheckWebhookURL error), a failed connection, a
// timeout, or "status N" (with the Location of a redirect, which is not
// followed).
func (c *Client) Send(ctx context.Context, a Attempt) (int, error) {
	u, err := stgypub.CheckWebhookURL(a.URL, c.cfg.AllowLoopback)
	if err != nil {
		return 0, err
	}
	hc := c.https
	if u.Scheme == "http" {
		hc = c.plain
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.String(), bytes.NewReader(a.Body))
	if err != nil {
		return 0, fmt.Errorf("webhook: request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "STGY-Pub-Webhook/1")
	req.Header.Set(HeaderSignature, Sign(a.Secret, a.Body))
	req.Header.Set(HeaderDelivery, a.DeliveryID)
	req.Header.Set(HeaderEvent, string(a.Event))
	resp, err := hc.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, c.cfg.MaxResponseBytes))
	_ = resp.Body.Close()
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode <= 299:
		return resp.StatusCode, nil
	case resp.StatusCode >= 300 && resp.StatusCode <= 399:
		return resp.StatusCode, fmt.Errorf("status %d: redirect to %q not followed", resp.StatusCode, resp.Header.Get("Location"))
	}
	return resp.StatusCode, fmt.Errorf("status %d", resp.StatusCode)
}

// Do sends req through the same guard as Send (the URL checked by
// stgypub.CheckWebhookURL, every connection's address by the dialer,
// redirects not followed, the client's timeout), for callers that build
// their own requests: the federation's actor fetches and signed inbox
// deliveries. The caller reads at most what it needs of the body and
// closes it.
func (c *Client) Do(req *http.Request) (*http.Response, error) {
	u, err := stgypub.CheckWebhookURL(req.URL.String(), c.cfg.AllowLoopback)
	if err != nil {
		return nil, err
	}
	hc := c.https
	if u.Scheme == "http" {
		hc = c.plain
	}
	return hc.Do(req)
}
