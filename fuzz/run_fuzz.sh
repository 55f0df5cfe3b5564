#!/usr/bin/env bash
# Fuzzes the mesh readers with libFuzzer under AddressSanitizer and UBSan:
#   bash fuzz/run_fuzz.sh [SECONDS]   (default 60; the corpus starts from data/meshes)
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
out=build/fuzz
mkdir -p "$out/corpus"
CS=third_party_build/CSparse
clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -Isrc/core -I$CS/Include fuzz/fuzz_mesh.c src/core/sl_mesh_io.c src/core/sl_tet_mesh.c \
  src/core/sl_tet_fem.c src/core/sl_topology.c src/core/sl_world.c src/core/sl_model.c \
  src/core/sl_status.c src/core/sl_assembly.c src/core/sl_grab.c src/core/sl_analysis.c \
  $CS/Source/*.c -lm -o "$out/fuzz_mesh"
# seeds: each example file with its format byte (0 msh, 1 mesh, 2 tetgen node NUL ele)
for f in data/meshes/*.msh; do { printf '\0'; cat "$f"; } > "$out/corpus/$(basename "$f")"; done
for f in data/meshes/*.mesh; do { printf '\1'; cat "$f"; } > "$out/corpus/$(basename "$f")"; done
{ printf '\2'; head -c 3000 data/meshes/torus.1.node; printf '\0'; head -c 3000 data/meshes/torus.1.ele; } > "$out/corpus/torus"
"$out/fuzz_mesh" -max_total_time="$secs" -max_len=8192 -rss_limit_mb=2048 "$out/corpus" 2>&1 | tail -n 15
