// The check of a large scenario off the page's thread: the same wasm `estimate()` the page's own
// module runs (read, validate and estimate in one pass), in a worker, so the tens to hundreds of
// milliseconds it takes at the documented limits never hold up a click. One request at a time,
// answered in order (checkClient.ts).
import init, { estimate } from './pkg/tcplab_wasm.js';
import type { CheckReply, CheckRequest } from './checkClient';
import { describeThrown } from './errors';

const ready = init();

self.onmessage = async (e: MessageEvent<CheckRequest>) => {
  const { id, json } = e.data;
  let reply: CheckReply;
  try {
    await ready;
    const r = estimate(json);
    reply = { id, ok: true, errors: r.errors, estimate: r.estimate ?? null };
  } catch (err) {
    reply = { id, ok: false, message: describeThrown(err).message };
  }
  self.postMessage(reply);
};
