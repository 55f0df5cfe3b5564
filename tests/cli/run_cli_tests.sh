#!/usr/bin/env bash
# Command-line contract of build/softlab (issue 3): CSV shape, exit codes, messages.
set -u
bin=${1:-build/softlab}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
check() { # name, condition (evaluated)
  if eval "$2"; then passed=$((passed + 1)); echo "ok $1"; else failed=$((failed + 1)); echo "not ok $1"; fi
}

$bin scenes > "$tmp/scenes"
check scenes_lists_swinging_cube 'grep -q "^swinging-cube" "$tmp/scenes"'
$bin methods > "$tmp/methods"
check methods_lists_four_steppers '[ "$(grep -cE "^(explicit-euler|symplectic-euler|implicit-euler|regularized) " "$tmp/methods")" = 4 ]'

$bin run --scene swinging-cube --method regularized --dt 0.05 --t-end 1 --csv "$tmp/r.csv"; rc=$?
check run_ok_exit_0 '[ $rc = 0 ]'
check csv_header '[ "$(head -n 1 "$tmp/r.csv")" = "t,x,y,z,energy,violation" ]'
check csv_rows_initial_plus_20_steps '[ "$(wc -l < "$tmp/r.csv")" = 22 ]'
check csv_first_row_is_node5_at_rest '[ "$(sed -n 2p "$tmp/r.csv" | cut -d, -f1-4)" = "0,1,0,1" ]'
# the tracked node falls: its height at t = 0.5 s is below -0.3 m (pendulum from rest)
check tracked_node_falls 'awk -F, "NR==12 { exit !(\$3 < -0.3) }" "$tmp/r.csv"'

$bin run --scene swinging-cube --method explicit-euler --dt 0.05 --t-end 2 --csv "$tmp/e.csv" 2> "$tmp/e.err"; rc=$?
check diverged_exit_1 '[ $rc = 1 ]'
check diverged_says_so 'grep -q "diverged at t =" "$tmp/e.err"'
check diverged_rows_up_to_divergence '[ "$(wc -l < "$tmp/e.csv")" -gt 2 ] && [ "$(wc -l < "$tmp/e.csv")" -lt 41 ]'
check diverged_rows_finite '! grep -qiE "nan|inf" "$tmp/e.csv"'

$bin run --scene nope --method regularized 2> "$tmp/err"; rc=$?
check unknown_scene_exit_2 '[ $rc = 2 ] && grep -q "unknown scene" "$tmp/err"'
$bin run --scene swinging-cube --method nope 2> "$tmp/err"; rc=$?
check unknown_method_exit_2 '[ $rc = 2 ] && grep -q "unknown method" "$tmp/err"'
$bin run --scene swinging-cube --dt abc 2> "$tmp/err"; rc=$?
check bad_number_exit_2 '[ $rc = 2 ] && grep -q "finite number" "$tmp/err"'
$bin run --scene swinging-cube --dt -1 2> "$tmp/err"; rc=$?
check negative_dt_exit_2 '[ $rc = 2 ] && grep -q "dt = -1" "$tmp/err"'
$bin run --scene swinging-cube --track 42 2> "$tmp/err"; rc=$?
check bad_track_exit_2 '[ $rc = 2 ] && grep -q "tracked node 42" "$tmp/err"'
$bin run --scene swinging-cube --t-end 1 --csv /nonexistent/dir/x.csv 2> "$tmp/err"; rc=$?
check unwritable_csv_exit_2 '[ $rc = 2 ] && grep -q "cannot write" "$tmp/err"'
$bin frobnicate 2> "$tmp/err"; rc=$?
check unknown_command_exit_2 '[ $rc = 2 ]'

echo "cli: $passed passed, $failed failed"
[ $failed = 0 ]
