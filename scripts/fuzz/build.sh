#!/usr/bin/env bash
# Builds the libFuzzer targets: each library module is compiled with the fuzzer and address
# sanitizers (whole-module, one object per module, in dependency order: a module finds the ones
# before it in OUT_DIR), then each target links its entry file with the objects it needs.
# The modules come from the package itself (`swift package describe`, read with python3, which every
# machine with the toolchain's build scripts has): a target
# needs the package modules its entry file imports and everything they depend on.
# Modules are compiled with -enable-testing so targets can reach internal loaders (@testable).
# A module or target whose output is newer than its sources and inputs is not rebuilt, so a
# second run (make fuzz-smoke in CI after make fuzz) costs seconds, not minutes.
# Usage: scripts/fuzz/build.sh [OUT_DIR]   (default .build/fuzz)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-.build/fuzz}
mkdir -p "$out"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -enable-testing -package-name duet_verify -I "$out")
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

# The package's library modules: their source folders and direct dependencies.
command -v python3 >/dev/null || { echo "scripts/fuzz/build.sh needs python3 to read the package description; install python3" >&2; exit 1; }
declare -A folder_of dependencies_of
while read -r name folder dependencies; do
  folder_of[$name]=$folder
  dependencies_of[$name]=$dependencies
done < <(swift package describe --type json |
  python3 -c '
import json, sys
for t in json.load(sys.stdin)["targets"]:
    if t["type"] == "library":
        print(t["name"], t["path"], ",".join(t.get("target_dependencies", [])))
')
if [ ${#folder_of[@]} -eq 0 ]; then
  echo "scripts/fuzz/build.sh: swift package describe listed no library modules" >&2
  exit 1
fi

module() { # name: compiled once its dependencies are (whole-module, into OUT_DIR)
  local name=$1 sources inputs=() deps
  mapfile -t sources < <(find "${folder_of[$name]}" -name '*.swift' | sort)
  IFS=',' read -ra deps <<<"${dependencies_of[$name]}"
  for d in "${deps[@]}"; do inputs+=("$out/$d.o"); done
  # A deleted source leaves every remaining file older: compare the source list too.
  local list="$out/$name.sources"
  if fresh "$out/$name.o" "${sources[@]}" "${inputs[@]}" && [ "$(printf '%s\n' "${sources[@]}")" == "$(cat "$list" 2>/dev/null)" ]
  then return 0; fi
  swiftc "${flags[@]}" -module-name "$name" -wmo -emit-module -emit-module-path "$out/$name.swiftmodule" \
    -c "${sources[@]}" -o "$out/$name.o" 2> >(grep -v "Cannot export local symbol" >&2)
  printf '%s\n' "${sources[@]}" >"$list"
}

order=()
visit() { # module: appends it to `order` after its dependencies (each once)
  local name=$1 deps
  if [[ " ${order[*]} " == *" $name "* ]]; then return 0; fi
  IFS=',' read -ra deps <<<"${dependencies_of[$name]}"
  for d in "${deps[@]}"; do visit "$d"; done
  order+=("$name")
}

target() { # name, entry file: built from the package modules the entry imports, and theirs
  local name=$1 entry=$2 imported objects=()
  order=()
  for imported in $(sed -nE 's/^(@testable +)?import +([A-Za-z_][A-Za-z0-9_]*).*/\2/p' "$entry"); do
    if [ -n "${folder_of[$imported]+set}" ]; then visit "$imported"; fi
  done
  for m in "${order[@]}"; do
    module "$m"
    objects+=("$out/$m.o")
  done
  fresh "$out/$name" "$entry" "${objects[@]}" && return 0
  swiftc "${flags[@]}" -module-name "${name//-/_}" "$entry" "${objects[@]}" -o "$out/$name" \
    2> >(grep -v "Cannot export local symbol" >&2)
}

target fuzz-json scripts/fuzz/FuzzJSON.swift
target fuzz-decoder scripts/fuzz/FuzzDecoder.swift
target fuzz-manifest scripts/fuzz/FuzzManifest.swift
target fuzz-fixture scripts/fuzz/FuzzFixture.swift
echo "fuzz targets in $out: fuzz-json fuzz-decoder fuzz-manifest fuzz-fixture"
