# The two commands that matter: `make run` (the whole product on embedded stores) and `make test`.
SHELL := /bin/bash
NPM_FLAGS := --no-audit --no-fund --loglevel=error
WORKSPACE_MANIFESTS := $(wildcard schemas/package.json services/*/package.json web/package.json)
WEB_SOURCES := $(shell find web/src web/index.html web/vite.config.ts web/public schemas/src -type f 2>/dev/null)
# libuv's thread pool (4 threads by default) carries the event log's durable writes and every chDB statement: see
# README, UV_THREADPOOL_SIZE. It must be set before Node starts (an ES-module entry uses the pool while loading).
TRACKER := UV_THREADPOOL_SIZE=$${UV_THREADPOOL_SIZE:-16} node services/cli/bin/tracker.js

.PHONY: run dev test test-faults lint typecheck jest install web migrate services-up services-down services-status bench-eventlog bench-ingest bench-cpu bench-report bench-serialize bench-web bench-import bench-first-number clean

## run: install what is missing, build the web app, start every service on the embedded stores
run: install web
	$(TRACKER) all

## dev: the API on http://localhost:5000 restarting on change, and Vite's dev server for the web app
dev: install
	trap 'kill 0' EXIT; npx tsx watch services/cli/src/main.ts all & npm run dev -w web

## test: lint, typecheck and every test suite (real-engine suites run when their URLs are set). Jest starts as
## soon as the web app is built (its browser suites serve it), with lint and the typecheck beside it: they are
## single-threaded, and jest's two workers leave a core idle whenever they wait on a browser, a server or a timer.
## Lint and the typecheck run niced (CHECK_NICE): they have no deadline, so they take those idle moments instead of
## a core from a suite whose steps wait up to 15 s.
test: install
	$(MAKE) --no-print-directory -j4 --output-sync=target lint typecheck jest CHECK_NICE="nice -n 19"

## test-faults: the pipeline under faults on real processes and its own PostgreSQL, Redis and Kafka
## (SIGKILLs under load, the broker, PostgreSQL and Redis restarted); prints sent/answered/stored/lost/doubled.
## One scenario: make test-faults FAULTS="embedded" (embedded, kafka, split, postgres, redis)
test-faults: install
	npx tsx bench/fault-suite.ts $(FAULTS)

## lint: eslint (with the workspace boundaries), and knip: every workspace declares what it imports and imports what it declares
## ESLint keeps its results in .cache/eslint by file content (and its config), so unchanged files are not linted
## again; tsc keeps its incremental build info in .cache/tsc (16 s and 24 s of CPU become 2 s and 6 s).
lint: install
	$(CHECK_NICE) npx eslint --max-warnings=0 --cache --cache-strategy content --cache-location .cache/eslint/cache .
	$(CHECK_NICE) npx knip --dependencies

typecheck: install
	$(CHECK_NICE) npx tsc -p tsconfig.json --noEmit --incremental --tsBuildInfoFile .cache/tsc/root.tsbuildinfo
	$(CHECK_NICE) npx tsc -p web/tsconfig.json --noEmit --incremental --tsBuildInfoFile .cache/tsc/web.tsbuildinfo
	$(CHECK_NICE) npx tsc -p web/e2e/tsconfig.json --noEmit --incremental --tsBuildInfoFile .cache/tsc/e2e.tsbuildinfo

jest: install web
	npm test --silent

install: node_modules/.install-stamp
# npm ci installs exactly the committed lock and never rewrites a tracked file; after editing a
# package.json, run `npm install` yourself so the lock follows.
node_modules/.install-stamp: package.json package-lock.json $(WORKSPACE_MANIFESTS)
	npm ci $(NPM_FLAGS)
	@touch $@

web: web/dist/index.html
web/dist/index.html: node_modules/.install-stamp $(WEB_SOURCES)
	npm run build --silent -w web

migrate: install
	$(TRACKER) migrate

## services-up / services-down: real PostgreSQL, Redis and Kafka on 127.0.0.1 (see scripts/services.sh)
services-up:
	bash scripts/services.sh up
services-down:
	bash scripts/services.sh down
services-status:
	bash scripts/services.sh status

bench-eventlog: install
	npx tsx bench/eventlog-publish.ts

## bench-ingest: the click redirect against a bare Fastify baseline, then every 302 checked in ClickHouse.
## Then redirects at a fixed rate alone and beside a 1,000/s postback flood (BENCH_ARGS="--only mixed").
## With the baseline also spending fixed CPU per request: make bench-ingest BENCH_ARGS=--calibrate
bench-ingest: install
	npx tsx bench/ingest.ts $(BENCH_ARGS)

## bench-cpu: CPU time per click of `tracker all` end to end against a bare Fastify 302 request, then clicks due at a
## constant rate (5,000/s embedded, 2,000/s on Kafka) for 60 s, the bare server at the same rate beside (the
## machine's floor), latency from when each click was due (bench/constant-rate.ts). Against an older build:
## git worktree add ../base 34be4b5 && make bench-cpu BENCH_ARGS="--against ../base"
bench-cpu: install
	npx tsx bench/cpu-per-click.ts $(BENCH_ARGS)

## bench-report: GET /api/reports for every grouping (30 of 90 days, 10 M clicks) and the Click Log page, against
## PostgreSQL computing the same report. Smaller: make bench-report BENCH_ARGS="--clicks 200000"
bench-report: install
	npx tsx bench/report.ts $(BENCH_ARGS)

## bench-serialize: CPU time of answering the largest JSON (reports of 100 to 10,000 rows, Click Log pages) through
## the routes' zod response schemas, beside plain JSON.stringify
bench-serialize: install
	npx tsx bench/response-serialize.ts $(BENCH_ARGS)

## bench-web: JS and CSS (gzip) the sign-in page and the dashboard's first render load, from the built manifest,
## beside the targets (200 kB and 300 kB of JS) and the whole build; exits 1 when a target is missed
## bench-import: a 100,000-row statement export uploaded through the API on PGlite and PostgreSQL (DATABASE_URL),
## beside csv-parse alone on the same file; then the summary endpoint's p95 at 200,000 transactions.
## bench-first-number: Chromium signs in and waits for the dashboard's first real figure, median of 5, with and
## without the app's files cached, in the report's time zone and ten hours from it (--trace: the requests it waited on)
bench-first-number: install web
	npx tsx bench/first-number.ts $(BENCH_ARGS)

bench-import: install
	npx tsx bench/statement-import.ts $(BENCH_ARGS)

bench-web: install web
	npx tsx bench/web-bundle.ts

clean:
	rm -rf web/dist node_modules/.install-stamp
