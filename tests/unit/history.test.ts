// No silent overwrite: every wholesale replacement of the editor's scenario keeps the one it
// replaced (at most ten, newest first), "Undo" puts it back, and starting over after a crash
// keeps the scenario that broke the page.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  HISTORY_SIZE,
  listHistory,
  memoryBackend,
  useHistoryBackend,
} from '../../web/src/state/history';
import { editor, loadPreset, replaceScenario } from '../../web/src/state/editorStore';
import { recovery, startOver, undo } from '../../web/src/state/recovery';
import { presetScenario } from '../../web/src/scenario/presets';
import { DEFAULT_SCENARIO } from '../../web/src/scenario/defaultScenario';

const settle = () => new Promise((r) => setTimeout(r, 10));

describe('history', () => {
  beforeEach(() => {
    useHistoryBackend(memoryBackend());
    loadPreset('single');
  });

  it('keeps what a preset or an import replaced, and undo brings it back', async () => {
    const mine = { ...presetScenario('codel'), name: 'my work' };
    replaceScenario(mine);
    await settle();
    loadPreset('dumbbell');
    await settle();
    expect(recovery.get().undo?.A).toEqual(mine);
    await undo();
    expect(editor.get().A).toEqual(mine);
    // The dumbbell that undo replaced is kept in turn.
    const kept = await listHistory();
    expect(kept.some((e) => e.A.name === presetScenario('dumbbell').name)).toBe(true);
  });

  it(`keeps at most ${HISTORY_SIZE}, newest first`, async () => {
    for (let i = 0; i < HISTORY_SIZE + 5; i++) {
      replaceScenario({ ...DEFAULT_SCENARIO, name: `n${i}` });
      await settle();
    }
    const kept = await listHistory();
    expect(kept).toHaveLength(HISTORY_SIZE);
    expect(kept[0]!.A.name).toBe(`n${HISTORY_SIZE + 3}`);
  });

  it('starting over keeps the scenario that broke the page', async () => {
    const broken = { ...DEFAULT_SCENARIO, name: 'broken' };
    replaceScenario(broken);
    await settle();
    await startOver();
    expect(editor.get().A).toEqual(DEFAULT_SCENARIO);
    const kept = await listHistory();
    expect(kept[0]).toMatchObject({ reason: 'crash', A: broken });
  });
});
