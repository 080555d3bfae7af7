// The check of a large scenario off the page's thread: the same wasm `estimate()` the page's own
// module runs (read, validate and estimate in one pass), in a worker, so the tens to hundreds of
// milliseconds it takes at the documented limits never hold up a click; and the reader's first
// look at an imported file (`read_scenario_unchecked`), for the same reason. One request at a
// time, answered in order (checkClient.ts).
import init, { estimate, read_scenario_unchecked } from './pkg/tcplab_wasm.js';
import type { CheckReply, CheckRequest } from './checkClient';
import { describeThrown } from './errors';

const ready = init();

self.onmessage = async (e: MessageEvent<CheckRequest>) => {
  const req = e.data;
  let reply: CheckReply;
  try {
    await ready;
    if (req.kind === 'read') {
      const v = read_scenario_unchecked(req.bytes);
      reply = { id: req.id, ok: true, readable: v.readable, errors: v.errors };
    } else {
      const r = estimate(req.json);
      reply = { id: req.id, ok: true, errors: r.errors, estimate: r.estimate ?? null };
    }
  } catch (err) {
    reply = { id: req.id, ok: false, message: describeThrown(err).message };
  }
  self.postMessage(reply);
};
