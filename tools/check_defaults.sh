#!/usr/bin/env bash
# Issue 12: every built-in scene with its default method and dt for 30 s of simulated time
# (or T seconds): exit code, energy-growth warning, energy at start and end, and the largest
# |displacement| of the tracked node. Usage: tools/check_defaults.sh [build/softlab] [T]
bin=${1:-build/softlab} T=${2:-30}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for s in $($bin scenes | awk '{print $1}'); do
  $bin run --scene "$s" --t-end "$T" --csv "$tmp/$s.csv" 2> "$tmp/$s.err"; rc=$?
  warn=$(grep -c "warning: total energy grew" "$tmp/$s.err")
  awk -F, -v s="$s" -v rc=$rc -v w=$warn 'NR==2 { e0=$5 } NR>1 { e=$5; if ($5 > emax) emax=$5; t=$1 }
    END { printf "%-26s exit %d  warning %d  t_end %s  E0 %.4g  E_end %.4g  E_max %.4g\n", s, rc, w, t, e0, e, emax }' "$tmp/$s.csv"
done
