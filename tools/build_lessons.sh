#!/usr/bin/env bash
# Builds the lessons into OUTDIR/lessons (default build/site): the pages from their
# sources by tools/build_lessons.js (one head, labs checked against the core's tables,
# numbers from softlab validate's JSON, VALIDATION_JSON, if given), their style sheet and
# scripts, and KaTeX (from node_modules, never committed) into OUTDIR/katex. The lessons
# load the lab's softlab.js and lab-api.js from OUTDIR, so stage the site first.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-build/site}
mkdir -p "$OUT/lessons" "$OUT/katex/contrib"
# the lessons' scripts first: the build checks each question's measure against measures.js
cp lessons/*.css lessons/*.js "$OUT/lessons/"
# the staged site holds ES modules outside a "type": "module" package: node says so once
node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON tools/build_lessons.js "$OUT" ${VALIDATION_JSON:-}
cp node_modules/katex/dist/katex.min.js node_modules/katex/dist/katex.min.css "$OUT/katex/"
cp node_modules/katex/dist/contrib/auto-render.min.js "$OUT/katex/contrib/"
rm -rf "$OUT/katex/fonts"
cp -r node_modules/katex/dist/fonts "$OUT/katex/fonts"
echo "build_lessons: ok ($OUT/lessons)"
