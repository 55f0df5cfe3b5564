#!/usr/bin/env bash
# Largest stable dt of seed 002's tube table (§4.2) on softlab's warp-tube-drop: the free
# tube (960 tets, 0.02 m wall, nu = 0.33, 1000 kg/m^3) tilted 45 degrees, dropped from 0.5 m,
# for E = 2, 1, 0.5, 0.2, 0.1 MPa under per-vertex warping, per-element warping and the
# Green-strain model (implicit-euler). Two criteria:
#   find-dt   softlab find-dt's bisection and energy criterion (1 s runs; the energy may
#             never rise 50 % above the start's), searched from --dt-lo 0.5 ms
#   no-div    the largest dt of a grid (0.5 ... 100 ms) below which every run of 2 s ends
#             without diverging (exit 0 of softlab run): the paper's "became instable"
# Usage: tools/warp_tube_dt.sh [build/softlab]   (about 15 minutes on one core)
set -u
bin=${1:-build/softlab}
grid="0.0005 0.001 0.002 0.003 0.005 0.007 0.01 0.015 0.02 0.03 0.05 0.07 0.1"
printf "%-26s %8s %12s %10s\n" method E_Pa find-dt_s no-div_s
for method in stiffness-warping stiffness-warping-element implicit-euler; do
  for young in 2e6 1e6 5e5 2e5 1e5; do
    fd=$($bin find-dt --scene warp-tube-drop --method $method --young $young --dt-lo 5e-4 | sed -n 's/^dt_max=//p')
    nodiv=0
    for dt in $grid; do
      $bin run --scene warp-tube-drop --method $method --young $young --dt $dt --t-end 2 --csv /dev/null 2>/dev/null || break
      nodiv=$dt
    done
    printf "%-26s %8s %12s %10s\n" $method $young "$fd" $nodiv
  done
done
