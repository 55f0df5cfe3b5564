#!/usr/bin/env bash
# Builds softlab for WebAssembly with Emscripten (../shared/TOOLCHAIN.md).
#
#   bash build_wasm.sh [OUTDIR]        the lab: OUTDIR/softlab.js + softlab.wasm
#                                      (default build/wasm); core + render + wasm API
#   bash build_wasm.sh tests [OUTDIR]  the C test runner for node: OUTDIR/softlab_tests.js
#                                      (default build/wasm-tests); run it with
#                                      node --no-experimental-fetch OUTDIR/softlab_tests.js
#   bash build_wasm.sh cli [OUTDIR]    the command-line tool for node (benchmarks):
#                                      OUTDIR/softlab_cli.js (default build/wasm-cli)
#
# CSparse (LGPL-2.1-or-later) is compiled separately from its unmodified source in
# third_party_build/CSparse into OUTDIR/csparse/libcsparse.a and linked as a library.
set -euo pipefail
cd "$(dirname "$0")"

MODE=site
case "${1:-}" in tests | cli) MODE=$1; shift ;; esac
case $MODE in
  tests) OUT=${1:-build/wasm-tests} ;;
  cli) OUT=${1:-build/wasm-cli} ;;
  *) OUT=${1:-build/wasm} ;;
esac

# Debian's emcc runs its JS tools with the machine's node, which does not look in
# Debian's node folder by itself.
for d in /usr/share/nodejs /usr/lib/nodejs; do
  if [ -d "$d" ]; then export NODE_PATH="$d${NODE_PATH:+:$NODE_PATH}"; break; fi
done
command -v emcc >/dev/null || { echo "build_wasm: emcc not found (run tools/setup.sh)" >&2; exit 1; }
# The one source list (CSparse's too) and warning flags (sources.mk), shared with the native and fuzz builds.
eval "$(make -s --no-print-directory -f sources.mk print)"
CS=$CS_DIR
[ -f $CS/Include/cs.h ] && [ -n "$CS_SRC" ] || { echo "build_wasm: $CS missing (run tools/setup.sh)" >&2; exit 1; }
# Not -msimd128 (wasm SIMD; clang vectorizes for it): measured on issue 11's shapes in
# headless Chromium (make bench's shapes, 5-6 interleaved runs a size on a shared 2-core
# machine), its processor time per step at 10,000-20,000 tets was 0.92-1.02 of this
# build's (best runs; medians 0.96-1.02), inside the runs' own spread: the hot loops are
# sparse and indirect. It would also shut out browsers without wasm SIMD (Safari < 16.4).
OPT="-O3"
read -r -a CFLAGS <<< "$WARN $OPT"
# Objects of other flags are stale: a stamp of the flags in OUTDIR rebuilds them all.
if [ "$(cat "$OUT/.flags" 2>/dev/null)" != "${CFLAGS[*]}" ]; then
  rm -rf "$OUT/obj" "$OUT/csparse"
  mkdir -p "$OUT"
  echo "${CFLAGS[*]}" > "$OUT/.flags"
fi
mkdir -p "$OUT/csparse" "$OUT/obj"

# Compiles each file of a layer to OUTDIR/obj (again only when it or a header is newer),
# in parallel, with that layer's include paths; prints the object names.
newest_header=$(ls -t src/include/softlab/*.h src/core/*/*.h src/render/*.h src/wasm/*.h tests/c/*.h 2>/dev/null | head -n 1)
compile() {
  local inc=$1; shift
  local todo=() objs=()
  for f in "$@"; do
    local o="$OUT/obj/${f//\//_}.o"
    objs+=("$o")
    if [ ! -f "$o" ] || [ "$f" -nt "$o" ] || [ "$newest_header" -nt "$o" ]; then todo+=("$f"); fi
  done
  if [ ${#todo[@]} -gt 0 ]; then
    printf '%s\n' "${todo[@]}" | xargs -P "$(nproc)" -I{} sh -c \
      'f="$1"; o="'"$OUT"'/obj/$(echo "$f" | tr / _).o"; emcc '"${CFLAGS[*]}"' '"$inc"' -I'"$CS"'/Include -c "$f" -o "$o"' _ {} >&2
  fi
  echo "${objs[@]}"
}

# ---- CSparse: a separately compiled library, unmodified source -------------------
lib="$OUT/csparse/libcsparse.a"
stale=0
for f in $CS_SRC; do
  o="$OUT/csparse/$(basename "${f%.c}").o"
  if [ ! -f "$o" ] || [ "$f" -nt "$o" ]; then stale=1; fi
done
if [ $stale = 1 ] || [ ! -f "$lib" ]; then
  echo "build_wasm: compiling CSparse"
  # shellcheck disable=SC2016
  printf '%s\n' $CS_SRC | xargs -P "$(nproc)" -I{} sh -c \
    'emcc '"$OPT"' -w -I'"$CS"'/Include -c "$1" -o "'"$OUT"'/csparse/$(basename "${1%.c}").o"' _ {}
  rm -f "$lib"
  emar rcs "$lib" "$OUT"/csparse/*.o
fi

# ---- the C test runner, for node ---------------------------------------------------
if [ $MODE = tests ]; then
  shopt -s nullglob
  tests=(tests/c/*.c)
  [ ${#tests[@]} -gt 0 ] || { echo "build_wasm: no tests/c/*.c" >&2; exit 1; }
  echo "build_wasm: linking $OUT/softlab_tests.js"
  objs=$(compile "$CORE_INC" $CORE_SRC) && objs="$objs $(compile "$PUBLIC_INC -Itests/c" $SCENES_SRC $VALIDATE_SRC $TEST_SRC)"
  # shellcheck disable=SC2086
  emcc "${CFLAGS[@]}" $objs "$lib" -lm \
    -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=1 -sNODERAWFS=1 \
    -o "$OUT/softlab_tests.js"
  echo "build_wasm: ok ($OUT/softlab_tests.js)"
  exit 0
fi

# ---- the command-line tool, for node (same core; NODERAWFS: real files) ------------
if [ $MODE = cli ]; then
  echo "build_wasm: linking $OUT/softlab_cli.js"
  objs=$(compile "$CORE_INC" $CORE_SRC) && objs="$objs $(compile "$PUBLIC_INC" $SCENES_SRC $VALIDATE_SRC $CLI_SRC)"
  # shellcheck disable=SC2086
  emcc "${CFLAGS[@]}" $objs "$lib" -lm \
    -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=1 -sNODERAWFS=1 \
    -o "$OUT/softlab_cli.js"
  echo "build_wasm: ok ($OUT/softlab_cli.js)"
  exit 0
fi

# ---- the lab -----------------------------------------------------------------------
# One list (src/wasm/api_exports.txt: each export with its signature) feeds
# -sEXPORTED_FUNCTIONS and the cwrap table of web/lab-api.js ($OUT/api-signatures.js);
# tools/wasm_api.js first checks it against the API definitions in src/wasm/*.c.
exports=$(node tools/wasm_api.js src/wasm/api_exports.txt src/wasm "$OUT/api-signatures.js")

objs=$(compile "$CORE_INC" $CORE_SRC) && objs="$objs $(compile "$PUBLIC_INC -Isrc/render" $SCENES_SRC $VALIDATE_SRC $RENDER_SRC $WASM_SRC)"
# linking takes half a minute: skip it when nothing it reads changed (make serve, again)
# shellcheck disable=SC2086
newest=$(ls -t $objs "$lib" src/wasm/api_exports.txt build_wasm.sh sources.mk | head -n 1)
if [ -f "$OUT/softlab.wasm" ] && [ "$OUT/softlab.js" -nt "$newest" ]; then
  echo "build_wasm: up to date ($OUT/softlab.js, $OUT/softlab.wasm)"
  exit 0
fi
echo "build_wasm: linking $OUT/softlab.js"
# shellcheck disable=SC2086
emcc "${CFLAGS[@]}" $objs "$lib" -lm \
  -sUSE_WEBGL2=1 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2 \
  -sMODULARIZE=1 -sEXPORT_NAME=createSoftlab -sALLOW_MEMORY_GROWTH=1 \
  -sEXPORTED_FUNCTIONS="$exports" \
  -sEXPORTED_RUNTIME_METHODS=cwrap,ccall,UTF8ToString \
  -sENVIRONMENT=web,worker,node \
  -o "$OUT/softlab.js"
touch "$OUT/softlab.js" # the stamp of this link (emcc may leave an unchanged output alone)
echo "build_wasm: ok ($OUT/softlab.js, $OUT/softlab.wasm)"
