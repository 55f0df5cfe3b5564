#!/usr/bin/env bash
# Stages the lab page into OUTDIR (default build/site): web/*, the wasm build
# (softlab.js, softlab.wasm and core/api-signatures.js from WASM_DIR, default build/wasm) and the few files of
# node_modules the page loads (uPlot). Third-party files are copied, never committed.
# The lab page's entry (app.js) and its Worker (sim-worker.js) are bundled with esbuild: one
# request each instead of the modules they import, which cut the first frame by about a
# quarter on localhost (the static server answers one file at a time). The modules stay
# staged one by one as well, for the lessons and for tests that import one of them.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${1:-build/site}
WASM_DIR=${WASM_DIR:-build/wasm}

for f in "$WASM_DIR/softlab.js" "$WASM_DIR/softlab.wasm" "$WASM_DIR/api-signatures.js" "$WASM_DIR/message-tables.js"; do
  [ -f "$f" ] || { echo "stage_web: $f missing (run: bash build_wasm.sh $WASM_DIR)" >&2; exit 1; }
done
for f in node_modules/uplot/dist/uPlot.iife.min.js node_modules/uplot/dist/uPlot.min.css node_modules/.bin/esbuild; do
  [ -f "$f" ] || { echo "stage_web: $f missing (run: npm ci)" >&2; exit 1; }
done

mkdir -p "$OUT"
# a clean stage, so that a module moved or deleted in web/ is gone from the site too; the
# recordings stay (tools/record_scenes.js redoes them only when their inputs changed)
find "$OUT" -mindepth 1 -maxdepth 1 ! -name recordings -exec rm -rf {} +
cp -R web/. "$OUT/"
cp "$WASM_DIR/softlab.js" "$WASM_DIR/softlab.wasm" "$OUT/"
cp "$WASM_DIR/api-signatures.js" "$OUT/core/" # beside web/core/lab-api.js, which imports it
cp "$WASM_DIR/message-tables.js" "$OUT/ui/" # beside web/ui/messages.js, which imports it (tools/messages.py)
cp "$WASM_DIR/file-notice-texts.js" "$OUT/" # beside web/file-notice.js, which reads it (tools/messages.py --classic)
# the lab's loading screen carries its own texts (boot.*): it must word why the lab cannot start
# when nothing else of the site loads
cat "$WASM_DIR/file-notice-texts.js" web/boot.js > "$OUT/boot.js"
cp node_modules/uplot/dist/uPlot.iife.min.js node_modules/uplot/dist/uPlot.min.css "$OUT/"
cp node_modules/uplot/LICENSE "$OUT/uPlot.LICENSE.txt" 2>/dev/null || true
# bundled over the staged copies (api-signatures.js comes from the wasm build); source maps
# let the browser's devtools show the original files
node_modules/.bin/esbuild "$OUT/app.js" --bundle --format=esm --sourcemap --log-level=warning \
  --outfile="$OUT/app.js" --allow-overwrite
# the Worker's bundle begins with softlab.js (the Worker then finds createSoftlab and skips its
# importScripts, a synchronous request on the Worker's thread: 5-460 ms of its start in Chrome
# traces of a loaded 2-core machine); esbuild's banner keeps the source map's lines right
node -e '
  const fs = require("node:fs");
  const [out] = process.argv.slice(1);
  require("esbuild").buildSync({ entryPoints: [`${out}/sim-worker.js`], bundle: true, format: "iife", sourcemap: true,
    logLevel: "warning", outfile: `${out}/sim-worker.js`, allowOverwrite: true,
    banner: { js: fs.readFileSync(`${out}/softlab.js`, "utf8") } });' "$OUT"
echo "stage_web: ok ($OUT)"
