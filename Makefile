# duet-verify: make verify · make test · make bench · make fuzz · make lint
SWIFT ?= swift
BIN := .build/debug

.PHONY: build verify coverage mutate test test-tsan lint format record clean fuzz fuzz-smoke bench bench-mutate bench-telemetry bench-callgrind bench-callgrind-verifier

build:
	$(SWIFT) build

## The main job on the embedded example: run the gate on manifest.yaml exactly as an app does: no
## --runner, so duet-verify builds (or finds up to date) and starts the manifest's replayRunner package
## (Examples/foyer-runner, whose product is `replay-runner`). duet-verify itself is rebuilt only when
## Package.swift, a file or folder under Sources/ or the toolchain is newer than it (make's own tracking:
## a warm `make verify` runs no SwiftPM at all); a folder counts so that removing a file rebuilds too.
## The binary is touched after the build, as SwiftPM leaves it alone when nothing needed relinking.
verify: $(BIN)/duet-verify
	$(BIN)/duet-verify verify

## Which of the example's reducer code no recording reaches: an instrumented build of a scratch copy of
## Examples/foyer-runner (never its own .build/), one replay, the counts per feature (docs/strength.md).
## COVERAGE_FLAGS adds options (--min-lines 90, --html coverage.html, --json).
COVERAGE_FLAGS ?=
coverage: $(BIN)/duet-verify
	$(BIN)/duet-verify coverage $(COVERAGE_FLAGS)

## The mutation drill on the example app (manifest.yaml; its runner package Examples/foyer-runner).
## Foyer's reducers (FoyerFeatures) live in the root package, a path dependency of the runner package:
## the scratch copies both, so neither is written (docs/strength.md). MUTATE_FLAGS adds options
## (--since origin/main, --no-cache, --feature splash). The example's survivors are all default values
## of state properties, which replay never reads (each recording carries its whole initial state; see
## docs/strength.md "The example's survivors"), so the drill passes from a score of 90%.
MUTATE_FLAGS ?= --min-score 90
mutate: $(BIN)/duet-verify
	$(BIN)/duet-verify mutate $(MUTATE_FLAGS)

DUET_VERIFY_INPUTS := Package.swift $(shell find Sources) $(realpath $(shell command -v $(firstword $(SWIFT))))
$(BIN)/duet-verify: $(DUET_VERIFY_INPUTS)
	$(SWIFT) build --product duet-verify
	touch $@
# The inputs are made by nothing: an empty rule each, so make does not search its built-in rules for
# every source (that search alone would cost a warm `make verify` about 0.1 s).
$(DUET_VERIFY_INPUTS): ;

## The whole test suite: the format check, a short fuzz smoke of every parser, then every test.
## Executables are built first: end-to-end tests run the real binaries.
test: lint fuzz-smoke
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing

## The whole suite under ThreadSanitizer (the runner pool is concurrent); its own build folder.
test-tsan:
	$(SWIFT) build --build-tests --sanitize=thread --build-path .build/tsan
	$(SWIFT) test --skip-build --sanitize=thread --build-path .build/tsan --disable-swift-testing

## swift-format, strict, over every Swift file.
lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift scripts Examples

format:
	$(SWIFT) format format -i -r Sources Tests Package.swift scripts Examples

## Regenerate the example app's recordings from its scenarios.
record: build
	$(BIN)/duet-verify record

clean:
	rm -rf .build .runs Examples/foyer-runner/.build

## Fuzz every parser for FUZZ_SECONDS each (libFuzzer + AddressSanitizer); prints executions per target.
## FUZZ_RUNS=1000000 stops each target at that many executions (FUZZ_SECONDS then only caps it).
FUZZ_SECONDS ?= 60
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz/run.sh

## The CI smoke: every fuzz target for a few seconds from its seeds alone (a fresh corpus each time).
FUZZ_SMOKE_SECONDS ?= 5
fuzz-smoke:
	FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS) FUZZ_FRESH=1 scripts/fuzz/run.sh

## The performance benchmark (release build): in-process limit vs the protocol lane, ratios, RSS.
bench:
	scripts/bench.sh

## The mutation drill's figures alone (also the last part of `make bench`): the whole drill on the
## example, and one feature's mutants with one build against one build each (scripts/bench-mutate.sh).
bench-mutate:
	scripts/bench-mutate.sh

## The runner's instructions per request under callgrind (counter, bench state, a Duet-shaped server).
bench-callgrind:
	scripts/bench-callgrind.sh

## The verifier's instructions per step under callgrind (verify --jobs 1, 1,000 x 10 counter recordings).
bench-callgrind-verifier:
	scripts/bench-callgrind-verifier.sh

## The telemetry soak (release build): events/s and the caller's p50/p99 per `track` from
## BENCH_TELEMETRY_THREADS threads with a 1 ms vendor behind a QueuedSink (docs/performance.md).
BENCH_TELEMETRY_EVENTS ?= 200000
BENCH_TELEMETRY_REPEAT ?= 3
BENCH_TELEMETRY_THREADS ?= 8
bench-telemetry:
	$(SWIFT) build -c release --product telemetry-bench >/dev/null
	.build/release/telemetry-bench $(BENCH_TELEMETRY_EVENTS) $(BENCH_TELEMETRY_REPEAT) $(BENCH_TELEMETRY_THREADS)
