# Noces: `make run` builds everything and serves it with demo accounts;
# `make test` runs every test (Go on SQLite and PostgreSQL, web unit tests,
# browser tests). See README.md.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := build

GO        ?= go
NPM       ?= npm
BIN       := bin/noces
VERSION   := $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -s -w -X noces/internal/app.Version=$(VERSION)
PG_URL    ?= postgres://postgres:postgres@127.0.0.1:5432/test?sslmode=disable
WEB_SRC   := $(shell find web/src web/public web/scripts web/index.html web/vite.config.ts web/tsconfig*.json -type f 2>/dev/null)

.PHONY: run build web go test test-go test-go-sqlite test-go-postgres test-web test-e2e lint lint-openapi golangci-lint fuzz bench bench-login bench-search bench-requests bench-upload bench-ics bench-venue-create bench-jobs dev clean stripe-mock bench-front bench-public

## run: build everything and serve on http://localhost:8080 with demo accounts
# The build says only what it does and what goes wrong; the server's start-up
# lines follow and the demo accounts come last, once the address answers.
# The log is for a person: text lines, and only the requests that fail or
# are slow (NOCES_LOG_FORMAT, NOCES_LOG_REQUESTS; the server's defaults are
# JSON and every request, for production).
run: build
	@NOCES_LOG_FORMAT=$${NOCES_LOG_FORMAT:-text} NOCES_LOG_REQUESTS=$${NOCES_LOG_REQUESTS:-failed} ./$(BIN) serve --demo

## build: the web app, then the Go binary that embeds it (in this order even
## under -j: built beside the web app, the binary embedded a half-written dist)
build: web
	@$(MAKE) --no-print-directory go

# `go mod download` fetches the modules without a line for each (go build prints them).
go:
	@echo "== Go binary ($(BIN))"
	@$(GO) mod download
	@CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/noces

web: web/dist/index.html

web/node_modules/.package-lock.json: web/package-lock.json web/package.json
	@echo "== npm packages"
	@cd web && $(NPM) ci --no-audit --no-fund --loglevel=error >/dev/null
	@touch $@

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SRC) api/openapi.yaml
	@echo "== web app (web/dist)"
	@cd web && $(NPM) run --silent build

## test: every test; PostgreSQL is used when TEST_DATABASE_URL is set or a server answers on 127.0.0.1:5432
# Lint, the Go tests and the build run at once (each one's output kept
# together): the Go tests wait on fsync and on PostgreSQL much of their time,
# which the others fill. The web unit tests come next, on their own: run
# beside the Go tests they tripled in time and the latency figures of both
# (search p99, refusal times) failed on two cores. The browser tests come
# last, on their own, since they time real pages.
test:
	@$(MAKE) --no-print-directory -j4 --output-sync=target lint test-go build
	@$(MAKE) --no-print-directory test-web
	@$(MAKE) --no-print-directory test-e2e

# The two engines in one `go test`: tools/both-engines runs each package's
# test binary on SQLite and, beside it, on PostgreSQL when its tests use
# storage. Each binary is compiled once for both, and a package without
# storage runs once (two `go test` runs side by side compiled everything
# twice at once). Without PostgreSQL, SQLite alone.
test-go: stripe-mock
	@url="$${TEST_DATABASE_URL:-}"; \
	if [[ -z "$$url" ]] && (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then url='$(PG_URL)'; fi; \
	if [[ -n "$$url" ]]; then echo "== Go tests on SQLite and PostgreSQL"; else echo "== Go tests on SQLite (PostgreSQL skipped: set TEST_DATABASE_URL or start a server on 127.0.0.1:5432)"; fi; \
	TEST_DATABASE_URL="$$url" $(GO) test -count=1 -timeout=30m -exec "$(CURDIR)/tools/both-engines" ./...

# Stripe's API mock: the Go tests of every outgoing Stripe call run against it
# (internal/platform/payment/stripemock starts it).
STRIPE_MOCK_VERSION := v0.203.0
STRIPE_MOCK        := $(shell $(GO) env GOPATH)/bin/stripe-mock

stripe-mock:
	@[[ -x "$(STRIPE_MOCK)" ]] || command -v stripe-mock >/dev/null || $(GO) install github.com/stripe/stripe-mock@$(STRIPE_MOCK_VERSION)

# golangci-lint, built from the Go module proxy like stripe-mock (a few
# minutes of CPU, once per machine); the version lives here, the rules in
# .golangci.yml. A copy of another version is replaced.
GOLANGCI_LINT_VERSION := v2.15.0
GOLANGCI_LINT         := $(shell $(GO) env GOPATH)/bin/golangci-lint

golangci-lint:
	@[[ -x "$(GOLANGCI_LINT)" ]] && "$(GOLANGCI_LINT)" version --short 2>/dev/null | grep -qx '$(patsubst v%,%,$(GOLANGCI_LINT_VERSION))' || \
	  { echo "== golangci-lint $(GOLANGCI_LINT_VERSION) (go install)"; $(GO) install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION); }

# -timeout=30m: Go's default of 10 minutes per package was reached by
# internal/httpapi on PostgreSQL on a machine loaded by other work (its
# 190 tests run one after the other); a hung test still ends the run.
test-go-sqlite: stripe-mock
	@echo "== Go tests on SQLite"
	env -u TEST_DATABASE_URL $(GO) test -count=1 -timeout=30m ./...

test-go-postgres: stripe-mock
	@url="$${TEST_DATABASE_URL:-}"; \
	if [[ -z "$$url" ]] && (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then url='$(PG_URL)'; fi; \
	if [[ -z "$$url" ]]; then echo "== Go tests on PostgreSQL skipped: set TEST_DATABASE_URL or start a server on 127.0.0.1:5432"; exit 0; fi; \
	echo "== Go tests on PostgreSQL"; \
	TEST_DATABASE_URL="$$url" $(GO) test -count=1 -timeout=30m ./...

test-web: web/node_modules/.package-lock.json
	@echo "== web unit tests"
	cd web && $(NPM) run --silent test

test-e2e: build
	@echo "== browser tests"
	cd web && NOCES_BIN=../$(BIN) $(NPM) run --silent e2e

## lint: gofmt, go vet, golangci-lint (.golangci.yml: the import floors), tsc --noEmit, ESLint, Redocly's lint of api/openapi.yaml (redocly.yaml)
lint: web/node_modules/.package-lock.json golangci-lint
	@echo "== lint"
	@out=$$(git ls-files -co --exclude-standard '*.go' | xargs gofmt -l); if [[ -n "$$out" ]]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./... noces/web
	$(GOLANGCI_LINT) run ./...
	cd web && $(NPM) run --silent typecheck && $(NPM) run --silent lint
	@$(MAKE) --no-print-directory lint-openapi

# Redocly's output is shown only when it fails: on success it is a banner
# (Node 20's end of support) and a line of praise.
lint-openapi: web/node_modules/.package-lock.json
	@echo "== Redocly lint (api/openapi.yaml)"
	@out=$$(REDOCLY_SUPPRESS_UPDATE_NOTICE=true web/node_modules/.bin/redocly lint --config redocly.yaml --format=stylish api/openapi.yaml 2>&1) || { echo "$$out"; exit 1; }

## fuzz: each Go fuzz target of the module for FUZZTIME (the seed corpora in testdata run with the tests)
FUZZTIME ?= 10s
fuzz: stripe-mock
	@for dir in $$(grep -rl --include='*_test.go' --exclude-dir=node_modules '^func Fuzz' . | xargs -n1 dirname | sort -u); do \
	  list=$$($(GO) test -list '^Fuzz' "$$dir"); \
	  for t in $$(grep '^Fuzz' <<<"$$list"); do \
	    echo "== $$t ($$dir)"; \
	    $(GO) test -run='^$$' -fuzz="^$$t\$$" -fuzztime=$(FUZZTIME) "$$dir"; \
	  done; \
	done

## bench: load figures against the real binary (see bench/README.md)
bench: build
	$(GO) run ./bench/load -bin ./$(BIN)
	$(GO) run ./bench/jobs

# The sign-in, search and request-list figures, on each engine of
# BENCH_ENGINES (PostgreSQL at PG_URL, in a schema of its own), into
# bench/results-*.md (bench/README.md quotes the current ones).
BENCH_ENGINES ?= sqlite postgres
BENCH_LOAD     = $(GO) run ./bench/load -bin ./$(BIN)
bench-db       = db=; if [ "$$e" = postgres ]; then db='$(PG_URL)'; fi

## bench-login: sign-ins per second, and GET /api/me alone and while 50 sign-ins run
bench-login: build
	for e in $(BENCH_ENGINES); do $(bench-db); \
	  $(BENCH_LOAD) $${db:+-db "$$db"} -endpoints login -c 50 -d 30s -warmup 5s -out bench/results-login-$$e.md; \
	  $(BENCH_LOAD) $${db:+-db "$$db"} -endpoints me -c 4 -d 20s -warmup 5s -out bench/results-login-$$e.md -append; \
	  $(BENCH_LOAD) $${db:+-db "$$db"} -endpoints me -c 4 -logins 50 -d 20s -warmup 5s -out bench/results-login-$$e.md -append; \
	done

## bench-upload: a 10 MB 4000x3000 JPEG through POST /api/images/upload: server time and peak memory
bench-upload: build
	$(GO) run ./bench/upload -bin ./$(BIN) -out bench/results-upload.md

## bench-ics: the .ics import against its attack files, alone and six at once: answer, latency, CPU, peak memory
bench-ics: build
	$(GO) run ./bench/ics -bin ./$(BIN) -out bench/results-ics.md

## bench-jobs: a project matched to 8 planners while the SMTP relay takes 2 s per message
bench-jobs:
	$(GO) run ./bench/jobs -out bench/results-jobs.md

## bench-venue-create: a venue created with ten 5 MB JPEGs in one POST /api/venues: server time and peak memory
bench-venue-create: build
	$(GO) run ./bench/venue -bin ./$(BIN) -out bench/results-venue-create.md

## bench-search: the public search over 100,000 generated providers, one user, then 32 with and without the answers' cache
bench-search: build
	for e in $(BENCH_ENGINES); do $(bench-db); \
	  $(BENCH_LOAD) $${db:+-db "$$db"} -users 100000 -endpoints 'search*' -direct -c 1 -d 10s -out bench/results-search-$$e.md; \
	  $(BENCH_LOAD) $${db:+-db "$$db"} -users 100000 -endpoints 'search*' -c 32 -d 10s -out bench/results-search-$$e-c32.md; \
	  $(BENCH_LOAD) $${db:+-db "$$db"} -users 100000 -endpoints 'search*' -c 32 -d 10s -search-cache 0 -out bench/results-search-$$e-c32-nocache.md; \
	done

## bench-requests: a provider's list of event requests among 1,000,000
bench-requests: build
	for e in $(BENCH_ENGINES); do $(bench-db); \
	  $(BENCH_LOAD) $${db:+-db "$$db"} -users 100000 -requests 1000000 -endpoints 'requests*' -direct -c 1 -d 5s -warmup 1s \
	    -out bench/results-requests-$$e.md; \
	done

## dev: the Go server and Vite's dev server with hot reload
dev: go
	(NOCES_LOG_FORMAT=$${NOCES_LOG_FORMAT:-text} NOCES_LOG_REQUESTS=$${NOCES_LOG_REQUESTS:-failed} ./$(BIN) serve --demo &) ; cd web && $(NPM) run dev

clean:
	rm -rf bin web/dist/assets web/dist/index.html

## bench-public: Lighthouse mobile performance, accessibility and SEO of the public home, a browse page and a profile
bench-public: build
	cd web && node scripts/lighthouse-bench.mjs --public --bin after=../$(BIN) --runs $(FRONT_RUNS) --out ../bench/results-public.md

## bench-front: Lighthouse mobile performance of the sign-in page and the dashboard; BEFORE=path/to/other/noces adds a build to compare in the same run
FRONT_RUNS ?= 3
bench-front: build
	cd web && node scripts/lighthouse-bench.mjs $${BEFORE:+--bin before=$$BEFORE} --bin after=../$(BIN) --runs $(FRONT_RUNS) --out ../bench/results-front.md
