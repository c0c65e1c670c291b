#!/usr/bin/env bash
# make bench-callgrind: the runner's cost per request in instructions (callgrind counts the same on
# a busy machine as on a quiet one), and its speed-up over a Duet-shaped reference server.
#   - counter: demo-runner answering BENCH_CG_TINY (default 1000) x 10 counter requests;
#   - bench:   bench-runner answering BENCH_CG_REAL (default 100) x 10 realistic-state requests;
#   - duet-shaped: duet-shaped-runner (Foundation JSONSerialization/JSONDecoder, as Duet's server)
#     answering the same counter requests.
# Requests come from `duet-bench generate` (byte for byte what a passing verify sends). Per request
# = (instructions with the requests - instructions with empty input) / requests, so startup is out.
# Where valgrind is not installed it says so and prints only the wall-clock comparison.
# The `bench-callgrind:` line is machine-readable.
set -euo pipefail
cd "$(dirname "$0")/.."
tiny_fixtures=${BENCH_CG_TINY:-1000}
real_fixtures=${BENCH_CG_REAL:-100}
for product in demo-runner bench-runner duet-bench duet-shaped-runner; do
  swift build -c release --product "$product" >/dev/null
done
bin=.build/release
work=.build/bench/callgrind-v1-$tiny_fixtures-$real_fixtures
if [ ! -f "$work/counter.jsonl" ] || [ ! -f "$work/bench.jsonl" ]; then
  rm -rf "$work"
  "$bin/duet-bench" generate "$work/tiny" --fixtures "$tiny_fixtures" --steps 10 --seed 42 --tiny >/dev/null
  "$bin/duet-bench" generate "$work/real" --fixtures "$real_fixtures" --steps 10 --seed 42 >/dev/null
  # The tally feature is the counter's twin; demo-runner serves it as `counter`.
  sed 's/"feature":"tally"/"feature":"counter"/' "$work/tiny/requests.jsonl" >"$work/counter.jsonl"
  cp "$work/real/requests.jsonl" "$work/bench.jsonl"
fi
lines() { wc -l <"$1" | tr -d ' '; }
counter_requests=$(lines "$work/counter.jsonl")
bench_requests=$(lines "$work/bench.jsonl")

# Instructions of one run of runner $1 on input $2 (callgrind's total).
instructions() {
  local out="$work/callgrind.out"
  valgrind --tool=callgrind --callgrind-out-file="$out" "$1" <"$2" >/dev/null 2>"$work/callgrind.err"
  awk '/^totals:/ { print $2 }' "$out"
}
# Instructions per request of runner $1 on requests $2 (count $3), startup subtracted.
per_request() {
  local full empty
  full=$(instructions "$1" "$2")
  empty=$(instructions "$1" /dev/null)
  echo $(((full - empty) / $3))
}
# Fastest of three wall-clock runs of runner $1 on input $2, in seconds.
wall() {
  local best="" start end took
  for _ in 1 2 3; do
    start=$(date +%s%N)
    "$1" <"$2" >/dev/null
    end=$(date +%s%N)
    took=$(((end - start) / 1000))
    if [ -z "$best" ] || [ "$took" -lt "$best" ]; then best=$took; fi
  done
  awk -v us="$best" 'BEGIN { printf "%.3f", us / 1e6 }'
}

demo_wall=$(wall "$bin/demo-runner" "$work/counter.jsonl")
shaped_wall=$(wall "$bin/duet-shaped-runner" "$work/counter.jsonl")
wall_ratio=$(awk -v a="$shaped_wall" -v b="$demo_wall" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')
echo "wall, $counter_requests counter requests (best of 3): demo-runner ${demo_wall}s, duet-shaped-runner ${shaped_wall}s (${wall_ratio}x)"
if ! command -v valgrind >/dev/null 2>&1; then
  echo "valgrind is not installed: instruction counts skipped (apt-get install valgrind to get them)"
  echo "bench-callgrind: counter=n/a bench=n/a duet-shaped=n/a speedup-instructions=n/a speedup-wall=${wall_ratio}"
  exit 0
fi
counter=$(per_request "$bin/demo-runner" "$work/counter.jsonl" "$counter_requests")
bench=$(per_request "$bin/bench-runner" "$work/bench.jsonl" "$bench_requests")
shaped=$(per_request "$bin/duet-shaped-runner" "$work/counter.jsonl" "$counter_requests")
ratio=$(awk -v a="$shaped" -v b="$counter" 'BEGIN { printf "%.1f", a / b }')
bench_bytes=$(($(wc -c <"$work/bench.jsonl") / bench_requests))
echo "demo-runner, counter:        $counter instructions per request ($counter_requests requests, startup excluded)"
echo "bench-runner, bench state:   $bench instructions per request ($bench_requests requests of ~$bench_bytes bytes)"
echo "duet-shaped-runner, counter: $shaped instructions per request (${ratio}x ours)"
echo "bench-callgrind: counter=$counter bench=$bench duet-shaped=$shaped speedup-instructions=$ratio speedup-wall=$wall_ratio"
