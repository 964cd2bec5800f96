# STGY Pub — the menu. `make run` and `make test` are the two set-up commands.
SHELL := /bin/bash
GO ?= go
export STGY_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/stgy_pub?sslmode=disable
export STGY_REDIS_URL ?= redis://127.0.0.1:6379/0

.PHONY: run test bench generate lint build services stop-services

build:
	$(GO) build -o bin/stgy-pub ./cmd/stgy-pub

services:
	@scripts/services.sh

stop-services: # stops the throwaway PostgreSQL/Redis that services started under .data/
	@scripts/services.sh stop

run: build services
	@./bin/stgy-pub demo

test: services
	@scripts/test.sh
	@scripts/e2e.sh

generate:
	$(GO) run github.com/99designs/gqlgen generate

lint:
	test -z "$$(gofmt -l $$(git ls-files '*.go'))"
	$(GO) vet ./...

bench: build services
	$(GO) test -run '^$$' -bench . -benchtime 2s ./...
