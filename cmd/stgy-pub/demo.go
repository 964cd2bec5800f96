package main

import (
	"context"
	"fmt"
	"time"

	"github.com/stgy/stgypub/demo"
)

// runDemo is `make run`: create and migrate the database, load the three
// demo sites (idempotent), print where to look, serve. It runs in
// development mode: without STGY_PUB_VIEW_SECRET it uses (and on first
// run generates) .data/view-secret.
func runDemo(ctx context.Context, cfg *config, _ []string) error {
	if err := requireViewSecret(cfg, true); err != nil {
		return err
	}
	return withServer(ctx, cfg, func(a *app) error { return loadDemo(ctx, cfg, a) })
}

// loadDemo loads the demo sites and prints where to look.
func loadDemo(ctx context.Context, cfg *config, a *app) error {
	loaded, err := demo.Load(ctx, a.store.Posts, a.store.Users, time.Now)
	if err != nil {
		return fmt.Errorf("load demo content: %w", err)
	}
	base := cfg.BaseURL.String()
	fmt.Println()
	fmt.Println("STGY Pub demo is up:")
	for _, l := range loaded {
		posts, err := a.store.Posts.PublishedByUser(ctx, l.UserID, stgypubQuery(1))
		article := ""
		if err == nil && len(posts) > 0 {
			article = fmt.Sprintf("   article: %s/pub/%s", base, posts[0].ID)
		}
		fmt.Printf("  site %-8s %s/sites/%s%s\n", l.LoginName, base, l.UserID, article)
	}
	fmt.Printf("  GraphQL:      POST %s/graphql (see docs/API.md)\n", base)
	fmt.Printf("  owners:       sign in at %s/publications (login names %s, password %q)\n", base, loginNames(loaded), demo.Password)
	if a.adminAddr != "" {
		fmt.Printf("  health:       http://%s/healthz and /readyz (point probes at this admin listener: it answers during a connection flood)\n", a.adminAddr)
	}
	fmt.Println()
	return nil
}

func loginNames(ls []demo.Loaded) string {
	s := ""
	for i, l := range ls {
		if i > 0 {
			s += ", "
		}
		s += l.LoginName
	}
	return s
}
