// Zoom and pan of the shared time axis, as pure functions on [t0, t1] windows inside the run's
// full span, so every plot and the keyboard handler agree.

export type Domain = [number, number];

/** The narrowest window allowed: a thousandth of the run (and never below 1 µs). */
function minSpan(full: Domain): number {
  return Math.max((full[1] - full[0]) / 1000, 1e-6);
}

/** Keep `d` inside `full` (shifting it, then cutting it), at least `minSpan` wide. */
export function clampDomain(d: Domain, full: Domain): Domain {
  const span = Math.min(full[1] - full[0], Math.max(d[1] - d[0], minSpan(full)));
  let t0 = d[0];
  if (t0 < full[0]) t0 = full[0];
  if (t0 + span > full[1]) t0 = full[1] - span;
  return [t0, t0 + span];
}

/** Zoom by `factor` (< 1 zooms in) keeping time `at` under the same pixel. */
export function zoomAt(d: Domain, full: Domain, at: number, factor: number): Domain {
  const f = Math.max(0, Math.min(1, (at - d[0]) / (d[1] - d[0] || 1)));
  const span = (d[1] - d[0]) * factor;
  return clampDomain([at - f * span, at - f * span + span], full);
}

/** Move the window by `dt` seconds. */
export function panBy(d: Domain, full: Domain, dt: number): Domain {
  return clampDomain([d[0] + dt, d[1] + dt], full);
}

/** Is `d` (nearly) the whole of `full`? */
export function isFull(d: Domain, full: Domain): boolean {
  const eps = (full[1] - full[0]) * 1e-9;
  return d[0] <= full[0] + eps && d[1] >= full[1] - eps;
}
