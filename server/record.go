package server

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/visitor"
)

// recordView counts one page view of a published post (seed 001 "Bot
// Exclusion", "IP Address Fingerprinting"): bots by User-Agent and
// browsers' prefetch/prerender requests (visitor.IsSpeculative) are
// skipped; otherwise the client IP (trusted proxies only) is reduced to a
// 4-byte HMAC fingerprint and passed to the ViewRecorder once. The raw IP
// is never logged or stored; errors are logged and never fail the page.
func (s *Server) recordView(ctx context.Context, r *http.Request, post *stgypub.Post) {
	if s.deps.Views == nil || post.PublishedAt == nil || visitor.IsBot(r.UserAgent()) || visitor.IsSpeculative(r.Header) {
		return
	}
	ip := visitor.ClientIP(r, s.cfg.TrustedProxies)
	if !ip.IsValid() {
		return
	}
	v := stgypub.View{
		PostID:      post.ID,
		OwnerID:     post.OwnedBy,
		PublishedAt: *post.PublishedAt,
		Digest:      post.Digest(),
		Fingerprint: visitor.Fingerprint(s.cfg.ViewSecret, ip),
	}
	if _, err := s.deps.Views.RecordView(ctx, v); err != nil {
		s.log.LogAttrs(ctx, slog.LevelWarn, "record view failed",
			slog.String("request_id", RequestID(ctx)), slog.String("post", post.ID.String()), slog.String("error", err.Error()))
	}
}
