package main

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/stgy/stgypub/server/api"
	"github.com/stgy/stgypub/ui"
)

// apiConfig is the GraphQL endpoint's part of the configuration
// (api.Config; docs/API.md "Building a frontend").
type apiConfig struct {
	AllowedOrigins []string               // STGY_ALLOWED_ORIGINS: origins whose pages may send cookies
	PersistedOnly  bool                   // STGY_GRAPHQL_PERSISTED_ONLY
	Documents      api.PersistedDocuments // the UI's and STGY_GRAPHQL_PERSISTED_DOCUMENTS'
	MaxAge         time.Duration          // STGY_GRAPHQL_MAX_AGE (negative: no caching)
	SharedMaxAge   time.Duration          // STGY_GRAPHQL_S_MAXAGE
}

// loadAPIConfig reads and checks the endpoint's variables.
func loadAPIConfig() (apiConfig, error) {
	var c apiConfig
	var err error
	for o := range strings.SplitSeq(os.Getenv("STGY_ALLOWED_ORIGINS"), ",") {
		if o = strings.TrimSpace(o); o == "" {
			continue
		}
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.User != nil {
			return c, fmt.Errorf("STGY_ALLOWED_ORIGINS %q: want comma-separated origins such as https://app.example.com (scheme, host and port only)", o)
		}
		c.AllowedOrigins = append(c.AllowedOrigins, u.Scheme+"://"+u.Host)
	}
	if c.PersistedOnly, err = parseBool("STGY_GRAPHQL_PERSISTED_ONLY", env("STGY_GRAPHQL_PERSISTED_ONLY", "false")); err != nil {
		return c, err
	}
	if c.Documents, err = api.ParsePersistedDocuments(ui.PersistedDocuments()); err != nil {
		return c, fmt.Errorf("the UI's persisted documents: %w", err)
	}
	views, err := api.ParsePersistedDocuments(ui.ViewDocuments())
	if err != nil {
		return c, fmt.Errorf("the static copy's persisted documents: %w", err)
	}
	c.Documents.Merge(views)
	for path := range strings.SplitSeq(os.Getenv("STGY_GRAPHQL_PERSISTED_DOCUMENTS"), ",") {
		if path = strings.TrimSpace(path); path == "" {
			continue
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return c, fmt.Errorf("STGY_GRAPHQL_PERSISTED_DOCUMENTS: %w", err)
		}
		docs, err := api.ParsePersistedDocuments(b)
		if err != nil {
			return c, fmt.Errorf("STGY_GRAPHQL_PERSISTED_DOCUMENTS %s: %w", path, err)
		}
		c.Documents.Merge(docs)
	}
	if c.MaxAge, err = envDuration("STGY_GRAPHQL_MAX_AGE", 30*time.Second, 0, time.Hour); err != nil {
		return c, err
	}
	if c.MaxAge == 0 {
		c.MaxAge = -1 // 0 turns caching off (api.Config: negative)
	}
	c.SharedMaxAge, err = envDuration("STGY_GRAPHQL_S_MAXAGE", 60*time.Second, time.Second, time.Hour)
	return c, err
}
