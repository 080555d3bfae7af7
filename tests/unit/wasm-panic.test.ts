// Node-WASM: the panic hook. A panic in the model traps the call (RuntimeError: unreachable);
// last_panic() then gives the readable message, which also went to console.error. This file has
// its own wasm instance (Vitest isolates test files), which the panic leaves unusable for runs.
import { describe, expect, it, vi } from 'vitest';
import { last_panic, trigger_panic } from './helpers/wasm';

describe('panic hook', () => {
  it('keeps the message of a panic for last_panic() and logs it', () => {
    expect(last_panic()).toBeUndefined();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => trigger_panic('the model broke')).toThrow(/unreachable/);
    const message = last_panic();
    expect(message).toMatch(/^tcplab \d+\.\d+\.\d+ panicked at bindings\/src\/panic\.rs:\d+:\d+: /);
    expect(message).toMatch(/: the model broke$/);
    expect(logged).toHaveBeenCalledWith(message);
    logged.mockRestore();
  });
});
