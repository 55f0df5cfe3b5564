#!/usr/bin/env bash
# Fuzzes the mesh readers with libFuzzer under AddressSanitizer and UBSan:
#   [BUILD=dir] bash fuzz/run_fuzz.sh [SECONDS]   (default 60; the corpus starts from
#   data/meshes; everything goes to $BUILD/fuzz, BUILD defaulting to build)
# The fuzzer is built by the Makefile (make fuzz-build: its one build with clang and the
# sanitizers as options), so it compiles the same sources with the same warnings.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
build=${BUILD:-build}
out=$build/fuzz
${MAKE:-make} --no-print-directory BUILD="$build" fuzz-build
mkdir -p "$out/corpus"
# seeds: each example file with its format byte (0 msh, 1 mesh, 2 tetgen node NUL ele)
for f in data/meshes/*.msh; do { printf '\0'; cat "$f"; } > "$out/corpus/$(basename "$f")"; done
for f in data/meshes/*.mesh; do { printf '\1'; cat "$f"; } > "$out/corpus/$(basename "$f")"; done
{ printf '\2'; head -c 3000 data/meshes/torus.1.node; printf '\0'; head -c 3000 data/meshes/torus.1.ele; } > "$out/corpus/torus"
# full log in $out/fuzz.log; shown: the final statistics and any sanitizer report
status=0
"$out/fuzz_mesh" -max_total_time="$secs" -max_len=8192 -rss_limit_mb=2048 \
  -artifact_prefix="$out/" "$out/corpus" > "$out/fuzz.log" 2>&1 || status=$?
grep -E 'DONE|^Done|ERROR|SUMMARY|artifact' "$out/fuzz.log" || true
[ $status -eq 0 ] || tail -n 60 "$out/fuzz.log"
exit $status
