#!/usr/bin/env bash
# `make bench`: time per step of every scene x stepper, native and wasm (node), in one
# run so that their ratio is measured on the same machine state. Never a test.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
STEPS=${STEPS:-2000}
bash build_wasm.sh cli "$BUILD/wasm-cli" >/dev/null
"$BUILD/softlab" bench --steps "$STEPS" > "$BUILD/bench-native.txt"
node --no-experimental-fetch "$BUILD/wasm-cli/softlab_cli.js" bench --steps "$STEPS" > "$BUILD/bench-wasm.txt"
echo "time per step in microseconds ($STEPS steps each; 'resets' counts divergences, after which the run restarts)"
awk 'NR == FNR { if (FNR > 1) wasm[$1 " " $2] = $5; next }
     FNR == 1 { printf "%-22s %-18s %7s %7s %12s %12s %10s %10s %10s %11s\n", "scene", "method", "nodes", "rows", "native us", "wasm us", "wasm/nat", "assembly", "factor", "solve"; next }
     NF < 9 { print; next }
     { key = $1 " " $2; w = (key in wasm) ? wasm[key] : "nan";
       printf "%-22s %-18s %7s %7s %12.2f %12.2f %10.2f %10.2f %10.2f %11.2f\n", $1, $2, $3, $4, $5, w, (w == "nan" || $5 == 0) ? 0 : w / $5, $6, $7, $8 }' \
  "$BUILD/bench-wasm.txt" "$BUILD/bench-native.txt"
