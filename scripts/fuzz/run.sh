#!/usr/bin/env bash
# Runs every fuzz target for FUZZ_SECONDS (default 60) each and prints one line per target:
#   fuzz-json: 1234567 executions in 60s, 0 crashes
# Seeds come from fixtures/ and ../shared/reference; working corpora and crash artifacts stay
# under .build/fuzz/. Exits 1 when any target crashed (its reproducer path is printed).
set -uo pipefail
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SECONDS:-60}
out=.build/fuzz
scripts/fuzz/build.sh "$out" >/dev/null || exit 1
targets=${FUZZ_TARGETS:-$(sed -n 's/^target \([a-z-]*\) .*/\1/p' scripts/fuzz/build.sh)}
seeds=()
for folder in fixtures ../shared/reference; do [ -d "$folder" ] && seeds+=("$folder"); done
status=0
for target in $targets; do
  corpus="$out/corpus-$target"
  artifacts="$out/artifacts-$target/"
  mkdir -p "$corpus" "$artifacts"
  # libFuzzer reads seeds from every folder given and adds new inputs to the first one.
  seedfiles=$(mktemp -d)
  for folder in "${seeds[@]}"; do find "$folder" -type f \( -name '*.json' -o -name '*.yaml' \) -exec cp {} "$seedfiles/" \; ; done
  [ -f manifest.yaml ] && cp manifest.yaml "$seedfiles/"
  log="$out/$target.log"
  "$out/$target" -max_total_time="$seconds" -rss_limit_mb=2048 -max_len=65536 -artifact_prefix="$artifacts" \
    "$corpus" "$seedfiles" >"$log" 2>&1
  code=$?
  rm -rf "$seedfiles"
  runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -1)
  if [ $code -ne 0 ] || [ -z "$runs" ]; then
    echo "$target: CRASHED — see $log and the reproducer in $artifacts"
    status=1
  else
    echo "$target: $runs executions in ${seconds}s, 0 crashes"
  fi
done
exit $status
