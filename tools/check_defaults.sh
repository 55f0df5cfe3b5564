#!/usr/bin/env bash
# Issue 26: every panel of every scene's opening comparison (the page's default view,
# sl_scene_class.default_view) and of the "explicit integrator race" preset, each run for
# 30 s of simulated time (or T seconds) by `softlab check-defaults`: bounded (no divergence,
# no energy-growth warning) unless the scene flags the panel as meant to blow up
# (sl_scene_class.unstable_panels), which must then blow up. Runs JOBS panels at a time
# (default: the number of cores) and prints the table in the scenes' order; exits 1 if a
# line is not "ok". `make check-defaults`. Usage: tools/check_defaults.sh [build/softlab] [T]
# SCENES=REGEX runs the scenes whose name matches (grep -E) only.
bin=${1:-build/softlab} T=${2:-30} jobs=${JOBS:-$(nproc)} scenes=${SCENES:-.}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)
"$bin" check-defaults --list | grep -E "^($scenes) " | awk -v bin="$bin" -v T="$T" -v tmp="$tmp" '{
    printf "%s check-defaults --scene %s --panel %s%s --t-end %s > %s/%04d.out 2>&1\n",
           bin, $1, $2, ($3 == "race" ? " --race" : ""), T, tmp, NR }' > "$tmp/runs"
# the one-ring scenes first: they take the longest (incompressible at 0.1-0.5 ms for 30 s)
{ grep -e '--scene onering' "$tmp/runs"; grep -v -e '--scene onering' "$tmp/runs"; } |
  xargs -P "$jobs" -I CMD sh -c CMD
cat "$tmp"/*.out | awk '!seen[$0]++' # a skipped race prints its line once per panel
fails=$(cat "$tmp"/*.out | grep -c -e 'FAIL$' -e 'FAIL ')
echo "check-defaults: $(wc -l < "$tmp/runs") runs of $T s, $fails not as expected, $(( $(date +%s) - start )) s"
[ "$fails" -eq 0 ]
