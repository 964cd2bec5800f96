# STGY Pub — the menu. `make run` and `make test` are the two set-up commands.
SHELL := /bin/bash
GO ?= go
export STGY_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/stgy_pub?sslmode=disable
export STGY_REDIS_URL ?= redis://127.0.0.1:6379/0

.PHONY: run test fuzz bench generate lint build services stop-services ui

build:
	$(GO) build -o bin/stgy-pub ./cmd/stgy-pub

services:
	@scripts/services.sh

stop-services: # stops the throwaway PostgreSQL/Redis that services started under .data/
	@scripts/services.sh stop

run: build services
	@./bin/stgy-pub demo

# Every suite (lint, generate, go, cluster, ui, e2e, interop), all run even when one
# fails, then one summary; fuzz targets replay their committed corpora.
test: services
	@scripts/test.sh

# Random fuzzing, FUZZTIME (default 30s) per target; not part of make test.
fuzz:
	@scripts/fuzz.sh

# Rebuild the browser UI (ui/app -> ui/dist, codegen into ui/app/src/gql)
# after changing ui/app or schema.graphqls; commit the result.
ui:
	@UI_CHECK_REBUILD=1 scripts/ui-check.sh

generate:
	$(GO) run ./internal/generate

lint: # gofmt, go vet, staticcheck (pinned in go.mod), import direction
	@scripts/lint.sh

# Figures for the issues' targets, from one run on this machine:
# pages and views vs bare handlers (ratios), counter throughput vs a bare
# EVALSHA, PostgreSQL statements per 10,000 views, Redis memory per viewed
# post, uncached ranking/Stats for 10,000 posts x 15 days, the site-wide
# count's extra cost per view and the uncached weekly site ranking for
# 100,000 posts (docs/RANKING.md "Benchmarks").
bench: build services
	@scripts/bench.sh -rounds 10
	$(GO) test -run '^$$' -bench 'RecordView$$|BareEvalsha|CheckpointStatements|MemoryPerPost|^BenchmarkRanking|Stats' -benchtime 1x -count 1 ./counter/ | grep -E '^(Benchmark|ok|FAIL)'
	$(GO) test -run '^$$' -bench 'RecordView$$|BareEvalsha|^BenchmarkRanking|Stats' -count 3 ./counter/ | grep -E '^(Benchmark|ok|FAIL)'
	$(GO) test -run '^$$' -bench 'SiteViewCost|SiteRanking' -benchtime 10x -count 1 ./counter/ | grep -E '^(Benchmark|ok|FAIL)'
	$(GO) test -run '^$$' -bench 'SiteOffer' -count 3 ./counter/ | grep -E '^(Benchmark|ok|FAIL)'

# View pipeline figures (issue 17): bursts, views/s against a bare
# EVALSHA-per-view server, /pub with Redis frozen and killed.
views-load: build
	@scripts/views-load.sh
