// The editor store: drafts that do not parse keep the last good value and block Run; structural
// edits and presets drop drafts; compare mode copies A into B.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  activeScenario,
  draftProblems,
  editScenario,
  editor,
  loadPreset,
  setActive,
  setDraft,
  setField,
  startCompare,
  stopCompare,
} from '../../web/src/state/editorStore';
import { addNode } from '../../web/src/scenario/graph';

beforeEach(() => {
  stopCompare();
  loadPreset('single');
});

describe('editor store', () => {
  it('commits parsed values and keeps unparsed text as a draft with its problem', () => {
    setField('topology.links[1].rate_bps', 10e6, '10');
    expect(activeScenario().topology.links[1]?.rate_bps).toBe(10e6);
    setDraft('topology.links[1].rate_bps', '1x', 'notNumber');
    expect(activeScenario().topology.links[1]?.rate_bps).toBe(10e6);
    expect(draftProblems(editor.get(), 'A')).toEqual([['topology.links[1].rate_bps', 'notNumber']]);
    editScenario((s) => addNode(s, 'host'));
    expect(draftProblems(editor.get(), 'A')).toEqual([]);
    expect(editor.get().preset).toBe('custom');
  });

  it('compares: B starts as a copy of A and is edited on its own', () => {
    startCompare();
    expect(editor.get().active).toBe('B');
    setField('topology.links[1].mtu_bytes', 9000);
    expect(editor.get().B?.topology.links[1]?.mtu_bytes).toBe(9000);
    expect(editor.get().A.topology.links[1]?.mtu_bytes).toBe(1500);
    setActive('A');
    expect(activeScenario().topology.links[1]?.mtu_bytes).toBe(1500);
    stopCompare();
    expect(editor.get().B).toBeNull();
  });
});
