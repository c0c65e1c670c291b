#!/usr/bin/env bash
# The mutation drill's figures (part of `make bench`; alone: `make bench-mutate`), on the example app
# in a fresh clone of this repository's HEAD (manifest.yaml, its runner package Examples/foyer-runner,
# and the root package holding its reducers, which the drill copies with it):
#   (m1) the whole `mutate` run: one schematized build, the baseline, every mutant (--jobs BENCH_MUTATE_JOBS);
#   (m2) the mutants of one small file (BENCH_MUTATE_FILE, default the splash reducer) against its
#        feature's recordings (BENCH_MUTATE_FEATURE), one build, --jobs 1;
#   (m3) the same mutants with --build-each (a scratch copy and a build per mutant), --jobs 1.
# One build per mutant over all the mutants would take hours, so (m3) is measured on (m2)'s subset, in
# the same run; the ratio is given on that subset, and extrapolated to all the mutants. The subset is
# picked with --since: the clone gets a commit in which that file is empty, and the file back in its
# working tree, so every line of it reads as changed. Per mutant: its replay time on the one build
# over the time of the baseline of the same recordings on the same build (a verify of exactly those
# recordings), from (m2), goal <= 2. Phases are timed from the drill's progress lines on stderr
# (printed when stderr is not a terminal). Prints a machine-readable `bench-mutate:` line last.
# Every run is --no-cache. BENCH_MUTATE_BIN=<duet-verify> skips the release build (the drill's time
# is the scratch build and the runners', not the verifier's).
set -euo pipefail
cd "$(dirname "$0")/.."
feature=${BENCH_MUTATE_FEATURE:-splash}
file=${BENCH_MUTATE_FILE:-Sources/FoyerFeatures/Splash/SplashFeature.swift}
jobs=${BENCH_MUTATE_JOBS:-2}
bin=${BENCH_MUTATE_BIN:-}
if [ -z "$bin" ]; then
  swift build -c release --product duet-verify >/dev/null
  bin=.build/release/duet-verify
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
work=$(mktemp -d "${TMPDIR:-/tmp}/duet-verify-bench-mutate.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
git clone -q --no-hardlinks . "$work/clone"
(
  cd "$work/clone"
  cp "$file" "$work/kept.swift"
  : >"$file"
  git -c user.name=bench -c user.email=bench@invalid commit -qam "bench: $file empty"
  cp "$work/kept.swift" "$file"
)

now() { date +%s%3N; }

# drill NAME ARGS…: runs mutate, stamps each stderr line with the time it arrived; leaves
# $work/NAME.out, $work/NAME.err (stamped) and $work/NAME.wall (ms).
drill() {
  local name=$1
  shift
  local start
  start=$(now)
  { (cd "$work/clone" && "$bin" mutate --no-cache "$@") 2>&1 >"$work/$name.out" || true; } |
    while IFS= read -r line; do echo "$(now) $line"; done >"$work/$name.err"
  echo $(($(now) - start)) >"$work/$name.wall"
  echo "$start" >"$work/$name.start"
}

# at NAME TEXT: when the progress line holding TEXT arrived (ms since the epoch).
at() { grep -m1 -F "$2" "$work/$1.err" | cut -d' ' -f1; }
# judged NAME: how many mutants the drill judged; uncovered NAME: how many it did not run.
judged() { grep -m1 -oE 'judging [0-9]+ mutants' "$work/$1.err" | grep -oE '[0-9]+'; }
uncovered() {
  grep -m1 'mutation score' "$work/$1.out" | grep -oiE '[0-9]+ (NoCoverage|no coverage)' | grep -oE '^[0-9]+' || echo 0
}
score() { grep -m1 'mutation score' "$work/$1.out" | sed 's/^duet-verify: //'; }
seconds() { awk -v ms="$1" 'BEGIN { printf "%.1f", ms / 1000 }'; }

drill full --jobs "$jobs"
drill subset --jobs 1 --feature "$feature" --since HEAD
drill each --jobs 1 --feature "$feature" --since HEAD --build-each

full_wall=$(cat "$work/full.wall")
full_n=$(judged full)
full_build=$(($(at full 'the baseline:') - $(cat "$work/full.start")))
subset_wall=$(cat "$work/subset.wall")
subset_n=$(judged subset)
subset_ran=$((subset_n - $(uncovered subset)))
subset_baseline=$(($(at subset 'judging') - $(at subset 'the baseline:')))
subset_mutants=$(($(cat "$work/subset.start") + subset_wall - $(at subset 'judging')))
each_wall=$(cat "$work/each.wall")

echo "mutate (m1) whole run, --jobs $jobs: $(seconds "$full_wall") s for $full_n mutants (build $(seconds "$full_build") s); $(score full)"
echo "mutate (m2) $file, --feature $feature, one build, --jobs 1: $(seconds "$subset_wall") s for $subset_n mutants ($subset_ran replayed); $(score subset)"
echo "mutate (m3) $file, --feature $feature, --build-each, --jobs 1: $(seconds "$each_wall") s; $(score each)"
awk -v full="$full_wall" -v n="$full_n" -v sw="$subset_wall" -v sn="$subset_n" -v ew="$each_wall" \
  -v base="$subset_baseline" -v muts="$subset_mutants" -v ran="$subset_ran" 'BEGIN {
  ratio = ew / sw
  extrapolated = (ew / sn) * n / full
  perMinute = n / (full / 60000)
  perMutant = ran > 0 ? muts / ran : 0
  cost = base > 0 ? perMutant / base : 0
  printf "mutate: build-each/one-build on the subset %.1fx; extrapolated to all %d mutants %.1fx (goal >= 10x)\n", ratio, n, extrapolated
  printf "mutate: %.1f mutants per minute (whole run); a replayed mutant %.0f ms vs the baseline of its recordings %.0f ms: %.2f (goal <= 2)\n", perMinute, perMutant, base, cost
  printf "bench-mutate: mutants=%d whole=%.1fs per-minute=%.1f subset=%d one-build=%.1fs build-each=%.1fs ratio=%.1f extrapolated=%.1f mutant/verify=%.2f\n", n, full / 1000, perMinute, sn, sw / 1000, ew / 1000, ratio, extrapolated, cost
}'
