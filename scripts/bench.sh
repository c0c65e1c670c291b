#!/usr/bin/env bash
# make bench: builds in release mode, generates (once) a deterministic corpus of
# BENCH_FIXTURES x BENCH_STEPS (default 10000 x 10), and prints the in-process limit, the
# protocol lane with --jobs 1 and with --jobs <cores>, their ratios and the verifier's peak RSS.
# A second, tiny-state corpus (a counter, BENCH_FIXTURES x BENCH_STEPS) gives (d) one runner alone
# answering its requests piped in and (c2) verify --jobs 2 over it; efficiency = time (d) / time (c2).
# The corpus folders carry a format version (v2: per-feature events), so an older cached corpus is not reused.
# BENCH_REPEAT=N runs each measurement N times and keeps the fastest (the machine is shared).
# duet-bench run reads each corpus's files once, untimed, first: a cold page cache would time the disk.
# The `bench:` line is machine-readable (the telemetry soak, `make bench-telemetry`, prints its own line after it):
#   bench: lane/limit=<(c)/(a)> parallel/serial=<(c)/(b)> rss=<MB>MB steps/s=<(c)> efficiency=<(d)/(c2)> ceiling=<(d)/(e)>
# (e) is two runners alone, each on half the tiny requests: (c2) with a verifier that cost nothing.
# Then `shards: 4 shares, slowest/mean=<x>`: --shard K/4 on a corpus whose recordings differ 100x in size.
# Then scripts/bench-callgrind-verifier.sh prints the verifier's instructions per step (1,000 x 10
# counter recordings, --jobs 1, whole run) in its `bench-callgrind-verifier:` line, and
# scripts/bench-callgrind.sh the runner's instructions per request and its speed-up over a
# Duet-shaped server in its `bench-callgrind:` line; each says so where valgrind is not installed.
# Last, scripts/bench-mutate.sh times the mutation drill on the example app (one build for all the
# mutants against a build per mutant on one feature's subset) in its `bench-mutate:` line.
set -euo pipefail
cd "$(dirname "$0")/.."
fixtures=${BENCH_FIXTURES:-10000}
steps=${BENCH_STEPS:-10}
seed=${BENCH_SEED:-42}
repeat=${BENCH_REPEAT:-1}
swift build -c release --product duet-verify >/dev/null
swift build -c release --product bench-runner >/dev/null
swift build -c release --product duet-bench >/dev/null
bin=.build/release
corpus=.build/bench/corpus-v2-$fixtures-$steps-$seed
if [ ! -f "$corpus/manifest.yaml" ]; then
  rm -rf "$corpus"
  "$bin/duet-bench" generate "$corpus" --fixtures "$fixtures" --steps "$steps" --seed "$seed"
fi
tiny=.build/bench/tiny-v2-$fixtures-$steps-$seed
if [ ! -f "$tiny/requests.jsonl" ]; then
  rm -rf "$tiny"
  "$bin/duet-bench" generate "$tiny" --fixtures "$fixtures" --steps "$steps" --seed "$seed" --tiny
fi
"$bin/duet-bench" run "$corpus" --verifier "$bin/duet-verify" --runner "$PWD/$bin/bench-runner" --repeat "$repeat" \
  --tiny "$tiny"
# Shard balance: a tiny-state corpus whose every tenth recording has 100x the steps, split in 4
# shares by --shard K/4; prints the slowest share's time over the mean (cost-balanced: near 1).
skewed=.build/bench/skewed-v1-400-10-$seed
if [ ! -f "$skewed/manifest.yaml" ]; then
  rm -rf "$skewed"
  "$bin/duet-bench" generate "$skewed" --fixtures 400 --steps 10 --seed "$seed" --tiny --skew 100
fi
"$bin/duet-bench" shards "$skewed" --verifier "$bin/duet-verify" --runner "$PWD/$bin/bench-runner" --shards 4
scripts/bench-callgrind-verifier.sh
scripts/bench-callgrind.sh
make --no-print-directory bench-telemetry BENCH_TELEMETRY_EVENTS="${BENCH_TELEMETRY_EVENTS:-200000}" \
  BENCH_TELEMETRY_REPEAT="$repeat"
scripts/bench-mutate.sh
