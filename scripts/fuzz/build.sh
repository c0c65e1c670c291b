#!/usr/bin/env bash
# Builds the libFuzzer targets: each library module is compiled with the fuzzer and address
# sanitizers (whole-module, one object per module, in dependency order: a module finds the ones
# before it in OUT_DIR), then each target links its entry file with the objects it needs.
# DuetVerify is compiled with -enable-testing so its targets can reach the internal loaders.
# A module or target whose output is newer than its sources and inputs is not rebuilt, so a
# second run (make fuzz-smoke in CI after make fuzz) costs seconds, not minutes.
# Usage: scripts/fuzz/build.sh [OUT_DIR]   (default .build/fuzz)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-.build/fuzz}
mkdir -p "$out"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -I "$out")
stamp="$out/.flags"
# A change of compiler or flags invalidates every output.
signature="$(swiftc --version 2>&1 | head -1) ${flags[*]}"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$signature" ]; then
  rm -f "$out"/*.o "$out"/*.swiftmodule
  printf '%s' "$signature" >"$stamp"
fi

fresh() { # output, inputs...: true when output exists and is newer than every input
  local output=$1
  shift
  [ -e "$output" ] || return 1
  for input in "$@"; do [ "$input" -nt "$output" ] && return 1; done
  return 0
}

module() { # name, source folder, dependency modules (comma-separated, may be empty), extra flags...
  local name=$1 folder=$2 dependencies=$3
  shift 3
  local sources inputs=()
  mapfile -t sources < <(find "$folder" -name '*.swift' | sort)
  IFS=',' read -ra deps <<<"$dependencies"
  for d in "${deps[@]}"; do inputs+=("$out/$d.o"); done
  # A deleted source leaves every remaining file older: compare the source list too.
  local list="$out/$name.sources"
  if fresh "$out/$name.o" "${sources[@]}" "${inputs[@]}" && [ "$(printf '%s\n' "${sources[@]}")" == "$(cat "$list" 2>/dev/null)" ]
  then return 0; fi
  swiftc "${flags[@]}" "$@" -module-name "$name" -wmo -emit-module -emit-module-path "$out/$name.swiftmodule" \
    -c "${sources[@]}" -o "$out/$name.o" 2> >(grep -v "Cannot export local symbol" >&2)
  printf '%s\n' "${sources[@]}" >"$list"
}

target() { # name, entry file, modules...
  local name=$1 entry=$2
  shift 2
  local objects=()
  for m in "$@"; do objects+=("$out/$m.o"); done
  fresh "$out/$name" "$entry" "${objects[@]}" && return 0
  swiftc "${flags[@]}" -module-name "${name//-/_}" "$entry" "${objects[@]}" -o "$out/$name" \
    2> >(grep -v "Cannot export local symbol" >&2)
}

module DuetCore Sources/DuetCore ""
module DuetTelemetry Sources/DuetTelemetry DuetCore
module DuetVerify Sources/DuetVerify DuetCore,DuetTelemetry -enable-testing
target fuzz-json scripts/fuzz/FuzzJSON.swift DuetCore
target fuzz-decoder scripts/fuzz/FuzzDecoder.swift DuetCore
target fuzz-manifest scripts/fuzz/FuzzManifest.swift DuetCore DuetTelemetry DuetVerify
target fuzz-fixture scripts/fuzz/FuzzFixture.swift DuetCore DuetTelemetry DuetVerify
echo "fuzz targets in $out: fuzz-json fuzz-decoder fuzz-manifest fuzz-fixture"
