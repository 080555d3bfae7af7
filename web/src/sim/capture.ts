// A packet capture of one flow: the scenario re-run in its own worker, as fast as possible, with
// the model's capture on (runs are deterministic, so these are the packets of the run on screen).
import { SimRun } from './bridge';
import type { PacketCapture } from './bridge';
import type { CaptureRequest } from './protocol';

export interface CaptureResult extends PacketCapture {
  /** Simulated time the capture covers, ns. */
  untilNs: number;
}

/** Start the capture; `cancel` stops it (the promise then rejects with 'cancelled'). */
export function capturePackets(
  scenarioJson: string,
  request: CaptureRequest,
): { result: Promise<CaptureResult>; cancel: () => void } {
  let run: SimRun | null = null;
  let reject: (e: Error) => void = () => {};
  const result = new Promise<CaptureResult>((resolve, fail) => {
    reject = fail;
    let got: PacketCapture | null = null;
    run = new SimRun(
      scenarioJson,
      { speed: Infinity, mode: 'capture', capture: request },
      {
        started: () => {},
        rows: () => {},
        paused: () => {},
        packets: (capture) => {
          got = capture;
        },
        done: (_summary, _hash, nowNs) => {
          if (got) resolve({ ...got, untilNs: nowNs });
          else fail(new Error('the run ended without a packet capture'));
        },
        failed: (message) => fail(new Error(message)),
      },
    );
  });
  return {
    result,
    cancel: () => {
      run?.stop();
      reject(new Error('cancelled'));
    },
  };
}
