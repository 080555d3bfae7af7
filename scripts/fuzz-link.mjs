#!/usr/bin/env node
// The link-decoding fuzz target (tests/fuzz/linkDecode.ts): links are decoded in TypeScript, so
// this target runs in Node, through Vite's module runner, with the page's wasm reader. Seeded and
// deterministic: the same seed and count try the same links on every machine.
//
//   node scripts/fuzz-link.mjs --inputs 3000 --seed 1    what the fuzz gate runs (a few seconds)
//   node scripts/fuzz-link.mjs --seconds 3600            the long run (random seed, printed)
//   node scripts/fuzz-link.mjs --hash '#v=2&…'           decode one link and print the answer
//
// Prints one summary line; exit status 1 when an input failed (each failure is printed with the
// link, so it can be replayed with --hash), 2 on bad arguments.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { ROOT } from './lib/paths.mjs';

function parseArgs(argv) {
  const opts = { seed: undefined, inputs: undefined, seconds: undefined, hash: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--hash') opts.hash = argv[++i];
    else if (a === '--seed' || a === '--inputs' || a === '--seconds') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 0) throw new Error(`${a} needs a whole number`);
      opts[a.slice(2)] = n;
    } else throw new Error(`unknown argument '${a}'`);
  }
  if (opts.inputs === undefined && opts.seconds === undefined && opts.hash === undefined) {
    opts.seconds = 60;
  }
  return opts;
}

/** Load the TypeScript target and the reader; returns { fuzzLinkDecode, decodeLink, reader }. */
async function load() {
  const { runnerImport } = await import('vite');
  const config = { configFile: false, logLevel: 'error', root: ROOT };
  const target = await runnerImport(join(ROOT, 'tests', 'fuzz', 'linkDecode.ts'), config);
  const readerMod = await runnerImport(join(ROOT, 'tests', 'unit', 'helpers', 'reader.ts'), config);
  const codec = await runnerImport(
    join(ROOT, 'web', 'src', 'scenario', 'link', 'linkCodec.ts'),
    config,
  );
  return {
    fuzzLinkDecode: target.module.fuzzLinkDecode,
    decodeLink: codec.module.decodeLink,
    reader: readerMod.module.reader,
  };
}

/** The summary line of a run (also the fuzz gate's note). */
export function summary(stats, seconds) {
  const refused = Object.entries(stats.refused)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return (
    `link_decode: ${stats.inputs} inputs in ${seconds.toFixed(1)} s, ${stats.opened} opened, ` +
    `refused: ${refused}; slowest ${stats.slowestMs.toFixed(0)} ms, peak ${stats.peakRssMb.toFixed(0)} MB`
  );
}

export async function main(argv) {
  const opts = parseArgs(argv);
  const { fuzzLinkDecode, decodeLink, reader } = await load();
  if (opts.hash !== undefined) {
    process.stdout.write(`${JSON.stringify(await decodeLink(opts.hash, reader), null, 1)}\n`);
    return 0;
  }
  const seed = opts.seed ?? (Date.now() % 2 ** 31) + 1;
  const t0 = Date.now();
  const stats = await fuzzLinkDecode(reader, {
    seed,
    inputs: opts.inputs,
    seconds: opts.seconds,
  });
  process.stdout.write(`${summary(stats, (Date.now() - t0) / 1000)} (seed ${seed})\n`);
  for (const f of stats.failures) {
    process.stdout.write(
      `FAILED input ${f.index} (${f.input.what}): ${f.problem}\n` +
        `  replay: node scripts/fuzz-link.mjs --hash '${f.input.hash.slice(0, 2000)}'\n`,
    );
  }
  return stats.failures.length > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (status) => process.exit(status),
    (e) => {
      process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exit(2);
    },
  );
}
