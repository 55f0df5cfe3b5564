#!/usr/bin/env bash
# Builds the lessons into OUTDIR/lessons (default build/site): the lesson pages and
# KaTeX (from node_modules, never committed) into OUTDIR/katex. The lessons load the
# lab's softlab.js and lab-api.js from OUTDIR, so stage the site first.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-build/site}
mkdir -p "$OUT/lessons" "$OUT/katex/contrib"
cp lessons/*.html lessons/*.css lessons/*.js "$OUT/lessons/"
cp node_modules/katex/dist/katex.min.js node_modules/katex/dist/katex.min.css "$OUT/katex/"
cp node_modules/katex/dist/contrib/auto-render.min.js "$OUT/katex/contrib/"
rm -rf "$OUT/katex/fonts"
cp -r node_modules/katex/dist/fonts "$OUT/katex/fonts"
echo "build_lessons: ok ($OUT/lessons)"
