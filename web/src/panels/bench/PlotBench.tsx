// A plot benchmark (open the page with `?bench=plot`): two series of a million points each,
// zoomed, panned and hovered every frame; the frame times are written to `data-result` for
// scripts/bench-plot.mjs. Not part of the lab.
import { useEffect, useMemo, useState } from 'react';
import type { PlotSpec } from '../../charts/plotSpec';
import { setCursor, setDomain } from '../../state/viewStore';
import { TimePlot } from '../plots/TimePlot';

const N = 1_000_000;
const SPAN = 1000;
const FRAMES = 240;

function synthetic(): PlotSpec {
  const x = new Float64Array(N);
  const a = new Float64Array(N);
  const b = new Float64Array(N);
  let w = 10;
  let seed = 1;
  for (let i = 0; i < N; i++) {
    x[i] = (i / N) * SPAN;
    w = w > 120 ? 60 : w + 0.0004 * (1 + (i % 7));
    seed = (seed * 1103515245 + 12345) % 2147483648;
    a[i] = w;
    b[i] = 80 + 30 * Math.sin(i / 5000) + (seed / 2147483648) * 20;
  }
  return {
    title: 'bench',
    xLabel: 'time (s)',
    yLabel: 'y',
    series: [
      { id: 'a', label: 'sawtooth', x, y: a, n: N, color: '#1f6fb2', width: 1.8 },
      { id: 'b', label: 'noise', x, y: b, n: N, color: '#c8641c', width: 1.2 },
    ],
    markers: [],
    refs: [{ id: 'r', label: 'ref', y: 100, color: '#c4405b' }],
  };
}

export function PlotBench() {
  const spec = useMemo(() => synthetic(), []);
  const [result, setResult] = useState('');
  useEffect(() => {
    let frame = 0;
    let last = performance.now();
    const times: number[] = [];
    const idle: number[] = [];
    let raf = 0;
    // First an idle phase (nothing changes): the frame rate the machine gives an empty page.
    const idleTick = (now: number) => {
      if (idle.length < 120 || frame === 0) {
        if (frame > 0) idle.push(now - last);
        last = now;
        frame++;
        raf = requestAnimationFrame(idleTick);
      } else {
        frame = 0;
        raf = requestAnimationFrame(tick);
      }
    };
    const tick = (now: number) => {
      if (frame > 0) times.push(now - last);
      last = now;
      frame++;
      // Alternate whole-run views, deep zooms and pans, with the cursor moving.
      const phase = frame % 60;
      if (phase < 20) setDomain(null);
      else {
        const width = SPAN / (1 + phase);
        const t0 = ((frame * 7) % 900) + 10;
        setDomain([t0, Math.min(SPAN, t0 + width)]);
      }
      setCursor((frame * 3.7) % SPAN);
      if (frame <= FRAMES) raf = requestAnimationFrame(tick);
      else {
        const sorted = [...times].sort((p, q) => p - q);
        const mean = times.reduce((s, t) => s + t, 0) / times.length;
        const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? NaN;
        const idleMean = idle.reduce((s2, t) => s2 + t, 0) / Math.max(1, idle.length);
        setResult(
          JSON.stringify({
            points: 2 * N,
            frames: times.length,
            meanMs: mean,
            p95Ms: p95,
            fps: 1000 / mean,
            idleFps: 1000 / idleMean,
          }),
        );
      }
    };
    raf = requestAnimationFrame(idleTick);
    return () => cancelAnimationFrame(raf);
  }, []);
  return (
    <div className="page">
      <TimePlot spec={spec} version={1} fullS={SPAN} size="normal" testId="bench" />
      <p data-testid="bench-result" data-result={result}>
        {result}
      </p>
    </div>
  );
}
