package webhook

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stgy/stgypub"
)

func attemptTo(url string) Attempt {
	return Attempt{URL: url, Secret: "k", DeliveryID: "d-1", Event: stgypub.EventPostUpdated, Body: []byte(`{"x":1}`)}
}

func TestClientSendSigned(t *testing.T) {
	var got http.Header
	var body []byte
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Clone()
		body, _ = io.ReadAll(r.Body)
		w.WriteHeader(http.StatusAccepted)
		_, _ = w.Write([]byte(strings.Repeat("x", 1<<20))) // read up to the limit only
	}))
	defer recv.Close()
	c := NewClient(ClientConfig{AllowLoopback: true, MaxResponseBytes: 1024})
	status, err := c.Send(context.Background(), attemptTo(recv.URL+"/hook"))
	if err != nil || status != http.StatusAccepted {
		t.Fatalf("Send = %d, %v", status, err)
	}
	if string(body) != `{"x":1}` || !Verify("k", body, got.Get(HeaderSignature)) || got.Get(HeaderDelivery) != "d-1" ||
		got.Get(HeaderEvent) != "POST_UPDATED" || got.Get("Content-Type") != "application/json" {
		t.Fatalf("received %q with headers %v", body, got)
	}
}

func TestClientRefusals(t *testing.T) {
	var hits atomic.Int32
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	defer recv.Close()
	port := recv.URL[strings.LastIndexByte(recv.URL, ':')+1:]
	redirect := func(to string) string {
		s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, to, http.StatusFound)
		}))
		t.Cleanup(s.Close)
		return s.URL
	}
	strict := NewClient(ClientConfig{})
	dev := NewClient(ClientConfig{AllowLoopback: true})
	cases := []struct {
		name   string
		c      *Client
		url    string
		status int
		refuse bool // a RefusedError from the dialer
	}{
		{"http without the flag", strict, recv.URL, 0, false},
		{"https to loopback", strict, "https://127.0.0.1:" + port + "/", 0, true},
		{"https to a name resolving to loopback", strict, "https://localhost:" + port + "/", 0, true},
		{"https to IPv6 loopback", strict, "https://[::1]:" + port + "/", 0, true},
		{"metadata", dev, "http://169.254.169.254/latest/meta-data/", 0, true},
		{"metadata over https", strict, "https://169.254.169.254/", 0, true},
		{"private", dev, "http://10.0.0.1:" + port + "/", 0, true},
		{"https to private", strict, "https://192.168.0.1/", 0, true},
		{"CGNAT", strict, "https://100.64.0.1/", 0, true},
		{"http to a public address with the flag", dev, "http://93.184.216.34/", 0, true},
		{"unspecified", dev, "http://0.0.0.0:" + port + "/", 0, true},
		{"redirect to loopback, not followed", dev, redirect(recv.URL + "/secret"), http.StatusFound, false},
		{"redirect to metadata, not followed", dev, redirect("http://169.254.169.254/"), http.StatusFound, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, err := c.c.Send(context.Background(), attemptTo(c.url))
			var refused *RefusedError
			if err == nil || status != c.status || errors.As(err, &refused) != c.refuse {
				t.Fatalf("Send(%s) = %d, %v; want status %d, refused by the dialer %v", c.url, status, err, c.status, c.refuse)
			}
		})
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the loopback receiver was reached %d times", n)
	}
}
