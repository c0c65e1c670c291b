#!/usr/bin/env bash
# Builds the libFuzzer targets: each library module is compiled with the fuzzer and address
# sanitizers (whole-module, one object per module), then each target links its entry file.
# Usage: scripts/fuzz/build.sh [OUT_DIR]   (default .build/fuzz)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-.build/fuzz}
mkdir -p "$out"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -I "$out")

module() { # name, dependency-free source folder
  local name=$1 folder=$2
  local sources
  mapfile -t sources < <(find "$folder" -name '*.swift' | sort)
  swiftc "${flags[@]}" -module-name "$name" -wmo -emit-module -emit-module-path "$out/$name.swiftmodule" \
    -c "${sources[@]}" -o "$out/$name.o" 2> >(grep -v "Cannot export local symbol" >&2)
}

target() { # name, entry file, modules...
  local name=$1 entry=$2
  shift 2
  local objects=()
  for m in "$@"; do objects+=("$out/$m.o"); done
  swiftc "${flags[@]}" -module-name "${name//-/_}" "$entry" "${objects[@]}" -o "$out/$name" \
    2> >(grep -v "Cannot export local symbol" >&2)
}

module DuetCore Sources/DuetCore
target fuzz-json scripts/fuzz/FuzzJSON.swift DuetCore
target fuzz-decoder scripts/fuzz/FuzzDecoder.swift DuetCore
echo "fuzz targets in $out: fuzz-json fuzz-decoder"
