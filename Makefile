# Developer shortcuts; CI runs .ci/run, which does not depend on make.
GO ?= go

.PHONY: all build test race bench vet fmt-check

all: fmt-check vet test build

build:
	$(GO) build -o bin/grognard ./cmd/grognard

test:
	$(GO) test ./...

# Packages that run goroutines (tournaments play games in parallel).
race:
	$(GO) test -race ./agents/... ./tournaments/... ./cmd/...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

vet:
	$(GO) vet ./...

fmt-check:
	@out="$$(gofmt -l .)"; if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi
