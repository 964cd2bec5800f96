package webhook_test

import (
	"context"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/store/storetest"
	"github.com/stgy/stgypub/webhook"
)

func TestServiceCreateRefusals(t *testing.T) {
	ctx := context.Background()
	st := storetest.New(t)
	alice := &stgypub.User{LoginName: "alice", Nickname: "Alice"}
	if err := st.Users.CreateUser(ctx, alice); err != nil {
		t.Fatal(err)
	}
	strict := webhook.NewService(st.Webhooks, webhook.ServiceConfig{MaxPerOwner: 2})
	dev := webhook.NewService(st.Webhooks, webhook.ServiceConfig{MaxPerOwner: 2, AllowLoopback: true})
	all := []stgypub.WebhookEvent{stgypub.EventPostPublished}
	cases := []struct {
		name   string
		svc    *webhook.Service
		viewer *stgypub.User
		url    string
		events []stgypub.WebhookEvent
		code   string
	}{
		{"anonymous", strict, nil, "https://93.184.216.34/", all, stgypub.CodeUnauthenticated},
		{"http", strict, alice, "http://93.184.216.34/", all, stgypub.CodeBadUserInput},
		{"not a URL", strict, alice, "hooks", all, stgypub.CodeBadUserInput},
		{"user info", strict, alice, "https://u:p@93.184.216.34/", all, stgypub.CodeBadUserInput},
		{"unknown event", strict, alice, "https://93.184.216.34/", []stgypub.WebhookEvent{"POST_LIKED"}, stgypub.CodeBadUserInput},
		{"no event", strict, alice, "https://93.184.216.34/", nil, stgypub.CodeBadUserInput},
		{"loopback without the flag", strict, alice, "https://127.0.0.1/", all, stgypub.CodeWebhookURLRefused},
		{"localhost without the flag", strict, alice, "https://localhost:8443/", all, stgypub.CodeWebhookURLRefused},
		{"metadata", dev, alice, "http://169.254.169.254/latest/meta-data/", all, stgypub.CodeWebhookURLRefused},
		{"private", dev, alice, "https://10.0.0.7/hook", all, stgypub.CodeWebhookURLRefused},
		{"CGNAT", strict, alice, "https://100.100.1.1/", all, stgypub.CodeWebhookURLRefused},
		{"public https", strict, alice, "https://93.184.216.34/hook", all, ""},
		{"loopback http with the flag", dev, alice, "http://127.0.0.1:9/hook", all, ""},
		{"over the limit", strict, alice, "https://93.184.216.34/third", all, stgypub.CodeWebhookLimit},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, err := c.svc.Create(ctx, c.viewer, c.url, c.events)
			if got := stgypub.ErrorCode(err); got != c.code {
				t.Fatalf("Create(%s) = %v, want code %q", c.url, err, c.code)
			}
			if err == nil && (len(h.Secret) != 64 || h.URL != c.url || h.OwnerID != alice.ID) {
				t.Fatalf("created %+v", h)
			}
		})
	}
	hooks, err := strict.List(ctx, alice)
	if err != nil || len(hooks) != 2 {
		t.Fatalf("List = %d hooks, %v", len(hooks), err)
	}
	bob := &stgypub.User{LoginName: "bob", Nickname: "Bob"}
	if err := st.Users.CreateUser(ctx, bob); err != nil {
		t.Fatal(err)
	}
	if code := stgypub.ErrorCode(strict.Delete(ctx, bob, hooks[0].ID)); code != stgypub.CodeNotFound {
		t.Fatalf("bob deleting alice's hook: %q", code)
	}
	if err := strict.Delete(ctx, alice, hooks[0].ID); err != nil {
		t.Fatal(err)
	}
	if hooks, _ := strict.List(ctx, alice); len(hooks) != 1 {
		t.Fatalf("after delete: %d hooks", len(hooks))
	}
}
