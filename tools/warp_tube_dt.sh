#!/usr/bin/env bash
# Largest stable dt of seed 002's tube table (§4.2) on softlab's warp-tube-drop: the free
# tube (960 tets, 0.02 m wall, nu = 0.33, 1000 kg/m^3) tilted 45 degrees, dropped from 0.5 m,
# for E = 2, 1, 0.5, 0.2, 0.1 MPa under per-vertex warping, per-element warping and the
# Green-strain model (implicit-euler). Two criteria, one pass each:
#   no-div    the largest dt of the grid 1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100 ms up to
#             which every run of 1 s (impact at 0.32 s) ends without diverging (exit 0 of
#             softlab run): the paper's "became instable"; "<0.001" if 1 ms diverges,
#             ">=0.1" if every step of the grid holds
#   find-dt   softlab find-dt's bisection (runs of 1 s that the core's verdict never calls
#             'growing' or 'diverged'), searched from --dt-lo 1 ms; "<0.001" if 1 ms fails;
#             no processor-time cap (--max-seconds 1e6): the result must not depend on the
#             machine's speed or load
# Usage: tools/warp_tube_dt.sh [build/softlab] [no-div|find-dt|both]   (find-dt's progress on
# stderr). Output: tools/warp_tube_dt.out.txt, lesson 002's table (its :tool[warp_tube_dt] values,
# tools/build_lessons.js), after a header of '# key: value' lines: the command, the date and
# the machine. The numbers are deterministic (no timing), so `make check-tools` runs it (both,
# about 20 minutes of processor time) and compares every line but the date and the machine.
set -u
bin=${1:-build/softlab}
what=${2:-both}
echo "# command: bash tools/warp_tube_dt.sh $bin $what"
echo "# date: $(date -u +%Y-%m-%d)"
echo "# machine: $(nproc) x $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1) ($(uname -sm))"
grid="0.001 0.002 0.003 0.005 0.007 0.01 0.015 0.02 0.03 0.05 0.07 0.1"
methods="stiffness-warping stiffness-warping-element implicit-euler"
moduli="2e6 1e6 5e5 2e5 1e5"
if [ "$what" != find-dt ]; then
  for method in $methods; do
    for young in $moduli; do
      nodiv="<0.001"
      for dt in $grid; do
        $bin run --scene warp-tube-drop --method $method --young $young --dt $dt --t-end 1 --csv /dev/null 2>/dev/null || break
        nodiv=$dt
      done
      [ "$nodiv" = "${grid##* }" ] && nodiv=">=$nodiv"
      printf "no-div  %-26s E=%-4s dt_max=%s\n" $method $young "$nodiv"
    done
  done
fi
if [ "$what" != no-div ]; then
  for method in $methods; do
    for young in $moduli; do
      fd=$($bin find-dt --scene warp-tube-drop --method $method --young $young --dt-lo 1e-3 --max-seconds 1e6 | sed -n 's/^dt_max=//p')
      [ "$fd" = 0 ] && fd="<0.001"
      printf "find-dt %-26s E=%-4s dt_max=%s\n" $method $young "$fd"
    done
  done
fi
