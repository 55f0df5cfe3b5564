#!/usr/bin/env bash
# Builds softlab for WebAssembly. The build itself is the Makefile's one build with emcc
# as its compiler (make wasm, wasm-tests, wasm-cli: same sources, rules and warnings as
# the native build); this file stays as the entry point the design card names, for those
# who build the lab without reading the Makefile.
#
#   bash build_wasm.sh [OUTDIR]        the lab: OUTDIR/softlab.js, softlab.wasm and
#                                      api-signatures.js (default build/wasm)
#   bash build_wasm.sh tests [OUTDIR]  the C test runner for node: OUTDIR/softlab_tests.js;
#                                      node --no-experimental-fetch OUTDIR/softlab_tests.js
#   bash build_wasm.sh cli [OUTDIR]    the command-line tool for node (benchmarks):
#                                      OUTDIR/softlab_cli.js
#
# The objects go to OUTDIR/obj, CSparse (LGPL-2.1-or-later, its unmodified source) to
# OUTDIR/csparse/libcsparse.a; CI=true (or WERROR=1) turns warnings into errors.
set -euo pipefail
cd "$(dirname "$0")"
target=wasm
case "${1:-}" in
  tests) target=wasm-tests; shift ;;
  cli) target=wasm-cli; shift ;;
esac
exec make --no-print-directory WASM_BUILD="${1:-build/wasm}" "$target"
