// npm test's builds in the background (scripts/lib/background.mjs): one after another, in their
// directory, at the lowest priority until waited for, each with its own exit status.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startInBackground } from '../../scripts/lib/background.mjs';

const posix = process.platform !== 'win32';

describe.skipIf(!posix)('startInBackground', () => {
  it('runs the jobs in order, in their directory, at nice 19, with their own status', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tcplab-bg-test-'));
    try {
      const wait = startInBackground([
        [
          'first',
          'sh',
          ['-c', 'pwd > where; ps -o nice= -p $$ > nice; echo one > order'],
          { cwd: dir },
        ],
        ['second', 'sh', ['-c', 'cat order > seen; exit 3'], { cwd: dir }],
      ]);
      expect(wait).not.toBeNull();
      expect(wait!.has('first')).toBe(true);
      expect(wait!.has('third')).toBe(false);
      // Waited for once both have ended: nothing raised their priority.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await wait!('second')).toBe(3);
      expect(await wait!('first')).toBe(0);
      expect(readFileSync(join(dir, 'where'), 'utf8').trim()).toBe(dir);
      expect(Number(readFileSync(join(dir, 'nice'), 'utf8'))).toBe(19);
      expect(readFileSync(join(dir, 'seen'), 'utf8').trim()).toBe('one');
      await expect(wait!('third')).rejects.toThrow(/no background job/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a job waited for while it runs ends with its status', async () => {
    const wait = startInBackground([['slow', 'sh', ['-c', 'sleep 1; exit 7']]]);
    expect(await wait!('slow')).toBe(7);
  });
});
