package wiring

import (
	"context"
	"log/slog"
	"runtime/debug"

	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/federation"
	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/webhook"
)

// wireFederation builds the federation service, nil when
// STGY_FEDERATION_KEY is unset (federation off on this server), and the
// function delivering its queue until its context ends (nil when this
// process runs no worker).
// Replies become comments through comments.
func wireFederation(st *store.Store, cfg Config, logger *slog.Logger, comments *comment.Service) (*federation.Service, func(context.Context), error) {
	if len(cfg.Fed.Key) == 0 {
		return nil, nil, nil
	}
	client := webhook.NewClient(webhook.ClientConfig{AllowLoopback: cfg.Hooks.AllowLoopback, Timeout: cfg.Hooks.Timeout})
	svc, err := federation.New(federation.Config{BaseURL: cfg.BaseURL, Key: cfg.Fed.Key, Logger: logger, SoftwareVersion: buildVersion(),
		Comments: comments, InboxPerMinute: float64(cfg.Fed.InboxPerMinute)}, federation.Stores{Users: st.Users, Posts: st.Posts, Federation: st.Federation}, client)
	if err != nil {
		return nil, nil, err
	}
	if cfg.Fed.Concurrency == 0 {
		return svc, nil, nil
	}
	return svc, func(ctx context.Context) { svc.Run(ctx, cfg.Hooks.Poll, cfg.Fed.Concurrency) }, nil
}

// buildVersion is the main module's version as the Go toolchain stamped
// it ("dev" when none).
func buildVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}
