// Per-student variants, the same as wasm/cli/src/assignment/variant.rs (shared fixtures in
// tests/fixtures/lessons/variants.json): FNV-1a 64 of `assignment id + "\n" + trimmed student
// id` seeds SplitMix64; the seed is drawn first (when asked for), then one index per parameter.
import type { Assignment, VariantParam } from './assignment';

const MASK = (1n << 64n) - 1n;

export function fnv1a64(text: string): bigint {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(text)) {
    h = ((h ^ BigInt(b)) * 0x100000001b3n) & MASK;
  }
  return h;
}

export class SplitMix64 {
  constructor(private state: bigint) {}

  next(): bigint {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  }
}

export interface Variant {
  seed: number | null;
  params: { param: VariantParam; value: unknown }[];
}

export function deriveVariant(a: Pick<Assignment, 'id' | 'variants'>, student: string): Variant {
  const rng = new SplitMix64(fnv1a64(`${a.id}\n${student.trim()}`));
  const range = a.variants?.seed;
  let seed: number | null = null;
  if (range) {
    const span = BigInt(Math.max(0, range.max - range.min)) + 1n;
    seed = range.min + Number(rng.next() % span);
  }
  const params = (a.variants?.params ?? []).map((param) => {
    const i = Number(rng.next() % BigInt(Math.max(1, param.values.length)));
    return { param, value: param.values[i] ?? null };
  });
  return { seed, params };
}
