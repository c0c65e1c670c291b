#!/usr/bin/env bash
# Runs every fuzz target for FUZZ_SECONDS (default 60) each and prints one line per target:
#   fuzz-json: 1234567 executions in 60s, 0 crashes
# FUZZ_RUNS=N stops a target after N executions instead (FUZZ_SECONDS still caps it): slow
# targets reach a fixed count without a guess at the time. FUZZ_TARGETS picks targets.
# FUZZ_FRESH=1 starts from the seeds alone in a throwaway corpus (the CI smoke run), so its time
# does not grow with the corpus kept under .build/fuzz/.
# Seeds come from fixtures/, manifest.yaml, scripts/fuzz/seeds and ../shared/reference; working
# corpora and crash artifacts stay under .build/fuzz/. An input running longer than
# FUZZ_INPUT_TIMEOUT seconds (default 10) counts as a hang. Exits 1 when any target crashed or
# hung (its reproducer path is printed).
set -uo pipefail
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SECONDS:-60}
out=.build/fuzz
scripts/fuzz/build.sh "$out" >/dev/null || exit 1
targets=${FUZZ_TARGETS:-$(sed -n 's/^target \([a-z-]*\) .*/\1/p' scripts/fuzz/build.sh)}
seeds=()
for folder in fixtures scripts/fuzz/seeds ../shared/reference; do [ -d "$folder" ] && seeds+=("$folder"); done
limits=(-max_total_time="$seconds" -rss_limit_mb=2048 -max_len=65536 -timeout="${FUZZ_INPUT_TIMEOUT:-10}")
[ -n "${FUZZ_RUNS:-}" ] && limits+=(-runs="$FUZZ_RUNS")
status=0
for target in $targets; do
  corpus="$out/corpus-$target"
  [ "${FUZZ_FRESH:-0}" = 1 ] && corpus=$(mktemp -d "$out/smoke-corpus-XXXXXX")
  artifacts="$out/artifacts-$target/"
  mkdir -p "$corpus" "$artifacts"
  # libFuzzer reads seeds from every folder given and adds new inputs to the first one.
  seedfiles=$(mktemp -d)
  for folder in "${seeds[@]}"; do find "$folder" -type f \( -name '*.json' -o -name '*.yaml' \) -exec cp {} "$seedfiles/" \; ; done
  [ -f manifest.yaml ] && cp manifest.yaml "$seedfiles/"
  log="$out/$target.log"
  "$out/$target" "${limits[@]}" -artifact_prefix="$artifacts" "$corpus" "$seedfiles" >"$log" 2>&1
  code=$?
  rm -rf "$seedfiles"
  [ "${FUZZ_FRESH:-0}" = 1 ] && rm -rf "$corpus"
  done_line=$(grep '^Done [0-9]* runs in [0-9]* second' "$log" | tail -1)
  runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' <<<"$done_line")
  took=$(sed -n 's/.* runs in \([0-9]*\) second.*/\1/p' <<<"$done_line")
  if [ $code -ne 0 ] || [ -z "$runs" ]; then
    echo "$target: CRASHED — see $log and the reproducer in $artifacts"
    status=1
  else
    echo "$target: $runs executions in ${took}s, 0 crashes"
  fi
done
exit $status
