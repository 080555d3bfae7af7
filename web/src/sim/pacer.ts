// The one place where wall-clock time maps to simulated time (the speed control).
// Pure: the caller passes the wall clock in, so it is testable without timers.

const NS_PER_MS = 1e6;

export class Pacer {
  private anchorWallMs: number;
  private anchorSimNs: number;
  private speed: number;

  /** @param speed simulated seconds per wall-clock second (`Infinity`: no pacing) */
  constructor(speed: number, wallMs: number, simNs = 0) {
    this.speed = Pacer.clean(speed);
    this.anchorWallMs = wallMs;
    this.anchorSimNs = simNs;
  }

  private static clean(speed: number): number {
    return speed > 0 && !Number.isNaN(speed) ? speed : Infinity;
  }

  /** The simulated time (ns) the run may reach by wall time `wallMs`. */
  target(wallMs: number): number {
    if (this.speed === Infinity) return Infinity;
    return this.anchorSimNs + (wallMs - this.anchorWallMs) * this.speed * NS_PER_MS;
  }

  /** Restart the mapping from (wallMs, simNs): after a pause or a speed change. */
  rebase(wallMs: number, simNs: number): void {
    this.anchorWallMs = wallMs;
    this.anchorSimNs = simNs;
  }

  setSpeed(speed: number, wallMs: number, simNs: number): void {
    this.speed = Pacer.clean(speed);
    this.rebase(wallMs, simNs);
  }

  get unlimited(): boolean {
    return this.speed === Infinity;
  }
}
