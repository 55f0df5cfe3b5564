#!/usr/bin/env bash
# Stages the lab page into OUTDIR (default build/site): web/*, the wasm build
# (softlab.js, softlab.wasm, api-signatures.js from WASM_DIR, default build/wasm) and the few files of
# node_modules the page loads (uPlot). Third-party files are copied, never committed.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${1:-build/site}
WASM_DIR=${WASM_DIR:-build/wasm}

for f in "$WASM_DIR/softlab.js" "$WASM_DIR/softlab.wasm" "$WASM_DIR/api-signatures.js"; do
  [ -f "$f" ] || { echo "stage_web: $f missing (run: bash build_wasm.sh $WASM_DIR)" >&2; exit 1; }
done
for f in node_modules/uplot/dist/uPlot.iife.min.js node_modules/uplot/dist/uPlot.min.css; do
  [ -f "$f" ] || { echo "stage_web: $f missing (run: npm ci)" >&2; exit 1; }
done

mkdir -p "$OUT"
cp -R web/. "$OUT/"
cp "$WASM_DIR/softlab.js" "$WASM_DIR/softlab.wasm" "$WASM_DIR/api-signatures.js" "$OUT/"
cp node_modules/uplot/dist/uPlot.iife.min.js node_modules/uplot/dist/uPlot.min.css "$OUT/"
cp node_modules/uplot/LICENSE "$OUT/uPlot.LICENSE.txt" 2>/dev/null || true
# the lab's whole module graph, preloaded at once (the marker line in web/index.html)
node tools/module_preloads.js "$OUT" app.js > "$OUT/.preloads"
sed -i -e "/<!-- module preloads -->/r $OUT/.preloads" -e "/<!-- module preloads -->/d" "$OUT/index.html"
rm "$OUT/.preloads"
echo "stage_web: ok ($OUT)"
