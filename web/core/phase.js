// The phase-portrait coordinates of a world's tracked node: a position q and its rate
// q̇, taken with each chart sample in the Worker (web/sim/sim-host.js) and drawn as q̇
// against q by the chart (web/chart/chart.js, plot "phase").
//
//   phaseAxis(phase, tracked, pins)
//       which coordinate, as the scene's table says (sl_scene_class.phase): 'angle', the
//       angle θ (rad) of the tracked node about the first pinned node, from the downward
//       vertical in the x-y plane (a pendulum); 'x', 'y' or 'z', that axis (the
//       oscillator's x; the height y by default). Returns {kind: 'angle', tracked, pivot} or
//       {kind: 'axis', tracked, axis: 0|1|2}; null without a tracked node.
//   phasePoint(axis, node)   node(i) -> {x, v}: node i's position and velocity (m, m/s)
//       {position, velocity, angle, angular_velocity} (m, m/s, rad, rad/s): the chosen
//       axis's coordinate and velocity, and for a pendulum also θ and θ̇ (else NaN).
//   phaseLabels(axis)   {q, p}: the chart's axis labels with units

const AXES = ['x', 'y', 'z'];

export function phaseAxis(phase, tracked, pins) {
  if (tracked < 0) return null;
  const pivot = pins.indexOf(1);
  if (phase === 'angle' && pivot >= 0 && pivot !== tracked) return { kind: 'angle', tracked, pivot };
  const axis = AXES.indexOf(phase);
  return { kind: 'axis', tracked, axis: axis >= 0 ? axis : 1 }; // 'angle' without a pivot: y
}

export function phasePoint(axis, node) {
  const { x, v } = node(axis.tracked);
  if (axis.kind === 'angle') {
    // θ from the downward vertical (−y) towards +x; θ̇ = (r × v)_z / |r|² in the x-y plane
    const o = node(axis.pivot);
    const rx = x[0] - o.x[0], ry = x[1] - o.x[1], vx = v[0] - o.v[0], vy = v[1] - o.v[1];
    return {
      position: x[0], velocity: v[0],
      angle: Math.atan2(rx, -ry), angular_velocity: (rx * vy - ry * vx) / (rx * rx + ry * ry),
    };
  }
  return { position: x[axis.axis], velocity: v[axis.axis], angle: NaN, angular_velocity: NaN };
}

export function phaseLabels(axis) {
  if (!axis) return null;
  // q and p are ids of the message table, worded on the page (web/chart/chart.js setPhase):
  // this runs in a Worker, which does not know the page's language
  if (axis.kind === 'angle') return { q: 'phase.angle', p: 'phase.angular_velocity', axis: '', qId: 'angle', pId: 'angular_velocity' };
  const a = AXES[axis.axis];
  return { q: 'phase.position_axis', p: 'phase.velocity_axis', axis: a, qId: 'position', pId: 'velocity' };
}
