package api_test

import (
	"testing"

	"github.com/stgy/stgypub/internal/wiring"
)

type webhookJSON struct {
	ID         string   `json:"id"`
	URL        string   `json:"url"`
	Events     []string `json:"events"`
	Secret     string   `json:"secret"`
	CreatedAt  string   `json:"createdAt"`
	Deliveries []struct {
		ID            string  `json:"id"`
		Event         string  `json:"event"`
		PostID        string  `json:"postId"`
		CommentID     *string `json:"commentId"`
		State         string  `json:"state"`
		Attempts      int     `json:"attempts"`
		NextAttemptAt *string `json:"nextAttemptAt"`
		LastStatus    *int    `json:"lastStatus"`
	} `json:"deliveries"`
}

// withWebhooks wires the webhook service as these tests need it: two
// webhooks per owner, loopback targets refused.
func withWebhooks(c *wiring.Config) {
	c.Hooks.MaxPerOwner, c.Hooks.AllowLoopback = 2, false
}

const createHook = `mutation($url: String!, $events: [WebhookEvent!]!) {
  createWebhook(input: {url: $url, events: $events}) { id url events secret createdAt }
}`

const listHooks = `{ webhooks { id url events deliveries(first: 5) { id event postId commentId state attempts nextAttemptAt lastStatus } } }`

func TestWebhookOperations(t *testing.T) {
	t.Parallel()
	e := newWiredEnv(t, withWebhooks, nil)
	create := func(as, url string, events ...string) *resp {
		return e.do(t, req{as: as, query: createHook, variables: map[string]any{"url": url, "events": events}})
	}
	r := create("owner", "https://93.184.216.34/hook", "POST_PUBLISHED", "COMMENT_POSTED", "POST_PUBLISHED")
	var h webhookJSON
	r.data(t, "createWebhook", &h)
	if len(h.Secret) != 64 || h.URL != "https://93.184.216.34/hook" || len(h.Events) != 2 || h.Events[0] != "POST_PUBLISHED" || h.Events[1] != "COMMENT_POSTED" || h.CreatedAt == "" {
		t.Fatalf("created %+v", h)
	}
	refusals := []struct {
		name, as, url string
		events        []string
		code, field   string
	}{
		{"anonymous", "", "https://93.184.216.34/", []string{"POST_UPDATED"}, "UNAUTHENTICATED", ""},
		{"http", "owner", "http://93.184.216.34/", []string{"POST_UPDATED"}, "BAD_USER_INPUT", "url"},
		{"port too high", "owner", "https://93.184.216.34:99999/", []string{"POST_UPDATED"}, "BAD_USER_INPUT", "url"},
		{"port 0", "owner", "https://93.184.216.34:0/", []string{"POST_UPDATED"}, "BAD_USER_INPUT", "url"},
		{"port not a number", "owner", "https://[2606:4700::1111]:x/", []string{"POST_UPDATED"}, "BAD_USER_INPUT", "url"},
		{"no events", "owner", "https://93.184.216.34/", []string{}, "BAD_USER_INPUT", "events"},
		{"loopback", "owner", "https://127.0.0.1:8443/", []string{"POST_UPDATED"}, "WEBHOOK_URL_REFUSED", "url"},
		{"localhost", "owner", "https://localhost/", []string{"POST_UPDATED"}, "WEBHOOK_URL_REFUSED", "url"},
		{"metadata", "owner", "https://169.254.169.254/latest/meta-data/", []string{"POST_UPDATED"}, "WEBHOOK_URL_REFUSED", "url"},
		{"private", "owner", "https://10.1.2.3/", []string{"POST_UPDATED"}, "WEBHOOK_URL_REFUSED", "url"},
		{"unknown event", "owner", "https://93.184.216.34/", []string{"POST_LIKED"}, "BAD_USER_INPUT", ""},
	}
	for _, c := range refusals {
		t.Run(c.name, func(t *testing.T) {
			r := create(c.as, c.url, c.events...)
			if r.code() != c.code || r.Errors[0].Extensions["field"] != nil && r.Errors[0].Extensions["field"] != c.field {
				t.Fatalf("code %q (%s), want %q field %q", r.code(), r.raw, c.code, c.field)
			}
			if c.field != "" && r.Errors[0].Extensions["field"] != c.field {
				t.Fatalf("field %v, want %q", r.Errors[0].Extensions["field"], c.field)
			}
		})
	}
	create("owner", "https://93.184.216.34/second", "POST_UPDATED").data(t, "createWebhook", &webhookJSON{})
	if r := create("owner", "https://93.184.216.34/third", "POST_UPDATED"); r.code() != "WEBHOOK_LIMIT_REACHED" {
		t.Fatalf("third hook: %s", r.raw)
	}

	// Publishing queues POST_PUBLISHED for the first hook only.
	p := e.post(t, e.owner, "# Hooked", nil)
	e.do(t, req{as: "owner", query: `mutation($id: ID!) { setPostPublication(id: $id, publishedAt: "2026-01-01T00:00:00Z") { id } }`,
		variables: map[string]any{"id": p.ID.String()}}).data(t, "setPostPublication", &struct{}{})
	var hooks []webhookJSON
	e.do(t, req{as: "owner", query: listHooks}).data(t, "webhooks", &hooks)
	if len(hooks) != 2 || hooks[0].ID != h.ID || len(hooks[0].Deliveries) != 1 || len(hooks[1].Deliveries) != 0 {
		t.Fatalf("webhooks %+v", hooks)
	}
	d := hooks[0].Deliveries[0]
	if d.Event != "POST_PUBLISHED" || d.PostID != p.ID.String() || d.CommentID != nil || d.State != "PENDING" || d.Attempts != 0 ||
		d.NextAttemptAt == nil || d.LastStatus != nil || len(d.ID) != 36 {
		t.Fatalf("delivery %+v", d)
	}

	// Another owner sees none and cannot delete them.
	var others []webhookJSON
	e.do(t, req{as: "other", query: listHooks}).data(t, "webhooks", &others)
	if len(others) != 0 {
		t.Fatalf("other's webhooks %+v", others)
	}
	del := `mutation($id: ID!) { deleteWebhook(id: $id) }`
	if r := e.do(t, req{as: "other", query: del, variables: map[string]any{"id": h.ID}}); r.code() != "NOT_FOUND" {
		t.Fatalf("other deleting: %s", r.raw)
	}
	var ok bool
	e.do(t, req{as: "owner", query: del, variables: map[string]any{"id": h.ID}}).data(t, "deleteWebhook", &ok)
	e.do(t, req{as: "owner", query: listHooks}).data(t, "webhooks", &hooks)
	if !ok || len(hooks) != 1 || hooks[0].ID == h.ID {
		t.Fatalf("after delete: %v %+v", ok, hooks)
	}
	if r := e.do(t, req{query: listHooks}); r.code() != "UNAUTHENTICATED" {
		t.Fatalf("anonymous webhooks: %s", r.raw)
	}
}
