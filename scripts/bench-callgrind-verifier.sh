#!/usr/bin/env bash
# make bench-callgrind-verifier: the verifier's instructions per step under callgrind (callgrind
# counts the same on a busy machine as on a quiet one). `duet-verify verify --jobs 1` over
# BENCH_CG_VERIFIER (default 1000) x 10 counter recordings (`duet-bench generate --tiny`, seed 42),
# run from the corpus folder with bench-runner as its runner; only the verifier is profiled
# (--trace-children=no: the runner runs at full speed, unprofiled). Per step = the whole run's
# instructions (startup, manifest, lint, reads, replay, reports) / steps, as the goal counts it;
# the fixed cost (the same run over one recording) is printed beside it.
# Where valgrind is not installed it says so. The `bench-callgrind-verifier:` line is machine-readable.
set -euo pipefail
cd "$(dirname "$0")/.."
fixtures=${BENCH_CG_VERIFIER:-1000}
steps=10
for product in duet-verify bench-runner duet-bench; do
  swift build -c release --product "$product" >/dev/null
done
bin=$PWD/.build/release
work=$PWD/.build/bench/callgrind-verifier-v1-$fixtures-$steps
if [ ! -f "$work/corpus/manifest.yaml" ] || [ ! -f "$work/one/manifest.yaml" ]; then
  rm -rf "$work"
  "$bin/duet-bench" generate "$work/corpus" --fixtures "$fixtures" --steps "$steps" --seed 42 --tiny >/dev/null
  "$bin/duet-bench" generate "$work/one" --fixtures 1 --steps "$steps" --seed 42 --tiny >/dev/null
fi
if ! command -v valgrind >/dev/null 2>&1; then
  echo "valgrind is not installed: the verifier's instructions per step skipped (apt-get install valgrind to get them)"
  echo "bench-callgrind-verifier: per-step=n/a total=n/a fixed=n/a"
  exit 0
fi
# Instructions of one `verify --jobs 1` in corpus folder $1 (callgrind's total; the verdict must be PASS).
instructions() {
  local out="$work/verifier.callgrind.out"
  # A first run leaves `.runs/` as every later run finds it, so the profiled run is a repeat run.
  if ! (cd "$1" && "$bin/duet-verify" verify --runner "$bin/bench-runner" --jobs 1 >/dev/null 2>"$work/verify.err"); then
    echo "bench-callgrind-verifier: verify failed in $1 (see $work/verify.err): no figures" >&2
    exit 1
  fi
  (cd "$1" && valgrind --tool=callgrind --trace-children=no --callgrind-out-file="$out" \
    "$bin/duet-verify" verify --runner "$bin/bench-runner" --jobs 1 >/dev/null 2>"$work/verifier.callgrind.err")
  awk '/^totals:/ { print $2 }' "$out"
}
total=$(instructions "$work/corpus")
fixed=$(instructions "$work/one")
count=$((fixtures * steps))
per_step=$((total / count))
echo "verifier, verify --jobs 1: $per_step instructions per step ($fixtures x $steps counter recordings, whole run: $total; one recording: $fixed)"
echo "bench-callgrind-verifier: per-step=$per_step total=$total fixed=$fixed"
