// The project's own promises about itself: CI runs the README's test command on every push and
// pull request, Pages deploys only what CI passed, one version number for the crates and the
// npm package (with a CHANGELOG entry), and the licence the manifests declare.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Step {
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  steps?: Step[];
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const workflow = (path: string) => load(read(path)) as Workflow;
const steps = (w: Workflow) => Object.values(w.jobs).flatMap((j) => j.steps ?? []);

/** The test command from the README's "two commands" block. */
function readmeTestCommand(): string {
  const line = read('README.md')
    .split('\n')
    .find((l) => /^npm test\b/.test(l));
  if (!line) throw new Error('README has no line starting with `npm test`');
  return (line.split('#')[0] ?? '').trim();
}

describe('CI workflow', () => {
  const ci = workflow('.github/workflows/ci.yml');

  it('runs on every push and every pull request', () => {
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(['push', 'pull_request']));
    // No branch filter: every push.
    expect(ci.on.push ?? null).toBeNull();
  });

  it("runs the README's test command", () => {
    const command = readmeTestCommand();
    expect(command).toBe('npm test');
    expect(steps(ci).map((s) => s.run?.trim())).toContain(command);
  });

  it('caches npm and cargo', () => {
    const node = steps(ci).find((s) => s.uses?.startsWith('actions/setup-node'));
    expect(node?.with?.cache).toBe('npm');
    expect(steps(ci).some((s) => s.uses?.startsWith('Swatinem/rust-cache'))).toBe(true);
  });

  it('the .ci/run entry point runs the same command', () => {
    expect(read('.ci/run')).toMatch(/\bnpm test\b/);
  });
});

describe('Pages workflow', () => {
  const pages = workflow('.github/workflows/pages.yml');
  const ci = workflow('.github/workflows/ci.yml');

  it('deploys only after the ci workflow passed on main', () => {
    const trigger = pages.on.workflow_run as { workflows: string[]; branches: string[] };
    expect(Object.keys(pages.on)).toEqual(['workflow_run']);
    expect(trigger.workflows).toEqual([ci.name]);
    expect(trigger.branches).toEqual(['main']);
    expect(pages.jobs.build?.if).toMatch(/workflow_run\.conclusion == 'success'/);
    expect(pages.jobs.deploy?.needs).toBe('build');
  });

  it('builds the commit that was tested', () => {
    const checkout = steps(pages).find((s) => s.uses?.startsWith('actions/checkout'));
    expect(checkout?.with?.ref).toMatch(/workflow_run\.head_sha/);
  });
});

describe('version and licence', () => {
  const pkg = JSON.parse(read('package.json')) as { version: string; license: string };
  const cargo = read('wasm/Cargo.toml');

  it('one version for the npm package and the crates, with a CHANGELOG entry', () => {
    const m = /\[workspace\.package\][^[]*?version\s*=\s*"([^"]+)"/.exec(cargo);
    expect(m?.[1]).toBe(pkg.version);
    expect(read('CHANGELOG.md')).toMatch(
      new RegExp(`^## ${pkg.version.replace(/\./g, '\\.')}\\b`, 'm'),
    );
  });

  it('the licence file is the licence the manifests declare', () => {
    expect(pkg.license).toBe('MIT');
    expect(cargo).toMatch(/license\s*=\s*"MIT"/);
    expect(read('LICENSE')).toMatch(/^MIT License/);
  });
});
